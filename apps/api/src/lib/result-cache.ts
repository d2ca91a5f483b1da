import { currentReadRoute } from '../db/read-routing';

/**
 * Answers that cost a scan (exact totals, counts, facets, statistics) kept per key: fresh for `ttlMs`;
 * after that the last answer is served while a single refresh runs in the background, so concurrent
 * callers never queue behind identical scans. Writes through this process call `clear()` (the next read
 * waits for fresh figures); other instances may show figures up to about TTL old. Rows themselves are
 * never cached.
 *
 * Caches created with the same `group` (the database handle) clear together: figures derived from the
 * same tables go stale together, so a product write also clears the collections' counts and a
 * membership change the products' totals, whichever service made it.
 */
export interface ResultCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Orphans every entry (of every cache in the group), so a refresh that started before a write cannot store pre-write figures. */
  clear(): void;
}

const groups = new WeakMap<object, Set<() => void>>();

export function createResultCache(ttlMs: number, maxEntries = 500, group?: object): ResultCache {
  interface Entry {
    value: unknown;
    hasValue: boolean;
    expires: number;
    pending: Promise<unknown> | null;
  }
  let entries = new Map<string, Entry>();
  const clearOwn = () => {
    entries = new Map();
  };
  let members: Set<() => void> | undefined;
  if (group) {
    members = groups.get(group);
    if (!members) groups.set(group, (members = new Set()));
    members.add(clearOwn);
  }
  return {
    get<T>(requestedKey: string, load: () => Promise<T>): Promise<T> {
      // With a read replica (db/read-routing.ts): its answers are kept apart from the primary's, and a writer in
      // its read-your-writes window gets fresh figures whichever instance answers.
      const route = currentReadRoute();
      if (route === 'primary-after-write') return load();
      const key = route === 'replica' ? `replica:${requestedKey}` : requestedKey;
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entry = { value: undefined, hasValue: false, expires: 0, pending: null };
        entries.set(key, entry);
      }
      if (entry.hasValue && entry.expires > Date.now()) return Promise.resolve(entry.value as T);
      let pending = entry.pending;
      if (!pending) {
        const target = entry;
        pending = target.pending = load()
          .then((value) => {
            Object.assign(target, { value, hasValue: true, expires: Date.now() + ttlMs });
            return value;
          })
          .finally(() => {
            target.pending = null;
          });
      }
      if (entry.hasValue) {
        pending.catch(() => {});
        return Promise.resolve(entry.value as T);
      }
      return pending as Promise<T>;
    },
    clear: () => {
      if (!members) {
        clearOwn();
        return;
      }
      for (const clear of members) clear();
    },
  };
}
