import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { isDatabaseUnavailable, markDatabaseUnreachable } from './availability';
import { currentReadRoute } from './read-routing';
import { isBoundedPlan, type PlanNode } from './bounded-plan';

export type Schema = typeof schema;
/** The common Drizzle surface of both drivers; repos only use this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when reads in a 'replica' scope (db/read-routing.ts) go to DATABASE_READ_URL. */
  hasReadReplica: boolean;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Waits for, then holds, the lock under which one instance at a time migrates and seeds; resolves to its
   * release. PostgreSQL drops it with the connection if the process dies.
   */
  lockStartup(options?: { onWait?: () => void }): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolMax?: number;
      /** Server-side limit for every statement on the pool (0 or undefined = none); migrations run without it. */
      statementTimeoutMs?: number;
      /** How long making a new connection may take before the request answers 503 (default 5000). */
      connectTimeoutMs?: number;
      /** A read replica (DATABASE_READ_URL) for the reads routed to it (db/read-routing.ts). */
      readUrl?: string;
    }
  | {
      kind: 'pglite';
      dataDir?: string /* undefined = in memory */;
      /** An in-memory database starts from this dump (`dumpDataDir()`), skipping initdb: the tests' template. */
      loadDataDir?: Blob;
    };

function migrationsFolder(): string {
  // Source tree: src/db/client.ts → src/db/migrations. Bundle: dist/server.js → dist/migrations.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  return process.env.MIGRATIONS_DIR ?? candidates.find((c) => existsSync(c)) ?? candidates[0]!;
}

/**
 * A connection checked out for a transaction is released (and dropped) by this layer when its first statement
 * fails. drizzle's node-postgres `transaction()` sends BEGIN before its try/finally, so a BEGIN that fails — the
 * connection was cut by a PostgreSQL restart while it sat in the pool — never released it: each such failure held
 * one of the pool's connections for ever, and `pool.end()` waited for them (seen as a shutdown that never ended
 * after a restart; with `poolMax` of them every request would have waited). Release stays idempotent for callers
 * that do release it themselves.
 */
function releasedIfFirstStatementFails(client: pg.PoolClient): pg.PoolClient {
  const guarded = client as pg.PoolClient & { query?: unknown };
  const release = guarded.release.bind(guarded); // pg-pool's release of this checkout (set anew on each one)
  // The watcher is an own property over Client.prototype.query: deleting it puts the client's own method back.
  const unwatch = () => Reflect.deleteProperty(guarded, 'query');
  let released = false;
  guarded.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    unwatch();
    release(err);
  };
  guarded.query = ((...args: unknown[]) => {
    unwatch(); // only the first statement is watched
    const result = (guarded.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      return result.catch((err: unknown) => {
        guarded.release(err instanceof Error ? err : true);
        throw err;
      });
    }
    return result;
  }) as pg.PoolClient['query'];
  return guarded;
}

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * One node-postgres pool. `fallback`: when this pool's server cannot be reached (the read replica is down), the
 * connection is taken from, or the plain query run on, the fallback pool instead, and `onUnreachable` is told.
 */
function createPool(
  url: string,
  options: { poolMax?: number; statementTimeoutMs?: number; connectTimeoutMs?: number; settings?: string },
  fallback?: { pool: pg.Pool; onUnreachable: () => void },
): pg.Pool {
  // statement_timeout is sent in each connection's startup packet: PostgreSQL cancels a runaway statement
  // (SQLSTATE 57014) and the connection returns to the pool, even when the request was abandoned.
  // Making a connection gives up after connectTimeoutMs (a server that is down, hung or unreachable answers 503).
  // Set on the client, not the pool: pg-pool would apply its own to the wait for a free connection too, and a
  // busy pool is load to queue for, not an outage.
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 20,
    Client: TimedClient as unknown as new () => pg.ClientBase,
    keepAlive: true,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    // Server settings for the pool's sessions, in the startup packet (`-c name=value …`).
    ...(options.settings ? { options: options.settings } : {}),
  });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => {});
  // Nor one cut while checked out between two statements (pg-pool listens on idle clients only): the error would
  // be unhandled and end the process. The client's next query fails instead (503) and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => {}));
  // A failed connect (refused, timed out, server starting or shutting down) is tagged, so the error handler answers
  // 503 DATABASE_UNAVAILABLE for it; plain queries and transactions both get their connections here.
  const connect = pool.connect.bind(pool) as { (): Promise<pg.PoolClient>; (callback: ConnectCallback): void };
  pool.connect = ((callback?: ConnectCallback) => {
    if (callback) {
      connect((err, client, done) => {
        if (!err || !fallback) {
          callback(err ? markDatabaseUnreachable(err) : err, client, done);
          return;
        }
        fallback.onUnreachable();
        (fallback.pool.connect as (cb: ConnectCallback) => void)(callback);
      });
      return;
    }
    return connect().then(releasedIfFirstStatementFails, (err: unknown) => {
      if (!fallback) throw markDatabaseUnreachable(err);
      fallback.onUnreachable();
      return fallback.pool.connect();
    });
  }) as typeof pool.connect;
  if (fallback) {
    // A read that fails because the server went away (an idle connection it cut) is read again from the fallback:
    // a plain query (not a transaction's) only reads, so it is safe to repeat.
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    pool.query = ((...args: unknown[]) => {
      if (typeof args[args.length - 1] === 'function') return query(...args);
      return query(...args).catch((err: unknown) => {
        if (!isDatabaseUnavailable(err)) throw err;
        fallback.onUnreachable();
        return (fallback.pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
      });
    }) as typeof pool.query;
  }
  return pool;
}

