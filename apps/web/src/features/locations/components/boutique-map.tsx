import type { Location } from '@mirror/contract';
import { useMemo } from 'react';
import landUrl from 'virtual:world-land-url';
import { MAP_HEIGHT, MAP_WIDTH, fitViewBox, project } from '../projection';
import styles from './locations.module.css';

export interface BoutiqueMapProps {
  locations: readonly Location[];
  activeId: string | null;
  onSelect: (id: string) => void;
}

/** The world drawn offline (Natural Earth 1:110m), framed on the boutiques shown, one pin each. */
export function BoutiqueMap({ locations, activeId, onSelect }: BoutiqueMapProps) {
  const pins = useMemo(() => locations.map((l) => ({ location: l, ...project(l.longitude, l.latitude) })), [locations]);
  const view = useMemo(() => fitViewBox(pins, { margin: 30, minWidth: 160 }), [pins]);
  // Pins keep the same on-screen size whatever the zoom.
  const scale = view.width / MAP_WIDTH;
  const r = Math.max(1.6, 5.5 * scale);
  return (
    <figure className={styles.map}>
      <svg viewBox={`${view.x.toFixed(1)} ${view.y.toFixed(1)} ${view.width.toFixed(1)} ${view.height.toFixed(1)}`} width={MAP_WIDTH} height={MAP_HEIGHT} role="img" aria-labelledby="map-caption" preserveAspectRatio="xMidYMid meet">
        <rect x={0} y={0} width={MAP_WIDTH} height={MAP_HEIGHT} className={styles.sea} />
        <use href={`${landUrl}#land`} className={styles.land} strokeWidth={0.6 * scale} />
        {pins.map(({ location, x, y }) => {
          const isActive = location.id === activeId;
          return (
            <g key={location.id} className={styles.pin} data-active={isActive || undefined} onClick={() => onSelect(location.id)}>
              <circle cx={x} cy={y} r={r * 2.4} className={styles.pinHalo} />
              <circle cx={x} cy={y} r={isActive ? r * 1.3 : r} className={styles.pinDot} strokeWidth={r * 0.35} />
              <title>{`${location.name}, ${location.city}`}</title>
            </g>
          );
        })}
      </svg>
      <figcaption id="map-caption" className="visually-hidden">
        Map of {locations.length} {locations.length === 1 ? 'location' : 'locations'}: {locations.map((l) => l.city).join(', ')}
      </figcaption>
    </figure>
  );
}
