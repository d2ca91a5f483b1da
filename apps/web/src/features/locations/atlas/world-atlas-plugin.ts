/**
 * Build-time only (imported by vite.config.ts, never by the app): the boutique map's geography,
 * from Natural Earth through the `world-atlas` package, projected with d3-geo into the map's world
 * units (../projection.ts) and cut into static JSON files the map fetches lazily — no tile server,
 * no CDN, nothing in the page's JavaScript:
 *
 * - level "110m" (the world, one file, inlined in the manifest), drawn from zoom 1;
 * - level "50m", tiles of 90°, drawn from zoom 3;
 * - level "10m", tiles of 18°, drawn from zoom 9 (a city: France drawn at Paris).
 *
 * Each tile holds the countries' fills clipped to the tile (one path per country, named), and the
 * coastlines and land borders as lines (strokes drawn on clipped fills would trace the tile edges).
 * Arcs are simplified once on the shared topology (Douglas–Peucker in projected units, at a
 * tolerance under half a pixel at the level's deepest zoom), so neighbours never open slivers.
 * The manifest (`world-<hash>.json`) carries the tiles' URLs and rectangles and the country labels;
 * `virtual:world-atlas` exports its URL. Files are content-hashed and immutable. Generating takes a
 * while (10m is 3.6 MB of TopoJSON), so the result is cached in node_modules/.cache, keyed by the
 * world-atlas version and this file's source.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoMercator, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, Geometry, LineString, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import type { Plugin } from 'vite';
import { MERCATOR_SCALE, WORLD, WORLD_WIDTH, intersects, project, type Rect } from '../projection';
import type { AtlasManifest, AtlasTile } from './atlas-types';

interface LevelSpec {
  name: string;
  source: string;
  minZoom: number;
  /** Douglas–Peucker tolerance, world units. */
  tolerance: number;
  digits: number;
  /** Tile width and height in world units; null: one tile, the world. */
  tileSize: number | null;
}

const LEVELS: LevelSpec[] = [
  { name: '110m', source: 'countries-110m.json', minZoom: 1, tolerance: 0.3, digits: 1, tileSize: null },
  { name: '50m', source: 'countries-50m.json', minZoom: 3, tolerance: 0.08, digits: 2, tileSize: 250 },
  { name: '10m', source: 'countries-10m.json', minZoom: 9, tolerance: 0.02, digits: 2, tileSize: 50 },
];

const require = createRequire(import.meta.url);
const projection = () =>
  geoMercator()
    .scale(MERCATOR_SCALE)
    .translate([WORLD_WIDTH / 2, WORLD_WIDTH / 2])
    .precision(0);

type Arc = [number, number][];

/** Douglas–Peucker on one arc, distances in projected units; both ends kept (they join other arcs). */
function simplifyArc(arc: Arc, tolerance: number): Arc {
  if (arc.length <= 2) return arc;
  const pts = arc.map(([lon, lat]) => project(lon, lat));
  const keep = new Uint8Array(arc.length);
  keep[0] = 1;
  keep[arc.length - 1] = 1;
  const stack: [number, number][] = [[0, arc.length - 1]];
  const t2 = tolerance * tolerance;
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const pa = pts[a]!;
    const pb = pts[b]!;
    const dx = pb.x - pa.x;
    const dy = pb.y - pa.y;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD = t2;
    for (let i = a + 1; i < b; i += 1) {
      const p = pts[i]!;
      let d: number;
      if (len2 === 0) d = (p.x - pa.x) ** 2 + (p.y - pa.y) ** 2;
      else {
        const cross = (p.x - pa.x) * dy - (p.y - pa.y) * dx;
        d = (cross * cross) / len2;
      }
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return arc.filter((_, i) => keep[i]);
}

/** The topology with absolute, simplified arcs (no transform). */
function simplified(topology: Topology, tolerance: number): Topology {
  const transform = topology.transform;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const abs: Arc = arc.map((position) => {
      const [px, py] = position as [number, number];
      if (!transform) return [px, py];
      x += px;
      y += py;
      return [x * transform.scale[0] + transform.translate[0], y * transform.scale[1] + transform.translate[1]];
    });
    return simplifyArc(abs, tolerance);
  });
  const { transform: _unused, ...rest } = topology;
  return { ...rest, arcs };
}

/**
 * d3's absolute path (`M x,yL x,y…Z`, polygons and lines only) rewritten with relative moves and
 * lines in integer steps of 10^-digits (the same points, about 40 % shorter).
 */
