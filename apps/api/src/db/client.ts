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
import { markDatabaseUnreachable } from './availability';

export type Schema = typeof schema;
/** The common Drizzle surface of both drivers; repos only use this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
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
      connectionString: options.url,
      max: options.poolMax ?? 20,
      Client: TimedClient as unknown as new () => pg.ClientBase,
      keepAlive: true,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // A dropped idle connection must not crash the process.
    pool.on('error', () => {});
    // A failed connect (refused, timed out, server starting or shutting down) is tagged, so the error handler answers
    // 503 DATABASE_UNAVAILABLE for it; plain queries and transactions both get their connections here.
    const connect = pool.connect.bind(pool) as (callback?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => Promise<pg.PoolClient> | void;
    pool.connect = ((callback?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => {
      if (callback) return connect((err, client, done) => callback(err ? markDatabaseUnreachable(err) : err, client, done));
      return (connect() as Promise<pg.PoolClient>).catch((err: unknown) => {
        throw markDatabaseUnreachable(err);
      });
    }) as typeof pool.connect;
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrateWithoutTimeout(options.url),
      ping: () => ping(db as unknown as Db),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // The catalog search needs pg_trgm and fuzzystrmatch; PostgreSQL ships them, PGlite loads them here.
  const extensions = { pg_trgm, fuzzystrmatch };
  const client = options.dataDir ? new PGlite(options.dataDir, { extensions }) : new PGlite({ extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db as unknown as Db),
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

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
