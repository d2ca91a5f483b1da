/** The boutique map's geography files (built by world-atlas-plugin.ts, read by the map). */

/** One tile: country fills clipped to the tile, and coastlines and land borders as lines. */
export interface AtlasTile {
  countries: { name: string; d: string }[];
  coast: string;
  borders: string;
}

export interface AtlasLevel {
  name: string;
  /** The zoom from which this level is drawn. */
  minZoom: number;
  /** `rect` = [x0, y0, x1, y1] in world units; the data inline (the world level) or at `url`. */
  tiles: { rect: [number, number, number, number]; url?: string; data?: AtlasTile }[];
}

export interface AtlasManifest {
  /** Coarsest first. */
  levels: AtlasLevel[];
  /** Country names at the centre of their largest polygon (world units) and its area (units²). */
  labels: { name: string; x: number; y: number; area: number }[];
}
