import type { Location } from '@mirror/contract';
import { Suspense, lazy } from 'react';
import { useIsAfterLoad } from '../../../lib/after-load';
import styles from './boutique-map.module.css';

export interface BoutiqueMapProps {
  locations: readonly Location[];
  activeId: string | null;
  onSelect: (id: string) => void;
}

/* The map is its own chunk, with its geography in static files: neither is part of the page's first load. */
const InteractiveMap = lazy(() => import('./interactive-map'));

/**
 * The boutique map. The server (and the first, hydrating render) draws its quiet frame at its final
 * size; once the page has loaded and the browser is idle, the map's chunk and the atlas load into it
 * (Natural Earth countries, finer as one zooms: interactive-map.tsx) — in a transition (useIsAfterLoad's), which
 * React splits into short tasks, never in the task that ends the hydration (decision 0120).
 */
export function BoutiqueMap({ locations, activeId, onSelect }: BoutiqueMapProps) {
  const isLive = useIsAfterLoad();
  const cities = [...new Set(locations.map((l) => l.city))];
  return (
    <figure className={styles.map} aria-labelledby="boutique-map-caption">
      <div className={styles.frame}>
        {isLive ? (
          <Suspense fallback={null}>
            <InteractiveMap locations={locations} activeId={activeId} onSelect={onSelect} />
          </Suspense>
        ) : null}
      </div>
      <figcaption id="boutique-map-caption" className="visually-hidden">
        Map of {locations.length} {locations.length === 1 ? 'boutique' : 'boutiques'}: {cities.join(', ')}
      </figcaption>
    </figure>
  );
}
