import type { Collection } from '@mirror/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { INTRO_SUBMIT_SECTION_ID } from '../../../components/layout/navbar';
import { PageLink } from '../../../components/layout/page-link';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths, to } from '../../../config/routes';
import { humanize } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { categoryQuery, collectionProductsQuery } from '../api/catalog.queries';
import styles from './immersive-showroom-page.module.css';
import { ProductCard } from './product-card';
import { Salon } from './showroom/salon';
import { roomCategoryIds, roomItems, showroomCollectionsQuery, showroomRooms } from './showroom/showroom-rooms';

const LIST_ID = 'showroom-list';

/** The salon above the list: the same collections and pieces, in 3D (three.js is fetched by the salon only). */
function SalonOfCollections({ collections }: { collections: readonly Collection[] }) {
  const items = useQueries({ queries: collections.map((c) => collectionProductsQuery(c.id)) });
  const rooms = showroomRooms(collections, (_, i) => items[i]?.data) ?? [];
  const categories = useQueries({ queries: roomCategoryIds(rooms).map((id) => categoryQuery(id)) });
  const categoryNames = new Map(categories.flatMap((q) => (q.data ? [[q.data.id, q.data.name] as const] : [])));
  return <Salon rooms={rooms} categoryNames={categoryNames} listId={LIST_ID} />;
}

function RoomPieces({ collection }: { collection: Collection }) {
  const items = useQuery(collectionProductsQuery(collection.id));
  if (items.isPending)
    return (
      <ul className={styles.row} aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className={styles.piece}>
            <Skeleton aspectRatio="4 / 5" />
          </li>
        ))}
      </ul>
    );
  if (items.isError) return <QueryError error={items.error} onRetry={() => void items.refetch()} title="The pieces could not be loaded" />;
  const pieces = roomItems(items.data);
  if (pieces.length === 0) return <p className={styles.quiet}>The pieces of this collection are being finished in our ateliers.</p>;
  return (
    <ol className={styles.row} aria-label={`Pieces of ${collection.name}`} data-testid="showroom-pieces">
      {pieces.map((item) => (
        <li key={item.product.id} className={styles.piece}>
          <ProductCard product={item.product} sizes="(max-width: 767px) 70vw, (max-width: 1023px) 40vw, 22vw" />
        </li>
      ))}
    </ol>
  );
}

function Room({ collection, index }: { collection: Collection; index: number }) {
  const titleId = `room-${collection.id}`;
  return (
    <section
      className={styles.room}
      aria-labelledby={titleId}
      data-side={index % 2 === 1 ? 'right' : 'left'}
      data-testid="showroom-collection"
    >
      <div className={styles.hero}>
        <div className={styles.heroMedia}>
          {collection.coverImage ? (
            <ResponsiveImage
              image={collection.coverImage}
              sizes="(max-width: 767px) 100vw, 50vw"
              alt={collection.coverImage.alt || collection.name}
              className={styles.heroImage}
            />
          ) : (
            <span className={styles.heroBlank} aria-hidden="true" />
          )}
        </div>
        <div className={styles.heroText}>
          <p className={`eyebrow ${styles.eyebrow}`}>
            {humanize(collection.season)} {collection.year}
          </p>
          <h2 id={titleId} className={styles.name}>
            {collection.name}
          </h2>
          {collection.description ? <p className={styles.story}>{collection.description}</p> : null}
          <PageLink to={to.collection(collection.id)} className={styles.link}>
            Discover the collection<span className="visually-hidden">: {collection.name}</span>
          </PageLink>
        </div>
      </div>
      <div className={styles.pieces}>
        <RoomPieces collection={collection} />
      </div>
    </section>
  );
}

/**
 * /immersive-showroom: the salon in 3D (glass cases of the featured collections' pieces), then the
 * same pieces written out room by room — the list keyboard and screen-reader visitors can read,
 * and what remains without WebGL.
 */
export function ImmersiveShowroomPage() {
  const collections = useQuery(showroomCollectionsQuery());

  let body;
  if (collections.isPending)
    body = (
      <div aria-hidden="true" data-testid="showroom-loading">
        <Skeleton className={styles.heroSkeleton} />
      </div>
    );
  else if (collections.isError)
    body = (
      <div className={styles.state}>
        <QueryError error={collections.error} onRetry={() => void collections.refetch()} title="The showroom could not be opened" />
      </div>
    );
  else if (collections.data.content.length === 0)
    body = (
      <div className={styles.state}>
        <EmptyState title="The next collections are being installed">
          <PageLink to={paths.collections}>See every collection</PageLink>
        </EmptyState>
      </div>
    );
  else body = collections.data.content.map((collection, i) => <Room key={collection.id} collection={collection} index={i} />);
  const hasCollections = collections.isSuccess && collections.data.content.length > 0;

  return (
    <article className={styles.page} aria-labelledby="page-title" data-testid="showroom">
      <PageMeta title="Immersive Showroom" description="Walk through the featured Mirror collections, room by room, after dark." />
      <div className={styles.intro}>
        <p className={`eyebrow ${styles.eyebrow}`}>Immersive showroom</p>
        <h1 id="page-title" className={styles.title}>
          After dark, the collections
        </h1>
        <p className={styles.lead}>Walk from case to case: each featured collection, its hero, and the pieces that tell its story.</p>
      </div>
      {collections.isPending || hasCollections ? <SalonOfCollections collections={hasCollections ? collections.data.content : []} /> : null}
      <section id={LIST_ID} className={styles.list} aria-labelledby="showroom-list-title" tabIndex={-1}>
        <div className={styles.listIntro}>
          <p className={`eyebrow ${styles.eyebrow}`}>Room by room</p>
          <h2 id="showroom-list-title" className={styles.listTitle}>
            The pieces in the cases
          </h2>
        </div>
        {body}
      </section>
      <div className={styles.end}>
        <PageLink to={paths.collections} className={styles.link}>
          Every collection
        </PageLink>
      </div>
      {/* In view, this section turns the navbar's logo into its submit variant (docs/product.md §2 Chrome). */}
      <section id={INTRO_SUBMIT_SECTION_ID} className={styles.submit} aria-labelledby="intro-submit-title">
        <p className={`eyebrow ${styles.eyebrow}`}>Mirror in Milan · Digital Jewelry Week</p>
        <h2 id="intro-submit-title" className={styles.submitTitle}>
          Your collection could be the next room
        </h2>
        <p className={styles.lead}>Designers and ateliers are invited to submit a portfolio for the Maison’s digital jewelry week.</p>
        <PageLink to={paths.jewelryWeek} className={buttonClassName({ variant: 'on-dark' })}>
          Submit a portfolio
        </PageLink>
      </section>
    </article>
  );
}
