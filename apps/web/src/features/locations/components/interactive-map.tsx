import type { Location } from '@mirror/contract';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import atlasUrl from 'virtual:world-atlas';
import { REDUCED_MOTION_QUERY, matchesMedia } from '../../../lib/media';
import type { AtlasManifest, AtlasTile } from '../atlas/atlas-types';
import { clusterLabel, clusterMarkers, clusterName, placeLabels, spreadAround, type Box } from '../map/cluster';
import {
  CITY_ZOOM,
  MAX_ZOOM,
  clampView,
  fitView,
  interpolateView,
  levelIndexFor,
  panBy,
  scaleOf,
  tilesIn,
  toScreen,
  visibleRect,
  zoomAt,
  type Size,
  type View,
} from '../map/view';
import { project } from '../projection';
import styles from './boutique-map.module.css';

export interface InteractiveMapProps {
  locations: readonly Location[];
  activeId: string | null;
  onSelect: (id: string) => void;
}

/* The atlas, fetched once per visit (immutable files). */
let manifestPromise: Promise<AtlasManifest> | null = null;
const loadedTiles = new Map<string, AtlasTile>();
const pendingTiles = new Map<string, Promise<void>>();

function loadManifest(): Promise<AtlasManifest> {
  manifestPromise ??= fetch(atlasUrl).then((r) => {
    if (!r.ok) throw new Error(`atlas ${r.status}`);
    return r.json() as Promise<AtlasManifest>;
  });
  manifestPromise.catch(() => {
    manifestPromise = null;
  });
  return manifestPromise;
}

function loadTile(url: string): Promise<void> {
  let pending = pendingTiles.get(url);
  if (!pending) {
    pending = fetch(url)
      .then((r) => (r.ok ? (r.json() as Promise<AtlasTile>) : Promise.reject(new Error(`tile ${r.status}`))))
      .then((tile) => void loadedTiles.set(url, tile))
      .catch(() => void pendingTiles.delete(url));
    pendingTiles.set(url, pending);
  }
  return pending;
}

const CLUSTER_RADIUS = 38;
const ZOOM_STEP = 2;

/**
 * One tile's paths, one pass of them (fills, or coasts and borders: every tile's fills go under every
 * tile's lines, so no tile paints over its neighbour's coast). Rendered once; only the transform above
 * them changes while the map moves.
 */
const TileLayer = memo(function TileLayer({ tile, pass, stroked }: { tile: AtlasTile; pass: 'fill' | 'line'; stroked: boolean }) {
  if (pass === 'fill')
    return (
      <g>
        {tile.countries.map((c, i) => (
          <path key={i} d={c.d} data-country={c.name} className={stroked ? styles.countryStroked : styles.country} />
        ))}
      </g>
    );
  return (
    <g>
      {tile.coast ? <path d={tile.coast} className={styles.coast} /> : null}
      {tile.borders ? <path d={tile.borders} className={styles.border} /> : null}
    </g>
  );
});

/** Approximate text widths (no layout pass): the serif city names and the spaced capitals of countries. */
const cityWidth = (text: string) => text.length * 7.4 + 4;
const countryWidth = (text: string) => text.length * 7.6;

interface Pin {
  key: string;
  kind: 'marker' | 'cluster';
  ids: string[];
  x: number;
  y: number;
  /** A spread member: the centre its leader line runs to. */
  from?: { x: number; y: number };
}

