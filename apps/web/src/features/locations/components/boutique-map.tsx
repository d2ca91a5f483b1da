import type { Location } from '@mirror/contract';
import { Suspense, lazy } from 'react';
import { useIsLive } from '../../../lib/use-is-live';
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
 * size; once the page is live the map's chunk and the atlas load into it (Natural Earth countries,
 * finer as one zooms: interactive-map.tsx).
 */
export function BoutiqueMap({ locations, activeId, onSelect }: BoutiqueMapProps) {
  const isLive = useIsLive();
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
