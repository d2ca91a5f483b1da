import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { PageLink } from '../../../components/layout/page-link';
import layout from '../../../components/layout/section.module.css';
import { PIECE_GRID_SIZES } from '../../../components/media/grid-sizes';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { AfterFirstPaint } from '../../../components/motion/after-first-paint';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths, to } from '../../../config/routes';
import { ApiError } from '../../../lib/errors';
import { formatPrice, humanize } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { collectionProductsQuery, collectionQuery } from '../api/catalog.queries';
import styles from './collection-detail-page.module.css';
import { ProductCard, productSubtitle } from './product-card';

export function CollectionDetailPage() {
  const { collectionId = '' } = useParams();
  const collection = useQuery(collectionQuery(collectionId));
  const items = useQuery({ ...collectionProductsQuery(collectionId), enabled: collection.isSuccess });
  const c = collection.data;
  const meta = (
    <PageMeta
      title={c?.name ?? (collection.isError ? 'Collection not found' : 'Collection')}
      description={c ? `${c.name}, ${humanize(c.season)} ${c.year}. ${c.description}`.slice(0, 160) : undefined}
    />
  );

  if (collection.isError) {
    const isMissing = collection.error instanceof ApiError && (collection.error.status === 404 || collection.error.status === 400);
    return (
      <div className={`${layout.container} ${styles.state}`}>
        {meta}
        {isMissing ? (
          <>
            <p className="eyebrow">The collections</p>
            <h1 id="page-title">This collection could not be found</h1>
            <PageLink to={paths.collections} className={buttonClassName({ variant: 'secondary' })}>
              All collections
            </PageLink>
          </>
        ) : (
          <QueryError error={collection.error} onRetry={() => void collection.refetch()} title="This collection could not be loaded" />
        )}
      </div>
    );
  }

  const sorted = [...(items.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const hero = sorted.find((item) => item.isHero) ?? sorted[0];
  const heroImage = hero?.product.images[0] ?? c?.coverImage ?? null;

  return (
    <article aria-labelledby="page-title">
      {meta}
      <header className={styles.hero}>
        <div className={styles.heroMedia}>
          {heroImage ? (
            <ResponsiveImage
              image={heroImage}
              sizes="(max-width: 1023px) 100vw, 50vw"
              isPriority
              alt={hero ? hero.product.name : heroImage.alt}
            />
          ) : (
            <Skeleton aspectRatio="4 / 5" />
          )}
        </div>
        <div className={styles.heroText}>
          {c ? (
            <>
              <p className="eyebrow">
                {humanize(c.season)} {c.year} · {c.productCount} {c.productCount === 1 ? 'piece' : 'pieces'}
              </p>
              <h1 id="page-title" className={styles.title}>
                {c.name}
              </h1>
              <span className={styles.rule} aria-hidden="true" />
              <p className={styles.story}>{c.description}</p>
              {hero ? (
                <p className={styles.heroPiece}>
                  <span className="eyebrow">The hero piece</span>
                  <PageLink to={to.product(hero.product.id)} className={styles.heroLink}>
                    {hero.product.name}
                  </PageLink>
                  <span className={styles.heroMeta}>
                    {productSubtitle(hero.product)} · {formatPrice(hero.product)}
                  </span>
                </p>
              ) : null}
            </>
          ) : (
            <div aria-hidden="true" data-testid="collection-loading">
              <Skeleton variant="text" width="40%" />
              <Skeleton height="4rem" width="80%" />
              <Skeleton height="6rem" />
            </div>
          )}
        </div>
      </header>
      {/* Below the full-height hero: rendered right after the first paint. */}
      <AfterFirstPaint>
        <section className={layout.section} aria-labelledby="pieces-title">
          <div className={layout.container}>
            <h2 id="pieces-title" className={styles.piecesTitle}>
              The pieces
            </h2>
            {items.isError ? (
              <QueryError error={items.error} onRetry={() => void items.refetch()} title="The pieces could not be loaded" />
            ) : items.isPending ? (
              <ul className={styles.grid} aria-hidden="true">
                {Array.from({ length: 4 }, (_, i) => (
                  <li key={i}>
                    <Skeleton aspectRatio="4 / 5" />
                  </li>
                ))}
              </ul>
            ) : sorted.length === 0 ? (
              <EmptyState title="The pieces of this collection are being finished">
                Visit us again soon, or book a private preview.
              </EmptyState>
            ) : (
              <ol className={styles.grid} data-testid="collection-pieces">
                {sorted.map((item) => (
                  <li key={item.product.id}>
                    <ProductCard product={item.product} sizes={PIECE_GRID_SIZES.collection} />
                  </li>
                ))}
              </ol>
            )}
          </div>
        </section>
      </AfterFirstPaint>
    </article>
  );
}