export default function InteractiveMap({ locations, activeId, onSelect }: InteractiveMapProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setViewState] = useState<View | null>(null);
  const viewRef = useRef<View | null>(null);
  const sizeRef = useRef<Size | null>(null);
  const frame = useRef<number | null>(null);
  const [spread, setSpread] = useState<{ ids: string[]; k: number } | null>(null);
  const [manifest, setManifest] = useState<AtlasManifest | null>(null);
  const [, tileLoaded] = useReducer((n: number) => n + 1, 0);
  const fittedFor = useRef<string | null>(null);
  const byId = useMemo(() => new Map(locations.map((l) => [l.id, l])), [locations]);
  const points = useMemo(() => locations.map((l) => ({ id: l.id, ...project(l.longitude, l.latitude) })), [locations]);
  const fitKey = points.map((p) => p.id).join(',');

  const apply = useCallback((next: View) => {
    viewRef.current = next;
    setViewState(next);
  }, []);

  const stop = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
  }, []);

  /** Go to a view, gliding there unless the visitor prefers reduced motion. */
  const go = useCallback(
    (target: View) => {
      stop();
      const from = viewRef.current;
      if (!from || matchesMedia(REDUCED_MOTION_QUERY)) {
        apply(target);
        return;
      }
      const start = performance.now();
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / 650);
        apply(interpolateView(from, target, 1 - (1 - t) ** 3));
        frame.current = t < 1 ? requestAnimationFrame(step) : null;
      };
      frame.current = requestAnimationFrame(step);
    },
    [apply, stop],
  );

  useEffect(() => {
    let live = true;
    // The atlas and its tiles are drawn in transitions: thousands of paths, rendered in short tasks.
    loadManifest()
      .then((m) => live && startTransition(() => setManifest(m)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  // The frame's size (its aspect ratio comes from the stylesheet).
  useLayoutEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    const measure = () => {
      const next = { width: el.clientWidth, height: el.clientHeight };
      if (next.width === 0 || next.height === 0) return;
      sizeRef.current = next;
      setSize((prev) => (prev && prev.width === next.width && prev.height === next.height ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Framed on the boutiques shown: at first, and whenever the filters change them; a resize keeps the view.
  useLayoutEffect(() => {
    if (!size) return;
    if (fittedFor.current !== fitKey || !viewRef.current) {
      fittedFor.current = fitKey;
      stop();
      setSpread(null);
      apply(fitView(points, size, { padding: 56, maxZoom: CITY_ZOOM }));
    } else apply(clampView(viewRef.current, size));
  }, [size, fitKey, points, apply, stop]);

  useEffect(() => stop, [stop]);

  // The tiles of the finest level for this view, fetched once the view has settled.
  useEffect(() => {
    if (!manifest || !view || !size) return;
    const timer = setTimeout(() => {
      const level = manifest.levels[levelIndexFor(manifest.levels, view.k)]!;
      const wanted = tilesIn(level.tiles, visibleRect(view, size)).filter((t) => t.url && !loadedTiles.has(t.url));
      for (const t of wanted) void loadTile(t.url!).then(() => startTransition(tileLoaded));
    }, 120);
    return () => clearTimeout(timer);
  }, [manifest, view, size]);

  // Wheel zoom around the pointer (a native listener: React's is passive and cannot keep the page still).
  useEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      const current = viewRef.current;
      const sz = sizeRef.current;
      if (!current || !sz) return;
      event.preventDefault();
      stop();
      const delta = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
      const box = el.getBoundingClientRect();
      apply(zoomAt(current, sz, Math.exp(-delta * 0.0022), { x: event.clientX - box.left, y: event.clientY - box.top }));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [apply, stop]);

  // Drag to pan; two fingers pinch to zoom.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button, a')) return;
    stop();
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    const current = viewRef.current;
    const sz = sizeRef.current;
    if (!previous || !current || !sz) return;
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId).map(([, p]) => p);
    const next = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, next);
    if (others.length === 0) {
      apply(panBy(current, sz, next.x - previous.x, next.y - previous.y));
      return;
    }
    const other = others[0]!;
    const before = Math.hypot(previous.x - other.x, previous.y - other.y);
    const after = Math.hypot(next.x - other.x, next.y - other.y);
    if (before < 1) return;
    const box = event.currentTarget.getBoundingClientRect();
    const mid = { x: (next.x + other.x) / 2 - box.left, y: (next.y + other.y) / 2 - box.top };
    apply(panBy(zoomAt(current, sz, after / before, mid), sz, (next.x - previous.x) / 2, (next.y - previous.y) / 2));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };

  const zoomBy = (factor: number) => {
    const current = viewRef.current;
    if (!current || !size) return;
    go(zoomAt(current, size, factor, { x: size.width / 2, y: size.height / 2 }));
  };
  const showAll = () => {
    setSpread(null);
    if (size) go(fitView(points, size, { padding: 56, maxZoom: CITY_ZOOM }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = viewRef.current;
    if (!current || !size) return;
    if (event.key === 'Escape' && spread) {
      setSpread(null);
      return;
    }
    if (event.target !== event.currentTarget) return;
    const step = 96;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      go(panBy(current, size, move[0], move[1]));
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(ZOOM_STEP);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoomBy(1 / ZOOM_STEP);
    } else if (event.key === '0') {
      event.preventDefault();
      showAll();
    }
  };

  /** A cluster opens: zoomed to frame its members; members no zoom separates are spread around it. */
  const expand = (ids: string[]) => {
    const current = viewRef.current;
    if (!current || !size) return;
    const members = points.filter((p) => ids.includes(p.id));
    let target = fitView(members, size, { padding: Math.min(96, Math.round(Math.min(size.width, size.height) * 0.18)), maxZoom: MAX_ZOOM });
    if (target.k > CITY_ZOOM) target = { ...target, k: Math.max(CITY_ZOOM, current.k) };
    target = clampView(target, size);
    const together = clusterMarkers(
      members.map((m) => ({ id: m.id, ...toScreen(m, target, size) })),
      CLUSTER_RADIUS,
    );
    setSpread(together.length === 1 ? { ids: [...ids].sort(), k: target.k } : null);
    go(target);
  };

  // A spread closes when the map is zoomed out of it (put right during the render that zooms out).
  if (spread && view && view.k < spread.k * 0.7) setSpread(null);

  if (!size || !view) return <div ref={frameRef} className={styles.surface} />;

  const s = scaleOf(view, size);
  const rect = visibleRect(view, size);

  // The finest level whose tiles for this view are all here (the world level always is).
  let layers: { key: string; tile: AtlasTile }[] = [];
  let levelName = '';
  if (manifest) {
    for (let i = levelIndexFor(manifest.levels, view.k); i >= 0; i -= 1) {
      const level = manifest.levels[i]!;
      const tiles = tilesIn(level.tiles, rect);
      const data = tiles.map((t) => ({
        key: t.url ?? `${level.name}-${t.rect.join(',')}`,
        tile: t.data ?? (t.url ? loadedTiles.get(t.url) : undefined),
      }));
      if (data.every((d) => d.tile)) {
        layers = data as { key: string; tile: AtlasTile }[];
        levelName = level.name;
        break;
      }
    }
  }

  // Markers and clusters on screen.
  const screen = points.map((p) => ({ id: p.id, ...toScreen(p, view, size) }));
  const pins: Pin[] = [];
  const spreads: { x: number; y: number; ids: string[] }[] = [];
  for (const cluster of clusterMarkers(screen, CLUSTER_RADIUS)) {
    if (cluster.ids.length === 1) pins.push({ key: cluster.ids[0]!, kind: 'marker', ids: cluster.ids, x: cluster.x, y: cluster.y });
    else if (spread && cluster.ids.every((id) => spread.ids.includes(id))) {
      spreads.push(cluster);
      spreadAround(cluster, cluster.ids.length).forEach((p, i) =>
        pins.push({ key: cluster.ids[i]!, kind: 'marker', ids: [cluster.ids[i]!], x: p.x, y: p.y, from: cluster }),
      );
    } else pins.push({ key: cluster.ids.join('+'), kind: 'cluster', ids: cluster.ids, x: cluster.x, y: cluster.y });
  }
  const inFrame = (p: { x: number; y: number }) => p.x >= 0 && p.y >= 0 && p.x <= size.width && p.y <= size.height;
  const shown = pins.filter(inFrame).sort((a, b) => a.x - b.x || a.y - b.y);

  // Labels: the active pin's first, then clusters by size, then markers, then a spread's city; countries last.
  // Nothing over a marker, the controls or the frame's edge.
  const frameBox: Box = { x0: 2, y0: 2, x1: size.width - 2, y1: size.height - 2 };
  const obstacles: Box[] = [
    ...shown.map((p) => {
      const r = p.kind === 'cluster' ? 17 : 8;
      return { x0: p.x - r, y0: p.y - r, x1: p.x + r, y1: p.y + r };
    }),
    { x0: size.width - 60, y0: 0, x1: size.width, y1: 132 },
  ];
  const cities = (ids: string[]) => ids.map((id) => byId.get(id)?.city ?? '');
  const cityLabels = [
    ...shown.map((p) => ({
      key: p.key,
      text: p.from ? (byId.get(p.ids[0]!)?.name ?? '') : p.kind === 'cluster' ? clusterLabel(cities(p.ids)) : cities(p.ids)[0]!,
      x: p.x,
      y: p.y,
      small: Boolean(p.from),
      rank: (p.ids.includes(activeId ?? '') ? 1000 : 0) + p.ids.length - (p.from ? 500 : 0),
      gap: p.kind === 'cluster' ? 21 : 12,
    })),
    ...spreads
      .filter(inFrame)
      .map((c) => ({ key: `spread-${c.ids.join('+')}`, text: cities(c.ids)[0]!, x: c.x, y: c.y, small: false, rank: 900, gap: 9 })),
  ]
    .sort((a, b) => b.rank - a.rank)
    .map((l) => {
      const w = l.small ? l.text.length * 6.2 + 4 : cityWidth(l.text);
      const h = l.small ? 14 : 20;
      const boxes: Box[] = [
        { x0: l.x + l.gap, y0: l.y - h / 2, x1: l.x + l.gap + w, y1: l.y + h / 2 },
        { x0: l.x - l.gap - w, y0: l.y - h / 2, x1: l.x - l.gap, y1: l.y + h / 2 },
        { x0: l.x - w / 2, y0: l.y + l.gap, x1: l.x + w / 2, y1: l.y + l.gap + h },
        { x0: l.x - w / 2, y0: l.y - l.gap - h, x1: l.x + w / 2, y1: l.y - l.gap },
      ];
      return { ...l, boxes };
    });
  const cityChoice = placeLabels(
    cityLabels.map((l) => l.boxes),
    obstacles,
    frameBox,
  );
  const placedCities = cityLabels.flatMap((l, i) =>
    cityChoice[i]! >= 0 ? [{ ...l, side: cityChoice[i]!, box: l.boxes[cityChoice[i]!]! }] : [],
  );
  const countryCandidates = (manifest?.labels ?? [])
    .map((l) => ({ ...l, p: toScreen(l, view, size), w: countryWidth(l.name) }))
    .filter(({ p, w, area }) => inFrame(p) && area * s * s > w * 16 * 5)
    .slice(0, 40);
  const countryChoice = placeLabels(
    countryCandidates.map(({ p, w }) => [{ x0: p.x - w / 2 - 6, y0: p.y - 9, x1: p.x + w / 2 + 6, y1: p.y + 9 }]),
    [...obstacles, ...placedCities.map((l) => l.box)],
    frameBox,
  );
  /** Where a label's text is anchored in its box: its start, its end (left of the pin), its centre. */
  const labelTransform = ({ side, box }: { side: number; box: Box }) =>
    side === 0
      ? `translate(${box.x0}px, ${(box.y0 + box.y1) / 2}px) translateY(-50%)`
      : side === 1
        ? `translate(${box.x1}px, ${(box.y0 + box.y1) / 2}px) translate(-100%, -50%)`
        : `translate(${(box.x0 + box.x1) / 2}px, ${(box.y0 + box.y1) / 2}px) translate(-50%, -50%)`;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the map pans and zooms under the keys and the pointer (WAI-ARIA has no map role: a group described as one)
    <div
      ref={frameRef}
      className={styles.surface}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the same: Tab reaches the map the keys move
      tabIndex={0}
      role="group"
      aria-roledescription="map"
      aria-label="Map of the boutiques"
      aria-describedby="boutique-map-help"
      data-testid="boutique-map"
      data-level={levelName}
      data-zoom={view.k.toFixed(2)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    >
      <p id="boutique-map-help" className="visually-hidden">
        Arrow keys move the map, plus and minus zoom, 0 shows every boutique.
      </p>
      <svg className={styles.svg} width={size.width} height={size.height} aria-hidden="true" data-ready={layers.length ? '' : undefined}>
        <g transform={`matrix(${s} 0 0 ${s} ${size.width / 2 - view.cx * s} ${size.height / 2 - view.cy * s})`}>
          {layers.map(({ key, tile }) => (
            <TileLayer key={key} tile={tile} pass="fill" stroked={levelName === manifest?.levels[0]?.name} />
          ))}
          {layers.map(({ key, tile }) => (
            <TileLayer key={key} tile={tile} pass="line" stroked={false} />
          ))}
        </g>
        {spreads.map((c) =>
          c.ids.map((id, i) => {
            const p = spreadAround(c, c.ids.length)[i]!;
            return <line key={id} x1={c.x} y1={c.y} x2={p.x} y2={p.y} className={styles.leader} />;
          }),
        )}
        {spreads.map((c) => (
          <circle key={c.ids.join('+')} cx={c.x} cy={c.y} r={2.5} className={styles.spreadCentre} />
        ))}
      </svg>
      <div className={styles.labels} aria-hidden="true">
        {countryCandidates.map((l, i) =>
          countryChoice[i]! >= 0 ? (
            <span
              key={l.name}
              className={styles.countryLabel}
              style={{ transform: `translate(${l.p.x}px, ${l.p.y}px) translate(-50%, -50%)` }}
            >
              {l.name}
            </span>
          ) : null,
        )}
        {placedCities.map((l) => (
          <span
            key={l.key}
            data-map-label=""
            className={l.small ? styles.nameLabel : styles.cityLabel}
            style={{ transform: labelTransform(l) }}
          >
            {l.text}
          </span>
        ))}
      </div>
      {shown.map((pin) => {
        const isActive = activeId !== null && pin.ids.includes(activeId);
        const style = { transform: `translate(${pin.x}px, ${pin.y}px)` };
        if (pin.kind === 'cluster') {
          const names = cities(pin.ids);
          return (
            <button
              key={pin.key}
              type="button"
              className={styles.cluster}
              style={style}
              data-active={isActive || undefined}
              aria-label={clusterName(names)}
              onClick={() => expand(pin.ids)}
            >
              <span aria-hidden="true">{pin.ids.length}</span>
            </button>
          );
        }
        const location = byId.get(pin.ids[0]!)!;
        return (
          <button
            key={pin.key}
            type="button"
            className={styles.marker}
            style={style}
            data-active={isActive || undefined}
            aria-label={location.name}
            aria-pressed={isActive}
            aria-controls={`boutique-${location.id}`}
            onClick={() => onSelect(location.id)}
          >
            <span aria-hidden="true" className={styles.dot} />
          </button>
        );
      })}
      <div className={styles.controls}>
        <button type="button" className={styles.control} aria-label="Zoom in" onClick={() => zoomBy(ZOOM_STEP)}>
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <path d="M6 1v10M1 6h10" />
          </svg>
        </button>
        <button type="button" className={styles.control} aria-label="Zoom out" onClick={() => zoomBy(1 / ZOOM_STEP)}>
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <path d="M1 6h10" />
          </svg>
        </button>
        <button type="button" className={styles.control} aria-label="Show every boutique" onClick={showAll}>
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <path d="M1 4V1h3M8 1h3v3M11 8v3H8M4 11H1V8" />
          </svg>
        </button>
      </div>
    </div>
  );
}
