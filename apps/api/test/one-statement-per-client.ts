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

const overlaps: string[] = [];
const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const query = proto.query;
proto.query = function (this: QueuedClient, ...args: unknown[]) {
  if ((this._queryQueue?.length ?? 0) > 0 && !this.pipeline) {
    const first = args[0] as { text?: string } | string | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    overlaps.push(text.replace(/\s+/g, ' ').slice(0, 160));
  }
  return query.apply(this, args);
};

afterEach(() => {
  const found = overlaps.splice(0);
  expect(found, 'statements sent to a client that was already running one (a Promise.all inside a transaction?)').toEqual([]);
});
