import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { QueryError } from '../../../components/feedback/query-state';
import { PageLink } from '../../../components/layout/page-link';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { Skeleton } from '../../../components/ui/skeleton';
import { brand } from '../../../config/brand';
import { paths, to } from '../../../config/routes';
import { humanize } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { collectionsQuery } from '../api/catalog.queries';
import styles from './hover-expand-page.module.css';

/** Full-screen collection panels: hover or focus opens one; on touch the first tap opens, the second enters. */
export function HoverExpandPage() {
  const collections = useQuery(collectionsQuery({ size: 6 }));
  const [active, setActive] = useState(0);
  const lastPointer = useRef<string>('mouse');
  const list = collections.data?.content.slice(0, 6) ?? [];

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <PageMeta
        title="The collections, unfolded"
        description="The Mirror collections as full-screen panels — open one to enter its world."
      />
      <header className={styles.header}>
        <PageLink to={paths.home} className={styles.wordmark} aria-label={`${brand.name} — home`}>
          {brand.name.toUpperCase()}
        </PageLink>
        <h1 id="page-title" className={styles.heading}>
          The collections
        </h1>
      </header>
      {collections.isError ? (
        <div className={styles.state}>
          <QueryError error={collections.error} onRetry={() => void collections.refetch()} title="The collections could not be loaded" />
        </div>
      ) : collections.isPending ? (
        <div className={styles.panels} aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className={styles.panel} height="100%" />
          ))}
        </div>
      ) : (
        <ul className={styles.panels} data-testid="expand-panels">
          {list.map((collection, i) => (
            <li key={collection.id} className={styles.panel} data-active={i === active || undefined} onMouseEnter={() => setActive(i)}>
              <PageLink
                to={to.collection(collection.id)}
                className={styles.link}
                aria-expanded={i === active}
                onFocus={() => setActive(i)}
                onPointerDown={(e) => {
                  lastPointer.current = e.pointerType;
                }}
                onClick={(e) => {
                  // On touch there is no hover: the first tap opens the panel, the next one enters.
                  if (lastPointer.current === 'touch' && i !== active) {
                    e.preventDefault();
                    setActive(i);
                  }
                }}
              >
                {collection.coverImage ? (
                  <ResponsiveImage image={collection.coverImage} sizes="(max-width: 767px) 100vw, 60vw" isPriority={i < 2} alt="" />
                ) : null}
                <span className={styles.shade} aria-hidden="true" />
                <span className={styles.caption}>
                  <span className={styles.season}>
                    {humanize(collection.season)} {collection.year}
                  </span>
                  <span className={styles.name}>{collection.name}</span>
                  <span className={styles.enter}>Enter the collection</span>
                </span>
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
