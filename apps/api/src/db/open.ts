import path from 'node:path';
import type { Env } from '../config/env';
import { openDatabase, type Database } from './client';

export function openFromEnv(env: Env): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({
        kind: 'postgres',
        url: env.DATABASE_URL,
        poolMax: env.DATABASE_POOL_MAX,
        statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
        connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
        readUrl: env.DATABASE_READ_URL,
      })
    : openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') });
}