export function compactPath(d: string, digits: number): string {
  const unit = 10 ** digits;
  const fmt = (v: number) => {
    const s = String(v / unit);
    return s.startsWith('0.') ? s.slice(1) : s.startsWith('-0.') ? `-${s.slice(2)}` : s;
  };
  let out = '';
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  let last = '';
  for (const [, command, args] of d.matchAll(/([MLZ])([^MLZ]*)/g)) {
    if (command === 'Z') {
      out += 'z';
      cx = sx;
      cy = sy;
      last = 'z';
      continue;
    }
    const [x, y] = args!.split(',').map((v) => Math.round(Number(v) * unit)) as [number, number];
    const c = command === 'M' ? 'm' : 'l';
    const dx = fmt(x - cx);
    const dy = fmt(y - cy);
    const xy = `${dx}${dy.startsWith('-') ? '' : ' '}${dy}`;
    if (c === last) out += `${dx.startsWith('-') ? '' : ' '}${xy}`;
    else out += `${c}${xy}`;
    last = c;
    cx = x;
    cy = y;
    if (command === 'M') {
      sx = x;
      sy = y;
    }
  }
  return out;
}

const lines = (geometry: MultiLineString): LineString[] => geometry.coordinates.map((coordinates) => ({ type: 'LineString', coordinates }));

interface Item<G extends Geometry> {
  name?: string;
  geometry: G;
  bounds: Rect;
}

function boundsOf(geometry: Geometry): Rect {
  const [[x0, y0], [x1, y1]] = geoPath(projection()).bounds(geometry);
  return { x0, y0, x1, y1 };
}

