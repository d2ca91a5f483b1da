import type { Collection } from '@mirror/contract';
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/feedback/query-state';
import { PageLink } from '../../../components/layout/page-link';
import { PIECE_GRID_SIZES } from '../../../components/media/grid-sizes';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { Reveal } from '../../../components/motion/reveal';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths, to } from '../../../config/routes';
import { humanize } from '../../../lib/format';
import { collectionsQuery, featuredProductsQuery } from '../api/catalog.queries';
import styles from './home-sections.module.css';
import { ProductCard } from './product-card';

export const featuredCollectionsQuery = () => collectionsQuery({ featured: true, size: 4 });

function CollectionBand({ collection, index }: { collection: Collection; index: number }) {
  return (
    <Reveal as="article" className={styles.band} aria-labelledby={`band-${collection.id}`}>
      <div className={styles.bandMedia} data-side={index % 2 ? 'end' : 'start'}>
        {collection.coverImage ? (
          <ResponsiveImage
            image={collection.coverImage}
            sizes="(max-width: 767px) 100vw, 50vw"
            alt={collection.coverImage.alt || collection.name}
          />
        ) : null}
      </div>
      <div className={styles.bandText}>
        <p className="eyebrow">
          {humanize(collection.season)} {collection.year}
        </p>
        <h3 id={`band-${collection.id}`} className={styles.bandTitle}>
          {collection.name}
        </h3>
        <p className={styles.bandStory}>{collection.description}</p>
        <PageLink to={to.collection(collection.id)} className={styles.textLink}>
          Discover the collection
        </PageLink>
      </div>
    </Reveal>
  );
}

export function FeaturedCollections() {
  const collections = useQuery(featuredCollectionsQuery());
  return (
    <section className={styles.section} aria-labelledby="home-collections">
      <div className={styles.head}>
        <p className="eyebrow">The collections</p>
        <h2 id="home-collections" className={styles.title}>
          Seasons of light
        </h2>
      </div>
      {collections.isPending ? (
        <div className={styles.band} aria-hidden="true">
          <Skeleton aspectRatio="4 / 5" />
          <div className={styles.bandText}>
            <Skeleton variant="text" width="40%" />
            <Skeleton height="3rem" width="70%" />
          </div>
        </div>
      ) : collections.isError ? (
        <QueryError error={collections.error} onRetry={() => void collections.refetch()} title="The collections could not be loaded" />
      ) : (
        <div className={styles.bands}>
          {collections.data.content.slice(0, 3).map((collection, i) => (
            <CollectionBand key={collection.id} collection={collection} index={i} />
          ))}
        </div>
      )}
      <p className={styles.more}>
        <PageLink to={paths.collections} className={styles.textLink}>
          All collections
        </PageLink>
      </p>
    </section>
  );
}

export function FeaturedPieces() {
  const pieces = useQuery(featuredProductsQuery(4));
  return (
    <Reveal as="section" className={`${styles.section} ${styles.tinted}`} aria-labelledby="home-pieces">
      <div className={styles.head}>
        <p className="eyebrow">Featured pieces</p>
        <h2 id="home-pieces" className={styles.title}>
          Chosen by the Maison
        </h2>
      </div>
      {pieces.isError ? (
        <QueryError error={pieces.error} onRetry={() => void pieces.refetch()} title="The pieces could not be loaded" />
      ) : (
        <ul className={styles.pieces}>
          {pieces.isPending
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={i} aria-hidden="true">
                  <Skeleton aspectRatio="4 / 5" />
                </li>
              ))
            : pieces.data.content.slice(0, 4).map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} sizes={PIECE_GRID_SIZES.home} />
                </li>
              ))}
        </ul>
      )}
      <p className={styles.more}>
        <PageLink to={paths.products} className={styles.textLink}>
          All pieces
        </PageLink>
      </p>
    </Reveal>
  );
}
