import { useId, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth 1:110m countries, bundled into this lazy chunk only: no tiles, no network.
import countriesTopology from 'world-atlas/countries-110m.json';
import {
  MAP_HEIGHT,
  MAP_WIDTH,
  WORLD_VIEW,
  extendBounds,
  mainlandBounds,
  polygonsContain,
  polygonsToPath,
  project,
  unproject,
  viewAround,
  viewOfBounds,
  viewPointAt,
  type LonLat,
  type Polygon,
  type ViewBox,
} from '../geo';
import styles from './admin-locations.module.css';

interface Country {
  name: string;
  polygons: Polygon[];
  path: string;
}

let countriesCache: Country[] | null = null;

/** The countries, projected once per page load. */
function countries(): Country[] {
  if (countriesCache) return countriesCache;
  const topology = countriesTopology as unknown as Topology;
  const collection = feature(topology, topology.objects.countries as GeometryCollection<{ name: string }>);
  countriesCache = collection.features.flatMap((f) => {
    const g = f.geometry;
    const polygons =
      g.type === 'Polygon'
        ? [g.coordinates as unknown as Polygon]
        : g.type === 'MultiPolygon'
          ? (g.coordinates as unknown as Polygon[])
          : [];
    return polygons.length ? [{ name: f.properties.name, polygons, path: polygonsToPath(polygons) }] : [];
  });
  return countriesCache;
}

const normalise = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** The country under a point, if it is on land. */
function countryAt(point: LonLat): Country | null {
  return countries().find((c) => polygonsContain(c.polygons, point)) ?? null;
}

/** A country by the name typed in the form ('France'; 'United States' finds 'United States of America'). */
function countryNamed(name: string): Country | null {
  const wanted = normalise(name);
  if (wanted.length < 3) return null;
  const all = countries();
  return all.find((c) => normalise(c.name) === wanted) ?? all.find((c) => normalise(c.name).startsWith(wanted)) ?? null;
}

export type MapZoom = 'world' | 'country' | 'city';
const ZOOMS: { value: MapZoom; label: string }[] = [
  { value: 'world', label: 'World' },
  { value: 'country', label: 'Country' },
  { value: 'city', label: 'City' },
];

function viewFor(zoom: MapZoom, point: LonLat | null, countryName: string): ViewBox {
  if (zoom === 'world') return WORLD_VIEW;
  if (zoom === 'city' && point) return viewAround(point, 5);
  const country = (point && countryAt(point)) ?? countryNamed(countryName);
  const bounds = country ? mainlandBounds(country.polygons) : null;
  if (bounds) return viewOfBounds(point ? extendBounds(bounds, point) : bounds, { minWidth: 30 });
  return point ? viewAround(point, 40) : WORLD_VIEW;
}

export interface LocationMapProps {
  /** The typed coordinates; null while they are missing or out of range. */
  point: LonLat | null;
  /** The form's country, to frame the map before a point is set. */
  countryName: string;
  onPick: (point: LonLat) => void;
}

/**
 * Click the map to set the coordinates; the marker previews them. Typed coordinates move the marker
 * and frame their country; a click keeps the frame still so a second click can refine the point.
 */
export default function LocationMap({ point, countryName, onPick }: LocationMapProps) {
  const captionId = useId();
  const [zoom, setZoom] = useState<MapZoom>(point ? 'country' : 'world');
  // The frame follows typed coordinates, not clicked ones (which are the same point already in view).
  const [focus, setFocus] = useState<LonLat | null>(point);
  const [pickedKey, setPickedKey] = useState<string | null>(null);
  // `point` is read through its key: a new object with the same coordinates changes nothing.
  const pointKey = point ? `${point.latitude},${point.longitude}` : '';
  const [framedKey, setFramedKey] = useState(pointKey);
  if (framedKey !== pointKey) {
    // New coordinates that were typed, not clicked: frame them (state adjusted while rendering).
    setFramedKey(pointKey);
    if (pickedKey !== pointKey) {
      setPickedKey(null);
      setFocus(point);
      if (point) setZoom((current) => (current === 'world' ? 'country' : current));
    }
  }

  const view = useMemo(() => viewFor(zoom, focus ?? point, countryName), [zoom, focus, point, countryName]);
  const all = useMemo(() => countries(), []);
  const here = point ? countryAt(point) : null;
  const scale = view.width / MAP_WIDTH;
  const marker = point ? project(point.longitude, point.latitude) : null;

  function pick(next: LonLat) {
    setPickedKey(`${next.latitude},${next.longitude}`);
    onPick(next);
  }

  function onClick(event: MouseEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    // More decimals when zoomed in: a pixel is then a few metres.
    const decimals = zoom === 'city' ? 4 : zoom === 'country' ? 3 : 2;
    pick(unproject(viewPointAt(view, box, event.clientX, event.clientY), decimals));
  }

  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    // A step is 2% of the view (10% with Shift), from the marker or the view's centre.
    const step = (view.width / 50) * (event.shiftKey ? 5 : 1);
    const from = marker ?? { x: view.x + view.width / 2, y: view.y + view.height / 2 };
    pick(unproject({ x: from.x + move[0] * step, y: from.y + move[1] * step }, 4));
  }

  const r = 7 * scale;
  return (
    <figure className={styles.map}>
      <div className={styles.mapBar}>
        <div className={styles.zooms} role="group" aria-label="Map zoom">
          {ZOOMS.map((z) => (
            <button
              key={z.value}
              type="button"
              className={styles.zoom}
              aria-pressed={zoom === z.value}
              disabled={z.value === 'city' && !point}
              onClick={() => {
                // Zooming frames the marker where it is now.
                setFocus(point);
                setZoom(z.value);
              }}
            >
              {z.label}
            </button>
          ))}
        </div>
        <p className={styles.secondary} aria-live="polite">
          {point ? `${point.latitude.toFixed(4)}, ${point.longitude.toFixed(4)}${here ? ` · ${here.name}` : ' · at sea'}` : 'No point yet'}
        </p>
      </div>
      <svg
        className={styles.mapSvg}
        viewBox={`${view.x.toFixed(3)} ${view.y.toFixed(3)} ${view.width.toFixed(3)} ${view.height.toFixed(3)}`}
        preserveAspectRatio="none"
        role="application"
        aria-roledescription="map"
        aria-label="Map: click, or use the arrow keys, to place the location"
        aria-describedby={captionId}
        tabIndex={0}
        data-testid="location-map"
        data-view={`${view.x.toFixed(1)} ${view.y.toFixed(1)} ${view.width.toFixed(1)} ${view.height.toFixed(1)}`}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <rect x={0} y={0} width={MAP_WIDTH} height={MAP_HEIGHT} className={styles.sea} />
        {all.map((c, i) => (
          <path key={`${c.name}-${i}`} d={c.path} className={c === here ? styles.landHere : styles.land} strokeWidth={0.5 * scale} />
        ))}
        {marker ? (
          <g className={styles.marker} data-testid="map-marker" pointerEvents="none">
            <line x1={marker.x - r * 2.2} x2={marker.x + r * 2.2} y1={marker.y} y2={marker.y} strokeWidth={0.8 * scale} />
            <line x1={marker.x} x2={marker.x} y1={marker.y - r * 2.2} y2={marker.y + r * 2.2} strokeWidth={0.8 * scale} />
            <circle cx={marker.x} cy={marker.y} r={r} strokeWidth={1.6 * scale} />
          </g>
        ) : null}
      </svg>
      <figcaption id={captionId} className={styles.mapCaption}>
        Click the map to set the coordinates, or type them. Zoom to the country or the city to refine the point.
      </figcaption>
    </figure>
  );
}
