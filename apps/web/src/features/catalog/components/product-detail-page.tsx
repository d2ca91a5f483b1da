import type { Product } from '@mirror/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { QueryError } from '../../../components/feedback/query-state';
import { PageLink } from '../../../components/layout/page-link';
import layout from '../../../components/layout/section.module.css';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths, to } from '../../../config/routes';
import { ApiError } from '../../../lib/errors';
import { formatPrice, humanize } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { categoryQuery, productCollectionQuery, productFacetsQuery, productQuery, SIBLINGS_SHOWN } from '../api/catalog.queries';
import styles from './product-detail-page.module.css';
import { ProductCard } from './product-card';
import { isRingCategory } from '../ring';

const AVAILABILITY_TEXT: Record<Product['availability'], string> = {
  IN_STOCK: 'Available in boutique',
  LOW_STOCK: 'Last pieces available',
  OUT_OF_STOCK: 'Made to order',
};

function Gallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const current = product.images[index] ?? product.images[0];
  if (!current) return <div className={styles.stage} aria-hidden="true" />;
  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        <ResponsiveImage image={current} sizes="(max-width: 1023px) 100vw, 55vw" isPriority alt={current.alt || product.name} />
      </div>
      {product.images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Views">
          {product.images.map((image, i) => (
            <li key={`${image.variant}-${i}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={i === index}
                aria-label={`Show view ${i + 1}: ${image.alt || humanize(image.variant)}`}
                onClick={() => setIndex(i)}
              >
                {/* `.thumb`'s width (the module's stylesheet): the 160w files (image-sizes.spec.ts checks it). */}
                <ResponsiveImage image={image} sizes="4.5rem" alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className={styles.layout} aria-hidden="true" data-testid="product-loading">
      <Skeleton aspectRatio="4 / 5" />
      <div className={styles.details}>
        <Skeleton variant="text" width="30%" />
        <Skeleton height="3.5rem" width="80%" />
        <Skeleton variant="text" width="25%" />
        <Skeleton height="8rem" />
      </div>
    </div>
  );
}

export function ProductDetailPage() {
  const { productId = '' } = useParams();
  const product = useQuery(productQuery(productId));
  // The product carries only its category's and designer's ids; the catalogue facets carry their names
  // (and are inlined with the piece on a first load: the page is rendered on the server complete).
  const facets = useQuery(productFacetsQuery({}));
  const categoryId = product.data?.categoryId ?? '';
  const categoryLabel = facets.data?.categories.find((c) => c.value === categoryId)?.label;
  // A piece the facets do not count (a draft an administrator previews) asks for its category itself.
  const category = useQuery({ ...categoryQuery(categoryId), enabled: Boolean(categoryId) && facets.isSuccess && !categoryLabel });
  const categoryName = categoryLabel ?? category.data?.name;
  // Rendered with the piece on a first load (the route prepares it); a draft an admin previews may have none.
  const collection = useQuery({ ...productCollectionQuery(productId), enabled: Boolean(product.data) }).data;
  const data = product.data;
  const meta = (
    <PageMeta
      title={data?.name ?? (product.isError ? 'Piece not found' : 'Piece')}
      description={data ? `${data.name} — ${data.description.slice(0, 140)}` : undefined}
    />
  );

  if (product.isPending)
    return (
      <div className={`${layout.container} ${styles.page}`}>
        {meta}
        <DetailSkeleton />
      </div>
    );
  if (product.isError) {
    const isMissing = product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
    return (
      <div className={`${layout.container} ${styles.page}`}>
        {meta}
        {isMissing ? (
          <div className={styles.missing}>
            <p className="eyebrow">High jewelry</p>
            <h1 id="page-title">This piece could not be found</h1>
            <PageLink to={paths.products} className={buttonClassName({ variant: 'secondary' })}>
              Browse the pieces
            </PageLink>
          </div>
        ) : (
          <QueryError error={product.error} onRetry={() => void product.refetch()} title="This piece could not be loaded" />
        )}
      </div>
    );
  }

  const p = product.data;
  const siblings = collection?.products.filter((item) => item.product.id !== p.id).slice(0, SIBLINGS_SHOWN) ?? [];
  const isRing = isRingCategory(categoryName);
  const gem = p.gemstone;
  const designer = facets.data?.designers.find((d) => d.value === p.designerId)?.label;
  const attributes: [string, string][] = [
    ['Reference', p.sku],
    ['Metal', humanize(p.metalType)],
    ...(categoryName ? [['Category', categoryName] as [string, string]] : []),
    ...(designer ? [['Designer', designer] as [string, string]] : []),
    ...(gem ? [['Stone', humanize(gem.type)] as [string, string]] : []),
    ...(gem?.carat ? [['Carat', `${gem.carat.toFixed(2)} ct`] as [string, string]] : []),
    ...(gem?.cut ? [['Cut', humanize(gem.cut)] as [string, string]] : []),
    ...(gem?.colour ? [['Colour', gem.colour] as [string, string]] : []),
    ...(gem?.clarity ? [['Clarity', gem.clarity] as [string, string]] : []),
  ];

  return (
    <article className={styles.page} aria-labelledby="page-title">
      {meta}
      <div className={layout.container}>
        <nav aria-label="Breadcrumb" className={styles.crumbs}>
          <PageLink to={paths.products}>Pieces</PageLink>
          <span aria-hidden="true">/</span>
          <span aria-current="page">{p.name}</span>
        </nav>
        <div className={styles.layout}>
          <Gallery product={p} />
          <div className={styles.details}>
            <p className={`eyebrow ${styles.collection}`}>
              {collection ? <PageLink to={to.collection(collection.id)}>{collection.name}</PageLink> : (categoryName ?? 'High jewelry')}
            </p>
            <h1 id="page-title" className={styles.title}>
              {p.name}
            </h1>
            <p className={styles.price} data-testid="product-price">
              {formatPrice(p)}
            </p>
            <p className={styles.availability}>
              <span className={styles.dot} data-state={p.availability} aria-hidden="true" />
              {AVAILABILITY_TEXT[p.availability]}
            </p>
            {p.description ? <p className={styles.description}>{p.description}</p> : null}
            <div className={styles.actions}>
              <PageLink to={to.appointment({ piece: p.name })} className={buttonClassName({ isBlock: true })}>
                Book an appointment
              </PageLink>
              {isRing ? (
                <div className={styles.secondary}>
                  <PageLink to={to.arRing(p.id)} className={buttonClassName({ variant: 'secondary' })}>
                    Try on
                  </PageLink>
                  <PageLink to={to.view360(p.id)} className={buttonClassName({ variant: 'secondary' })}>
                    360°
                  </PageLink>
                </div>
              ) : null}
            </div>
            <dl className={styles.attributes}>
              {attributes.map(([term, value]) => (
                <div key={term} className={styles.attribute}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p className={styles.note}>Complimentary engraving, sizing and lifetime care in every Mirror boutique.</p>
          </div>
        </div>
      </div>
      {siblings.length > 0 && collection ? (
        <section className={styles.more} aria-labelledby="more-title">
          <div className={layout.container}>
            <div className={styles.moreHead}>
              <h2 id="more-title" className={styles.moreTitle}>
                More from {collection.name}
              </h2>
              <PageLink to={to.collection(collection.id)} className={styles.moreLink}>
                The collection
              </PageLink>
            </div>
            <ul className={styles.moreGrid}>
              {siblings.map((item) => (
                <li key={item.product.id}>
                  <ProductCard product={item.product} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </article>
  );
}
