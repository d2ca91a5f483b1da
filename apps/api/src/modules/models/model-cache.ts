/**
 * Built models by hash: the last few in memory (LRU), all of them on disk under DATA_DIR/models
 * (written whole, then renamed into place). The disk is a best effort: when it cannot be written
 * the models are simply built again after a restart.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ModelCache {
  get(hash: string, build: () => Promise<Uint8Array>): Promise<Uint8Array>;
}

export function createModelCache({
  dir,
  maxEntries = 64,
  onError,
}: {
  dir: string | null;
  maxEntries?: number;
  onError?: (err: unknown) => void;
}): ModelCache {
  const memory = new Map<string, Uint8Array>();
  const building = new Map<string, Promise<Uint8Array>>();
  let dirReady: Promise<boolean> | null = null;

  const remember = (hash: string, bytes: Uint8Array) => {
    memory.delete(hash);
    memory.set(hash, bytes);
    while (memory.size > maxEntries) memory.delete(memory.keys().next().value!);
  };
  const ensureDir = () =>
    (dirReady ??= dir
      ? mkdir(dir, { recursive: true }).then(
          () => true,
          (err: unknown) => {
            onError?.(err);
            return false;
          },
        )
      : Promise.resolve(false));
  const fileOf = (hash: string) => path.join(dir!, `${hash}.glb`);

  async function load(hash: string, build: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const canUseDisk = await ensureDir();
    if (canUseDisk) {
      const stored = await readFile(fileOf(hash)).catch(() => null);
      if (stored) return new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength);
    }
    const bytes = await build();
    if (canUseDisk) {
      const tmp = `${fileOf(hash)}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes)
        .then(() => rename(tmp, fileOf(hash)))
        .catch((err: unknown) => onError?.(err));
    }
    return bytes;
  }

  return {
    async get(hash, build) {
      const hit = memory.get(hash);
      if (hit) {
        remember(hash, hit);
        return hit;
      }
      // one build per hash at a time, however many ask for it
      let pending = building.get(hash);
      if (!pending) {
        pending = load(hash, build).finally(() => building.delete(hash));
        building.set(hash, pending);
      }
      const bytes = await pending;
      remember(hash, bytes);
      return bytes;
    },
  };
}
