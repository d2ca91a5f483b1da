/**
 * The web build as the prepared pages need it: Vite's manifest (each route module's chunk graph and
 * stylesheets), the entry's own tags in index.html, and public/start.js (decision 37).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** dist/.vite/manifest.json, written by the web build. */
export function readManifest(webDist: string): Manifest | undefined {
  return readJson(path.join(webDist, '.vite', 'manifest.json')) as Manifest | undefined;
}

/** The keys the entry loads itself (its static import graph): a route never preloads them again. */
export function entryGraph(manifest: Manifest): Set<string> {
  const keys = new Set<string>();
  const visit = (k: string) => {
    if (keys.has(k)) return;
    keys.add(k);
    for (const i of manifest[k]?.imports ?? []) visit(i);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return keys;
}

/** The chunk's own file and every chunk it imports statically, and their stylesheets (`skip` excluded). */
export function chunkGraph(manifest: Manifest, key: string, skip: Set<string>): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || skip.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return { scripts, styles };
}

/** public/start.js of the web build, addressed by its content hash (it is served with a 1 h cache). */
export function readStarter(webDist: string): { url: string } | undefined {
  const file = path.join(webDist, 'start.js');
  if (!existsSync(file)) return undefined;
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
  return { url: `/start.js?v=${hash}` };
}

/** A built stylesheet's text, when it can go into a `<style>` element (its URLs are absolute). */
export function readStylesheet(webDist: string, file: string): string | undefined {
  const full = path.join(webDist, file);
  if (!full.startsWith(webDist) || !existsSync(full)) return undefined;
  const css = readFileSync(full, 'utf8');
  return /<\/style/i.test(css) ? undefined : css;
}
