import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/feedback/query-state';
import { PageLink } from '../../../components/layout/page-link';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths, to } from '../../../config/routes';
import { ApiError } from '../../../lib/errors';
import { formatPrice } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { productQuery } from '../api/catalog.queries';
import { productSubtitle } from './product-card';
import { Turntable } from './turntable/turntable';
import styles from './view-360-page.module.css';

function Notice({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <div className={styles.notice}>
      <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p>
      <h1 id="page-title" className={styles.noticeTitle}>
        {title}
      </h1>
      {children}
    </div>
  );
}

/** Without a piece to show: the pieces, and the collections they belong to (issue 12). */
function WaysOn() {
  return (
    <div className={styles.noticeActions}>
      <PageLink to={paths.products} className={buttonClassName({ variant: 'on-dark' })}>
        Browse the pieces
      </PageLink>
      <PageLink to={paths.collections} className={styles.back}>
        See the collections
      </PageLink>
    </div>
  );
}

function StageSkeleton() {
  return (
    <div className={styles.layout} aria-hidden="true" data-testid="view-loading">
      <Skeleton aspectRatio="4 / 5" className={styles.skeletonStage} />
      <div className={styles.details}>
        <Skeleton variant="text" width="40%" className={styles.skeletonLine} />
        <Skeleton height="3.5rem" width="80%" className={styles.skeletonLine} />
        <Skeleton variant="text" width="25%" className={styles.skeletonLine} />
      </div>
    </div>
  );
}

/** The piece the view shows: `?product=` ('' without one). */
export function view360ProductId(search: URLSearchParams): string {
  return search.get('product')?.trim() ?? '';
}

/** /view-360?product={id}: the piece in 3D on a turntable (its studio images without WebGL), with its name and price. */
export function View360Page() {
  const [search] = useSearchParams();
  const productId = view360ProductId(search);
  const product = useQuery({ ...productQuery(productId), enabled: productId !== '' });
  const p = product.data;

  let body: ReactNode;
  if (!productId) {
    body = (
      <Notice eyebrow="Up close" title="Choose a piece to see it up close">
        <p className={styles.noticeText}>Open any piece from the collection, then its 360° view, to study it on the studio stage.</p>
        <WaysOn />
      </Notice>
    );
  } else if (product.isPending) {
    body = <StageSkeleton />;
  } else if (product.isError) {
    const isMissing = product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
    body = isMissing ? (
      <Notice eyebrow="Up close" title="This piece could not be found">
        <p className={styles.noticeText}>It may have left the collection. The other pieces are waiting for you.</p>
        <WaysOn />
      </Notice>
    ) : (
      <div className={styles.notice}>
        <h1 id="page-title" className={styles.noticeTitle}>
          Up close
        </h1>
        <QueryError error={product.error} onRetry={() => void product.refetch()} title="This piece could not be loaded" />
      </div>
    );
  } else {
    const piece = product.data;
    body = (
      <div className={styles.layout}>
        <Turntable key={piece.id} productId={piece.id} name={piece.name} metal={piece.metalType} images={piece.images} />
        <div className={styles.details}>
          <p className={`eyebrow ${styles.eyebrow}`}>{productSubtitle(piece)}</p>
          <h1 id="page-title" className={styles.title}>
            {piece.name}
          </h1>
          <p className={styles.price} data-testid="view-price">
            {formatPrice(piece)}
          </p>
          <span className={styles.rule} aria-hidden="true" />
          <div className={styles.actions}>
            <PageLink to={to.appointment({ piece: piece.name })} className={buttonClassName({ variant: 'on-dark', isBlock: true })}>
              Book an appointment
            </PageLink>
            <PageLink to={to.product(piece.id)} className={styles.back}>
              <span aria-hidden="true">← </span>Back to the piece
            </PageLink>
          </div>
        </div>
      </div>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <PageMeta
        title={p ? `${p.name}, up close` : product.isError ? 'Piece not found' : 'Up close'}
        description={p ? `${p.name} in 3D on the Mirror turntable.` : undefined}
      />
      <div className={styles.inner}>{body}</div>
    </section>
  );
}