/**
 * The sessions that run the statements whose plan is fixed by their shape (decision 0133). PostgreSQL keeps a named
 * statement's generic plan only when it costs less than the plans made for each call's values; with the page's LIMIT
 * and OFFSET as parameters it never does (it assumes a tenth of the rows are wanted), so such a statement was planned
 * again at every call — half a search page's time at 1M pieces, and the planner's memory handed back to the kernel
 * after each. Here the generic plan is always used; serial, since a generic plan that does not know the LIMIT would
 * otherwise gather in parallel. Only statements marked for it run here (`genericPlanClientOf`): one planned for its
 * values must not (decisions §114), and `plan_cache_mode` would apply to PostgreSQL's unnamed statement too.
 */
const GENERIC_PLAN_SETTINGS = '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0';

/** What a named statement runs on instead of a pool, when that pool has generic-plan sessions beside it. */
export interface GenericPlanClient {
  query: pg.Pool['query'];
  /**
   * Whether the generic plan of `text` is bounded (db/bounded-plan.ts, decision 0134): true or false once known;
   * undefined while PostgreSQL is asked (once per text, on a generic-plan session, in the background).
   */
  isBounded(text: string): boolean | undefined;
}
const genericPlanClients = new WeakMap<object, GenericPlanClient>();

/**
 * The generic-plan sessions beside the pool a statement was prepared on (a drizzle prepared query's `client`), or
 * undefined (PGlite: one session; a client that is not one of this module's pools).
 */
export function genericPlanClientOf(client: unknown): GenericPlanClient | undefined {
  return typeof client === 'object' && client !== null ? genericPlanClients.get(client) : undefined;
}

/**
 * A statement prepared (named) on one of this module's pools, sent from now on through the generic-plan sessions
 * beside that pool (decision 0133); unchanged where there are none (PGlite). drizzle's prepared query sends through
 * its `client` at each call. Only for a statement whose one plan suits any values.
 */
export function onGenericPlans<T extends object>(statement: T): T {
  const client = genericPlanClientOf(Reflect.get(statement, 'client'));
  if (client) Reflect.set(statement, 'client', client);
  return statement;
}

/**
 * `isBounded` of a pool's generic-plan sessions: each text's generic plan is asked of PostgreSQL once (`EXPLAIN
 * EXECUTE` of the text prepared under a name of its own, every parameter null: a generic plan does not look at the
 * values) and judged by `isBoundedPlan`. A failure to ask counts as not bounded: the statement stays planned per call.
 */
