import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type CSSProperties } from 'react';
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

/** How many collections the page shows, and so how many panels share the screen. */
const PANEL_COUNT = 6;

/**
 * The panels' share of the screen comes from their number, given to the list before any panel: a panel's
 * size must not depend on the panels after it, or the browser's first paint of the server's HTML, made
 * before the parser reached the last panels, lays out fewer and wider ones (decision 0122).
 */
const panelsStyle = (count: number) => ({ '--panels': count }) as CSSProperties;

/**
 * The covers fill their panels (object-fit: cover) and are portraits (4:5): a phone's strip is the screen's
 * width; a wide screen's panel, open or closed, is the screen's height tall, so its cover is 0.8 of that wide
 * (wider than the panel, which crops it) and the open one at least its 4/9 of the width.
 */
const COVER_SIZES = '(max-width: 767px) 100vw, max(45vw, 80vh)';

/** Full-screen collection panels: hover or focus opens one; on touch the first tap opens, the second enters. */
export function HoverExpandPage() {
  const collections = useQuery(collectionsQuery({ size: PANEL_COUNT }));
  const [active, setActive] = useState(0);
  const lastPointer = useRef<string>('mouse');
  const list = collections.data?.content.slice(0, PANEL_COUNT) ?? [];

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
        <div className={styles.panels} style={panelsStyle(PANEL_COUNT)} aria-hidden="true">
          {Array.from({ length: PANEL_COUNT }, (_, i) => (
            <span key={i} className={styles.panel} data-active={i === 0 || undefined}>
              <Skeleton height="100%" />
            </span>
          ))}
        </div>
      ) : (
        <ul className={styles.panels} style={panelsStyle(list.length)} data-testid="expand-panels">
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
                  <ResponsiveImage image={collection.coverImage} sizes={COVER_SIZES} isPriority={i === 0} isLowPriority={i > 0} alt="" />
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
