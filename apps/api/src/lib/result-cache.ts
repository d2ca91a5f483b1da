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
 *
 * `afterWriteWaitMs` (decisions §127): after `clear()`, a read waits for its recount at most this long, then
 * answers the figure it had before the write while the recount finishes (as a search engine's index
 * refreshes behind its writes). A recount that takes less — every figure of a catalogue of thousands —
 * is still awaited, so a writer reads their own write; one that scans hundreds of thousands of rows no
 * longer holds every search behind it after each stock change. 0 (the default): always wait.
 */
export interface ResultCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Orphans every entry (of every cache in the group), so a refresh that started before a write cannot store pre-write figures. */
  clear(): void;
}

const groups = new WeakMap<object, Set<() => void>>();

export function createResultCache(ttlMs: number, maxEntries = 500, group?: object, afterWriteWaitMs = 0): ResultCache {
  interface Entry {
    value: unknown;
    hasValue: boolean;
    expires: number;
    pending: Promise<unknown> | null;
    /** Cleared by a write: the value is the figure from before it, served only once its recount is late. */
    isStale?: boolean;
    /** The recount of a stale entry outlasted one caller's wait: the callers after it do not wait again. */
    isLate?: boolean;
  }
  let entries = new Map<string, Entry>();
  const clearOwn = () => {
    const before = entries;
    entries = new Map();
    // A recount started before the write stays on the orphaned entry: it cannot store pre-write figures here.
    if (afterWriteWaitMs > 0)
      for (const [key, entry] of before)
        if (entry.hasValue) entries.set(key, { value: entry.value, hasValue: true, expires: 0, pending: null, isStale: true });
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
            Object.assign(target, { value, hasValue: true, expires: Date.now() + ttlMs, isStale: false, isLate: false });
            return value;
          })
          .finally(() => {
            target.pending = null;
          });
      }
      if (entry.isStale) {
        // After a write: the recount, unless it is late; then the figure from before the write.
        const target = entry;
        const stale = target.value as T;
        pending.catch(() => {});
        if (target.isLate) return Promise.resolve(stale);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<T>(
          (resolve) =>
            (timer = setTimeout(() => {
              target.isLate = true;
              resolve(stale);
            }, afterWriteWaitMs)),
        );
        return Promise.race([pending as Promise<T>, late]).finally(() => clearTimeout(timer));
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
