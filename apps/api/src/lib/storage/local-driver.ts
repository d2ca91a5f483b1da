import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, type StorageDriver, type StoredObject } from './storage';

/** Files on local disk under `<root>/<key>`, with the content type kept in a `.meta` sidecar. */
export function createLocalDriver(root: string): StorageDriver {
  const resolve = (key: string) => {
    assertSafeKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  };

  return {
    kind: 'local',
    async put(key, body, contentType) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${full}.${randomUUID()}.tmp`;
      await writeFile(tmp, body);
      await writeFile(`${full}.meta`, JSON.stringify({ contentType }));
      await rename(tmp, full);
    },
    async get(key): Promise<StoredObject | null> {
      const full = resolve(key);
      try {
        const [info, meta] = await Promise.all([stat(full), readFile(`${full}.meta`, 'utf8')]);
        const { contentType } = JSON.parse(meta) as { contentType: string };
        return { body: createReadStream(full), contentType, size: info.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const full = resolve(key);
      await rm(full, { force: true });
      await rm(`${full}.meta`, { force: true });
    },
    async exists(key) {
      try {
        await stat(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