function boundedPlans(pool: pg.Pool): (text: string) => boolean | undefined {
  const verdicts = new Map<string, boolean | undefined>();
  const keys = new Map<string, string[] | undefined>();
  let checks = 0;
  async function judge(text: string): Promise<boolean> {
    const client = await pool.connect();
    const name = `bounded_check_${++checks}`;
    try {
      await client.query(`prepare ${name} as ${text}`);
      try {
        const count = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
        const args = count ? `(${Array.from({ length: count }, () => 'null').join(', ')})` : '';
        const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (format json) execute ${name}${args}`);
        const plan = rows[0]!['QUERY PLAN'][0]!.Plan;
        for (const index of indexesOf(plan))
          if (!keys.has(index)) {
            const found = await client.query<{ key: string }>(
              `select pg_get_indexdef(i.indexrelid, k, true) as key from pg_index i, generate_series(1, i.indnkeyatts) k
               where i.indexrelid = to_regclass($1) order by k`,
              [index],
            );
            keys.set(index, found.rows.length ? found.rows.map((r) => r.key) : undefined);
          }
        return isBoundedPlan(plan, (index) => keys.get(index));
      } finally {
        await client.query(`deallocate ${name}`);
      }
    } finally {
      client.release();
    }
  }
  return (text) => {
    if (verdicts.has(text)) return verdicts.get(text);
    if (verdicts.size >= 2000) verdicts.clear();
    verdicts.set(text, undefined);
    judge(text).then(
      (bounded) => verdicts.set(text, bounded),
      // Asked again later if the database could not be reached; otherwise (a text PREPARE cannot type) not bounded.
      (err: unknown) => (isDatabaseUnavailable(err) ? verdicts.delete(text) : verdicts.set(text, false)),
    );
    return undefined;
  };
}

function indexesOf(plan: PlanNode): string[] {
  return [...(plan['Index Name'] ? [plan['Index Name']] : []), ...(plan.Plans ?? []).flatMap(indexesOf)];
}

/** How long reads stay on the primary after the replica could not be reached, before it is tried again. */
const REPLICA_RETRY_MS = 5000;

/**
 * The session-level advisory lock held while an instance migrates and seeds (server.ts): instances that
 * start together on an empty database take turns; the later ones find the work done. Any constant works;
 * this one is "Mirror" in ASCII.
 */
const STARTUP_LOCK_KEY = 0x4d6972726f72;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = createPool(options.url, options);
    const primary = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    // The generic-plan sessions (GENERIC_PLAN_SETTINGS), half as many: they serve only the statements marked for them.
    const generic = { ...options, poolMax: Math.max(1, Math.ceil((options.poolMax ?? 20) / 2)), settings: GENERIC_PLAN_SETTINGS };
    const genericPool = createPool(options.url, generic);
    let replicaPool: pg.Pool | undefined;
    let genericReplicaPool: pg.Pool | undefined;
    let db = primary;
    // Reads in a 'replica' scope (db/read-routing.ts) use the replica; everything else the primary. While the
    // replica cannot be reached they use the primary too (checked again after REPLICA_RETRY_MS).
    let replicaDownUntil = 0;
    const toReplica = () => replicaPool !== undefined && currentReadRoute() === 'replica' && Date.now() >= replicaDownUntil;
    // Chosen at each call, not when the statement was prepared: a statement is prepared once and kept.
    const genericClient: GenericPlanClient = {
      query: ((...args: unknown[]) =>
        (toReplica() ? genericReplicaPool! : genericPool).query(...(args as Parameters<pg.Pool['query']>))) as pg.Pool['query'],
      isBounded: boundedPlans(genericPool),
    };
    genericPlanClients.set(pool, genericClient);
    if (options.readUrl) {
      const onUnreachable = () => (replicaDownUntil = Date.now() + REPLICA_RETRY_MS);
      replicaPool = createPool(options.readUrl, options, { pool, onUnreachable });
      genericReplicaPool = createPool(options.readUrl, generic, { pool: genericPool, onUnreachable });
      genericPlanClients.set(replicaPool, genericClient);
      const replica = drizzlePg(replicaPool, { schema, casing: 'snake_case' }) as unknown as Db;
      const current = () => (toReplica() ? replica : primary);
      db = new Proxy(primary, {
        get(_target, property) {
          const target = current();
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    }
    return {
      db,
      kind: 'postgres',
      hasReadReplica: !!replicaPool,
      migrate: () => migrateWithoutTimeout(options.url),
      ping: () => ping(primary),
      lockStartup: (lockOptions) => lockStartup(options.url, lockOptions),
      close: async () => {
        await Promise.all([pool.end(), replicaPool?.end(), genericPool.end(), genericReplicaPool?.end()]);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // The catalog search needs pg_trgm and fuzzystrmatch; PostgreSQL ships them, PGlite loads them here.
  const extensions = { pg_trgm, fuzzystrmatch };
  const client = options.dataDir
    ? new PGlite(options.dataDir, { extensions })
    : new PGlite({ extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    hasReadReplica: false,
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    // An embedded database has one process.
    lockStartup: () => Promise.resolve(async () => {}),
    close: () => client.close(),
  };
}

/** Migrations may build indexes over millions of rows: they get their own connection, without the API's statement limit. */
async function migrateWithoutTimeout(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.end();
  }
}

async function lockStartup(url: string, { onWait }: { onWait?: () => void } = {}): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  // Lost while held (the server restarted): the lock went with it; the release below then does nothing.
  client.on('error', () => {});
  await client.connect();
  try {
    const tried = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [STARTUP_LOCK_KEY]);
    if (!tried.rows[0]?.locked) {
      onWait?.();
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return async () => {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
