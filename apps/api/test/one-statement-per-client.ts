/**
 * Vitest setup (both passes; it acts on the PostgreSQL one): no statement is sent to a node-postgres client
 * while another waits in that client's queue. pg 8 queues it with a one-time deprecation warning that a
 * file's output buries; pg 9 refuses it. A `Promise.all` of three reads on a transaction's client is the
 * usual cause (a transaction has one connection): each such call fails the test that made it, naming the
 * statement.
 */
import pg from 'pg';
import { afterEach, expect } from 'vitest';

interface QueuedClient {
  _queryQueue?: unknown[];
  pipeline?: boolean;
}

// Wrapped once per process: with `isolate: false` (vitest.config.ts) this file runs again before each test file
// in the same worker, and each run checks the one shared list.
const registry = globalThis as unknown as { __mirrorStatementOverlaps?: string[] };
const overlaps: string[] = registry.__mirrorStatementOverlaps ?? wrapQuery();

function wrapQuery(): string[] {
  const found: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: QueuedClient, ...args: unknown[]) {
    if ((this._queryQueue?.length ?? 0) > 0 && !this.pipeline) {
      const first = args[0] as { text?: string } | string | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      found.push(text.replace(/\s+/g, ' ').slice(0, 160));
    }
    return query.apply(this, args);
  };
  registry.__mirrorStatementOverlaps = found;
  return found;
}

afterEach(() => {
  const found = overlaps.splice(0);
  expect(found, 'statements sent to a client that was already running one (a Promise.all inside a transaction?)').toEqual([]);
});
