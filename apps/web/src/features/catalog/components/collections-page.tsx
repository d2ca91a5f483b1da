import type { Collection } from '@mirror/contract';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import layout from '../../../components/layout/section.module.css';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { Skeleton } from '../../../components/ui/skeleton';
import { to } from '../../../config/routes';
import { humanize } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { collectionsQuery } from '../api/catalog.queries';
import styles from './collections-page.module.css';

const SEASON_ORDER = ['HOLIDAY', 'WINTER', 'AUTUMN', 'SUMMER', 'SPRING'];

/** Collections grouped by year (newest first), seasons in reverse calendar order within a year. */
export function groupByYear(collections: readonly Collection[]): { year: number; collections: Collection[] }[] {
  const years = new Map<number, Collection[]>();
  for (const c of collections) years.set(c.year, [...(years.get(c.year) ?? []), c]);
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, list]) => ({
      year,
      collections: list.sort((a, b) => SEASON_ORDER.indexOf(a.season) - SEASON_ORDER.indexOf(b.season) || a.name.localeCompare(b.name)),
    }));
}

function CollectionTile({ collection, isPriority }: { collection: Collection; isPriority: boolean }) {
  return (
    <article className={styles.tile}>
      <PageLink to={to.collection(collection.id)} className={styles.tileLink}>
        <div className={styles.media}>
          {collection.coverImage ? (
            <ResponsiveImage
              image={collection.coverImage}
              sizes="(max-width: 767px) 100vw, 50vw"
              isPriority={isPriority}
              alt={collection.coverImage.alt || collection.name}
            />
          ) : null}
        </div>
        <p className="eyebrow">
          {humanize(collection.season)} {collection.year} · {collection.productCount} {collection.productCount === 1 ? 'piece' : 'pieces'}
        </p>
        <h3 className={styles.name}>{collection.name}</h3>
        {collection.description ? <p className={styles.text}>{collection.description}</p> : null}
      </PageLink>
    </article>
  );
}

export function CollectionsPage() {
  const collections = useQuery(collectionsQuery());
  let body;
  if (collections.isPending)
    body = (
      <div className={styles.grid} aria-hidden="true" data-testid="collections-loading">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className={styles.tile}>
            <Skeleton aspectRatio="4 / 5" />
            <Skeleton variant="text" width="30%" />
            <Skeleton variant="text" width="60%" />
          </div>
        ))}
      </div>
    );
  else if (collections.isError)
    body = <QueryError error={collections.error} onRetry={() => void collections.refetch()} title="The collections could not be loaded" />;
  else if (collections.data.content.length === 0)
    body = <EmptyState title="New collections are being prepared">Our ateliers will present them here soon.</EmptyState>;
  else {
    let index = 0;
    body = groupByYear(collections.data.content).map((group) => (
      <section key={group.year} className={styles.year} aria-labelledby={`year-${group.year}`}>
        <h2 id={`year-${group.year}`} className={styles.yearTitle}>
          {group.year}
        </h2>
        <div className={styles.grid}>
          {group.collections.map((collection) => (
            // The first cover alone is the largest paint, on a phone (one tile a row, the second below the first
            // screen: fetched at high priority there, it took 28 KB from the first's) and on a desktop (two of a
            // size: the first painted is the largest).
            <CollectionTile key={collection.id} collection={collection} isPriority={index++ === 0} />
          ))}
        </div>
      </section>
    ));
  }
  return (
    <div className={layout.sectionTight}>
      <PageMeta
        title="Collections"
        description="The Mirror high jewelry collections, season by season: stories in diamonds, sapphires and gold."
      />
      <PageIntro
        eyebrow="The collections"
        title="Seasons of light"
        lead="Each season, the Maison composes a collection around one idea — a garden, a constellation, a city at night."
      />
      <div className={layout.container}>{body}</div>
    </div>
  );
}
