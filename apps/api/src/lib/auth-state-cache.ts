/**
 * The sign-in state of the accounts seen in the last few seconds (decisions §110). A back-office page
 * sends a burst of requests (its list, facets, counts, the signed-in user); each one had to read the
 * account's row to honour a disabled account, a role change or a password change at once. This keeps
 * that row for `ttlMs`, without giving up the "at once":
 * - every committed change to an account's sign-in state calls `changed`, which forgets it here and
 *   tells the other instances (through Redis when configured: lib/auth-state-bus.ts);
 * - a read that was in flight when a change landed is returned to its caller but not kept (it may
 *   have read the row before the change committed);
 * - without Redis, another instance of the API sees a change within `ttlMs` at the latest.
 */
/** Told after a change to these accounts' sign-in state has committed (a service's dependency). */
export type AuthStateChanged = (userIds: Iterable<string | null | undefined>) => void;

export interface AuthStateCache<S> {
  /** The account's state: from the cache when fresh, else `load` (one load at a time per account). */
  read(id: string, load: (id: string) => Promise<S | null>): Promise<S | null>;
  /** These accounts' sign-in state changed (the change has committed): forget them here and everywhere. */
  changed(ids: Iterable<string | null | undefined>): void;
  /** Forget these accounts (or everything) on this instance only: another instance announced a change. */
  forget(ids: Iterable<string> | 'all'): void;
  /** Where `changed` announces the accounts to the other instances. */
  announceWith(announce: (ids: string[]) => void): void;
  readonly size: number;
}

export interface AuthStateCacheOptions {
  /** How long a state read is used; 0 reads the row on every request. */
  ttlMs: number;
  /** At most this many accounts are kept (the oldest go first). */
  maxEntries?: number;
  now?: () => number;
}

export function createAuthStateCache<S>({ ttlMs, maxEntries = 10_000, now = Date.now }: AuthStateCacheOptions): AuthStateCache<S> {
  const entries = new Map<string, { state: S; until: number }>();
  const inFlight = new Map<string, Promise<S | null>>();
  // Bumped by every forget: a load that started before it must not be kept.
  let generation = 0;
  let announce: ((ids: string[]) => void) | undefined;

  function forget(ids: Iterable<string> | 'all'): void {
    generation += 1;
    if (ids === 'all') {
      entries.clear();
      inFlight.clear();
      return;
    }
    for (const id of ids) {
      entries.delete(id);
      inFlight.delete(id);
    }
  }

  async function loadAndKeep(id: string, load: (id: string) => Promise<S | null>): Promise<S | null> {
    const seen = generation;
    const state = await load(id);
    if (state !== null && seen === generation) {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(id, { state, until: now() + ttlMs });
    }
    return state;
  }

  return {
    async read(id, load) {
      if (ttlMs <= 0) return load(id);
      const hit = entries.get(id);
      if (hit) {
        if (hit.until > now()) return hit.state;
        entries.delete(id);
      }
      const pending = inFlight.get(id);
      if (pending) return pending;
      const loading: Promise<S | null> = loadAndKeep(id, load).finally(() => {
        if (inFlight.get(id) === loading) inFlight.delete(id);
      });
      inFlight.set(id, loading);
      return loading;
    },

    changed(ids) {
      const list = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id !== ''))];
      if (list.length === 0) return;
      forget(list);
      announce?.(list);
    },

    forget,

    announceWith(fn) {
      announce = fn;
    },

    get size() {
      return entries.size;
    },
  };
}
