import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where the reads of a piece of work go when a read replica is configured (DATABASE_READ_URL;
 * plugins/read-replica.ts decides per request):
 * - `replica`: an anonymous catalogue read, from the replica (db/client.ts), its cached answers kept apart;
 * - `primary-after-write`: the writer's requests in the short window after a write, from the primary and
 *   past every result cache, so the writer reads its own write whichever instance answers.
 * Outside either scope (everything else, and always without a replica) reads use the primary.
 */
export type ReadRoute = 'replica' | 'primary-after-write';

const scope = new AsyncLocalStorage<ReadRoute>();

export function runWithReadRoute(route: ReadRoute, next: () => void): void {
  scope.run(route, next);
}

export function currentReadRoute(): ReadRoute | undefined {
  return scope.getStore();
}
