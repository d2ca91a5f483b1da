import type { Product } from '@mirror/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { RecordHistory } from '../../../components/record-history';
import { buttonClassName } from '../../../components/ui/button';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths, to } from '../../../config/routes';
import { ApiError } from '../../../lib/errors';
import { humanize } from '../../../lib/format';
import { adminProductQuery, productEditorOptionsQuery } from '../api/admin-products.queries';
import { useProductScope } from '../scope';
import { EditorSkeleton } from './editor/editor-skeleton';
import { ProductForm } from './editor/product-form';
import styles from './editor/product-editor.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function subtitleOf(product: Product): string {
  const state = product.deletedAt ? 'In the Trash' : humanize(product.status);
  return [product.sku, state, product.isFeatured ? 'Featured' : null].filter(Boolean).join(' · ');
}

function useCrumbs() {
  return [{ label: 'Products', to: useProductScope().listPath }];
}

function NewProduct() {
  const scope = useProductScope();
  const crumbs = useCrumbs();
  const choices = useQuery(productEditorOptionsQuery(scope.kind));
  return (
    <WorkspacePage
      title="New piece"
      crumbs={crumbs}
      subtitle={
        scope.isAdmin
          ? 'Every field of the piece; it is saved as a draft unless you choose otherwise.'
          : 'Saved as a draft: Mirror reviews it and puts it on the site.'
      }
    >
      {choices.isPending ? (
        <EditorSkeleton />
      ) : choices.isError ? (
        <QueryError error={choices.error} onRetry={() => void choices.refetch()} title="The editor could not be loaded" />
      ) : (
        <ProductForm options={choices.data} />
      )}
    </WorkspacePage>
  );
}

function NotFound() {
  const crumbs = useCrumbs();
  const { listPath } = useProductScope();
  return (
    <WorkspacePage title="Piece not found" crumbs={crumbs}>
      <EmptyState title="This piece does not exist">
        <p>It may have been deleted permanently, or the address is mistyped.</p>
        <p>
          <Link className={buttonClassName({ variant: 'secondary', size: 'small' })} to={listPath}>
            Back to the products
          </Link>
        </p>
      </EmptyState>
    </WorkspacePage>
  );
}

function EditProduct({ id }: { id: string }) {
  const scope = useProductScope();
  const crumbs = useCrumbs();
  const piece = useQuery({
    ...adminProductQuery(id, scope.kind),
    enabled: UUID.test(id),
    retry: (count, error) => !isMissing(error) && count < 2,
  });
  const choices = useQuery(productEditorOptionsQuery(scope.kind));
  if (!UUID.test(id) || (piece.isError && isMissing(piece.error))) return <NotFound />;
  if (piece.isError || choices.isError) {
    return (
      <WorkspacePage title="Piece" crumbs={crumbs}>
        <QueryError
          error={piece.error ?? choices.error}
          title="This piece could not be loaded"
          onRetry={() => {
            if (piece.isError) void piece.refetch();
            if (choices.isError) void choices.refetch();
          }}
        />
      </WorkspacePage>
    );
  }
  if (piece.isPending || choices.isPending) {
    return (
      <WorkspacePage title="Piece" crumbs={crumbs}>
        <EditorSkeleton />
      </WorkspacePage>
    );
  }
  const product = piece.data;
  return (
    <WorkspacePage
      title={product.name}
      crumbs={crumbs}
      subtitle={subtitleOf(product)}
      actions={
        product.deletedAt && scope.isAdmin ? (
          <Link className={buttonClassName({ variant: 'secondary', size: 'small' })} to={paths.adminProductTrash}>
            Open the Trash
          </Link>
        ) : (
          <a
            className={`${buttonClassName({ variant: 'secondary', size: 'small' })} ${styles.headerLink}`}
            href={to.product(product.id)}
            target="_blank"
            rel="noopener noreferrer"
          >
            View on site<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )
      }
    >
      {/* A new key per piece: another piece's URL starts a fresh form. */}
      <ProductForm key={product.id} product={product} options={choices.data} />
      {/* The audit trail is the house's (GET /api/audit is ADMIN only): a vendor's editor has none. */}
      {scope.isAdmin ? <RecordHistory entityType="PRODUCT" entityId={product.id} version={product.updatedAt} /> : null}
    </WorkspacePage>
  );
}

/** /dashboard/admin/manage-products/new and /dashboard/admin/manage-products/:productId */
export default function ProductEditorPage() {
  const { productId } = useParams();
  return productId ? <EditProduct id={productId} /> : <NewProduct />;
}