function buildLevel(spec: LevelSpec): { tiles: { rect: Rect; data: AtlasTile }[]; labels: AtlasManifest['labels'] } {
  const raw = JSON.parse(readFileSync(require.resolve(`world-atlas/${spec.source}`), 'utf8')) as Topology;
  const topology = simplified(raw, spec.tolerance);
  const object = topology.objects.countries as GeometryCollection<{ name: string }>;
  // A country without a shape (a null geometry in the TopoJSON) is left out with Antarctica.
  const countries = (feature(topology, object).features as Feature<Polygon | MultiPolygon | null, { name: string }>[]).filter(
    (f): f is Feature<Polygon | MultiPolygon, { name: string }> => !!f.geometry && f.properties.name !== 'Antarctica',
  );
  const fills: Item<Polygon | MultiPolygon>[] = countries.map((f) => ({
    name: f.properties.name,
    geometry: f.geometry,
    bounds: boundsOf(f.geometry),
  }));
  const coast = lines(mesh(topology, object, (a, b) => a === b)).map((geometry) => ({ geometry, bounds: boundsOf(geometry) }));
  const borders = lines(mesh(topology, object, (a, b) => a !== b)).map((geometry) => ({ geometry, bounds: boundsOf(geometry) }));

  const rects: Rect[] = [];
  if (spec.tileSize === null) rects.push(WORLD);
  else
    for (let y0 = WORLD.y0; y0 < WORLD.y1; y0 += spec.tileSize)
      for (let x0 = 0; x0 < WORLD_WIDTH; x0 += spec.tileSize)
        rects.push({ x0, y0, x1: Math.min(WORLD_WIDTH, x0 + spec.tileSize), y1: Math.min(WORLD.y1, y0 + spec.tileSize) });

  const tiles: { rect: Rect; data: AtlasTile }[] = [];
  for (const rect of rects) {
    const clip = projection().clipExtent([
      [rect.x0, rect.y0],
      [rect.x1, rect.y1],
    ]);
    const draw = geoPath(clip).digits(spec.digits);
    const tileCountries: AtlasTile['countries'] = [];
    for (const item of fills) {
      if (!intersects(item.bounds, rect)) continue;
      const d = draw(item.geometry);
      if (d) tileCountries.push({ name: item.name!, d: compactPath(d, spec.digits) });
    }
    if (!tileCountries.length) continue;
    // One tile (the world): its fills are stroked, nothing to trace but the crop. Tiles: lines apart.
    const stroke = (items: Item<LineString>[]) =>
      spec.tileSize === null
        ? ''
        : compactPath(
            items
              .filter((i) => intersects(i.bounds, rect))
              .map((i) => draw(i.geometry) ?? '')
              .join(''),
            spec.digits,
          );
    tiles.push({ rect, data: { countries: tileCountries, coast: stroke(coast), borders: stroke(borders) } });
  }

  // Labels: each country's name at the centre of its largest polygon, with that polygon's area.
  const measure = geoPath(projection());
  const labels: AtlasManifest['labels'] = [];
  for (const f of countries) {
    const polygons: Polygon[] =
      f.geometry.type === 'Polygon' ? [f.geometry] : f.geometry.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
    let best: { area: number; centroid: [number, number] } | null = null;
    for (const polygon of polygons) {
      const area = measure.area(polygon);
      if (!best || area > best.area) best = { area, centroid: measure.centroid(polygon) };
    }
    if (!best || !Number.isFinite(best.centroid[0])) continue;
    const [x, y] = best.centroid;
    if (y < WORLD.y0 || y > WORLD.y1) continue;
    labels.push({
      name: f.properties.name,
      x: Math.round(x * 100) / 100,
      y: Math.round(y * 100) / 100,
      area: Math.round(best.area * 100) / 100,
    });
  }
  labels.sort((a, b) => b.area - a.area);
  return { tiles, labels };
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').replace(/[-_]/g, 'x').slice(0, 10);

interface Generated {
  /** File name → JSON text, tiles only. */
  files: Map<string, string>;
  /** The manifest with tile URLs relative (file names). */
  manifest: AtlasManifest;
}

function generate(cacheDir: string): Generated {
  const files = new Map<string, string>();
  const manifestFile = path.join(cacheDir, 'manifest.json');
  if (existsSync(manifestFile)) {
    for (const name of readdirSync(cacheDir))
      if (name !== 'manifest.json') files.set(name, readFileSync(path.join(cacheDir, name), 'utf8'));
    return { files, manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as AtlasManifest };
  }
  const manifest: AtlasManifest = { levels: [], labels: [] };
  for (const spec of LEVELS) {
    const { tiles, labels } = buildLevel(spec);
    if (spec.tileSize === null) manifest.labels = labels;
    const rounded = (r: Rect): [number, number, number, number] =>
      [r.x0, r.y0, r.x1, r.y1].map((v) => Math.round(v * 100) / 100) as [number, number, number, number];
    manifest.levels.push({
      name: spec.name,
      minZoom: spec.minZoom,
      tiles: tiles.map(({ rect, data }) => {
        if (spec.tileSize === null) return { rect: rounded(rect), data };
        const text = JSON.stringify(data);
        const col = Math.round(rect.x0 / spec.tileSize);
        const row = Math.round((rect.y0 - WORLD.y0) / spec.tileSize);
        const name = `atlas-${spec.name}-${col}-${row}-${hashOf(text)}.json`;
        files.set(name, text);
        return { rect: rounded(rect), url: name };
      }),
    });
  }
  mkdirSync(cacheDir, { recursive: true });
  for (const [name, text] of files) writeFileSync(path.join(cacheDir, name), text);
  writeFileSync(manifestFile, JSON.stringify(manifest));
  return { files, manifest };
}

/** The manifest with every tile URL under `prefix`. */
function withPrefix(manifest: AtlasManifest, prefix: string): string {
  return JSON.stringify({
    ...manifest,
    levels: manifest.levels.map((l) => ({ ...l, tiles: l.tiles.map((t) => (t.url ? { ...t, url: `${prefix}${t.url}` } : t)) })),
  });
}

export function worldAtlas(): Plugin {
  const id = 'virtual:world-atlas';
  const devPrefix = '/@mirror/atlas/';
  const source = readFileSync(fileURLToPath(import.meta.url), 'utf8');
  const version = (JSON.parse(readFileSync(require.resolve('world-atlas/package.json'), 'utf8')) as { version: string }).version;
  const key = hashOf(`${version}\n${source}\n${readFileSync(fileURLToPath(new URL('../projection.ts', import.meta.url)), 'utf8')}`);
  let root = process.cwd();
  let isBuild = false;
  let isSsr = false;
  let generated: Generated | undefined;
  const get = () => (generated ??= generate(path.join(root, 'node_modules/.cache/mirror-world-atlas', key)));
  return {
    name: 'mirror:world-atlas',
    configResolved(config) {
      root = config.root;
      isBuild = config.command === 'build';
      isSsr = Boolean(config.build.ssr);
    },
    configureServer(server) {
      server.middlewares.use(devPrefix, (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0]!;
        const text = name === 'world.json' ? withPrefix(get().manifest, devPrefix) : get().files.get(name);
        if (text === undefined) {
          next();
          return;
        }
        res.setHeader('Content-Type', 'application/json');
        res.end(text);
      });
    },
    resolveId: (s) => (s === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      if (!isBuild) return `export default ${JSON.stringify(`${devPrefix}world.json`)};`;
      const { files, manifest } = get();
      const text = withPrefix(manifest, '/assets/');
      const fileName = `assets/world-${hashOf(text)}.json`;
      // The server renderer only needs the name; the files go to the browser build.
      if (!isSsr) {
        this.emitFile({ type: 'asset', fileName, source: text });
        for (const [name, body] of files) this.emitFile({ type: 'asset', fileName: `assets/${name}`, source: body });
      }
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
  };
}
