import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { emailOutbox } from '../src/db/schema/index';
import type { ErrorResponse, Role, TokenPair, UserStatus } from '@mirror/contract';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { createUsersService } from '../src/modules/users/users.service';
import { createLocalDriver } from '../src/lib/storage/local-driver';
import { createStorageFromEnv } from '../src/lib/storage/from-env';
import type { StorageDriver } from '../src/lib/storage/storage';

export const TEST_PASSWORD = 'Velvet-Sapphire-41';
/** The access-token signing secret of every buildTestApp() server (the token tests forge with it). */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  database: Database;
  storage: StorageDriver;
  /**
   * One HTTP call to the test server. `T` is the body's type, named from the contract by the caller: the
   * route's success type (`Product`, `ProductPage`…) when the test expects success, `ErrorResponse` when it
   * expects a failure; left out, the body is `unknown`. Types only: the server already checks every response
   * against its route's zod schema outside production (lib/serializer.ts), so the tests do not parse again.
   */
  request: <T = unknown>(path: string, init?: RequestOptions) => Promise<TestResponse<T>>;
  createUser: (
    input?: Partial<{ username: string; email: string; role: Role; status: UserStatus; password: string }>,
  ) => Promise<{ id: string; username: string; password: string }>;
  loginAs: (role: Role, overrides?: Partial<{ username: string }>) => Promise<Session>;
  close: () => Promise<void>;
}

export interface Session extends TokenPair {
  userId: string;
  username: string;
  password: string;
  auth: { token: string };
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  rawBody?: string;
}

export interface TestResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** The generated OpenAPI document (GET /api/openapi.json), as far as the tests read it. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  'x-access-policy'?: string;
  [key: string]: unknown;
}
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
/** A JSON Schema as zod prints it into the OpenAPI document: the keywords the tests read, any other as unknown. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  [keyword: string]: unknown;
}

/** A fresh database from the real migrations: in-memory PGlite, or a new database on TEST_DATABASE_URL. */
/**
 * A migrated, empty PGlite database as a dump, made once per machine and set of migrations and kept in
 * the temp folder: a fresh in-memory PGlite costs ~3 s of initdb plus the migrations, one loaded from
 * this dump under 1 s. Named by a hash of the migration files and PGlite's version, so a new migration
 * or an upgrade makes a new template.
 */
async function pgliteTemplate(): Promise<Blob> {
  const folder = path.resolve(import.meta.dirname, '../src/db/migrations');
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(`${path.relative(folder, file)}\n`).update(readFileSync(file));
    }
  };
  walk(folder);
  // …and by PGlite's version: a dump is read by the version that wrote it.
  let pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(pglite, 'package.json'))) pglite = path.dirname(pglite);
  hash.update(readFileSync(path.join(pglite, 'package.json')));
  const file = path.join(tmpdir(), `mirror-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  // Written whole, then renamed: a test file starting meanwhile in another worker never reads half of it.
  const partial = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    // Already migrated in the template: this only checks that no migration is pending.
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const scratch = await scratchPgDatabase();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 10 });
  await database.migrate();
  return { database, drop: scratch.drop };
}

async function onTestServer(adminUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * An empty database of its own on the PostgreSQL test server (TEST_DATABASE_URL), for a test app or a server
 * process a test starts: its URL, and drop() that removes it (connections still open included).
 */
export async function scratchPgDatabase(prefix = 'mirror_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('scratchPgDatabase needs TEST_DATABASE_URL (the PostgreSQL pass)');
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await onTestServer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onTestServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The settings of an app under test: silent, no files or web build, no studio renders; `overrides` on top. */
export function testEnv(overrides: Record<string, string> = {}) {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    STUDIO_RENDER: 'false',
    ...overrides,
  });
}

/** `logStream`: the app logs (pino JSON lines, at `logLevel`, default info) into it, for tests that read the log. */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  { logStream, logLevel = 'info' }: { logStream?: NodeJS.WritableStream; logLevel?: string } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const env = testEnv({ RATE_LIMIT_MAX: '100000', ...envOverrides });
  const filesDir = mkdtempSync(path.join(tmpdir(), 'mirror-files-'));
  // S3_* overrides select the S3 driver exactly as production does; otherwise a temp directory.
  const storage = env.S3_BUCKET ? await createStorageFromEnv(env) : createLocalDriver(filesDir);
  const app = await buildApp({
    env,
    database,
    storage,
    jwtSecret: TEST_JWT_SECRET,
    ...(logStream ? { logger: { level: logLevel, stream: logStream } } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const users = createUsersService({ db: database.db });

  const request = async <T>(path: string, init: RequestOptions = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(init.body);
    }
    const res = await fetch(baseUrl + path, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };

  let counter = 0;
  const createUser: TestApp['createUser'] = async (input = {}) => {
    counter += 1;
    const username = input.username ?? `user${counter}_${randomUUID().slice(0, 6)}`;
    const password = input.password ?? TEST_PASSWORD;
    const user = await users.adminCreate({
      username,
      email: input.email ?? `${username}@example.com`,
      password,
      role: input.role ?? 'CUSTOMER',
      status: input.status ?? 'ACTIVE',
    });
    return { id: user.id, username, password };
  };

  const loginAs: TestApp['loginAs'] = async (role, overrides = {}) => {
    const user = await createUser({ role, ...overrides });
    const res = await request<TokenPair>('/api/auth/authenticate', { body: { username: user.username, password: user.password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...res.body, userId: user.id, username: user.username, password: user.password, auth: { token: res.body.accessToken } };
  };

  return {
    app,
    baseUrl,
    database,
    storage,
    request,
    createUser,
    loginAs,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * The token of the newest confirmation link mailed to an address (read from the outbox, as the house's
 * administrator would see the email), or null.
 */
export async function latestConfirmationToken(database: Database, address: string): Promise<string | null> {
  const [row] = await database.db
    .select({ link: sql<string | null>`${emailOutbox.model}->>'link'` })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.emailType, 'ACCOUNT_NOTICE'),
        sql`${emailOutbox.model}->>'notice' in ('CONFIRM_REGISTRATION', 'CONFIRM_EMAIL_CHANGE')`,
        sql`lower(${emailOutbox.recipients}->>0) = lower(${address})`,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const link = row?.link;
  return link ? new URL(link).searchParams.get('token') : null;
}

/** Registers through the API and opens the link mailed for it: the account then signs in. */
export async function registerConfirmed(
  t: Pick<TestApp, 'request' | 'database'>,
  body: { username: string; email: string; password: string } & Record<string, unknown>,
): Promise<void> {
  const res = await t.request('/api/users', { body });
  if (res.status !== 202) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = await latestConfirmationToken(t.database, body.email);
  if (!token) throw new Error(`no confirmation link was mailed to ${body.email}`);
  const confirmed = await t.request('/api/users/confirm-email', { body: { token } });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}

/** The one error shape (docs/conventions.md §5). */
export function expectErrorShape(value: unknown, status: number, code?: string): asserts value is ErrorResponse {
  if (typeof value !== 'object' || value === null) throw new Error(`expected an error body, got ${JSON.stringify(value)}`);
  const body = value as Partial<Record<keyof ErrorResponse, unknown>>;
  if (body.status !== status) throw new Error(`expected status ${status} in body, got ${JSON.stringify(body)}`);
  if (typeof body.error !== 'string' || typeof body.message !== 'string' || typeof body.code !== 'string') {
    throw new Error(`error body misses fields: ${JSON.stringify(body)}`);
  }
  if (code && body.code !== code) throw new Error(`expected code ${code}, got ${body.code}: ${body.message}`);
}

/**
 * Stops what a file's (or a describe block's) beforeAll started, after all its tests, last started first. Each
 * stop is registered as soon as its resource exists, so a beforeAll that failed half-way stops exactly what it
 * got to start (vitest still runs afterAll then, but a teardown returned from a beforeAll would not run).
 */
export function stopAfterAll(): (stop: () => unknown) => void {
  const stops: (() => unknown)[] = [];
  afterAll(async () => {
    const hung: string[] = [];
    while (stops.length) {
      const stop = stops.pop()!;
      const name = String(stop).slice(0, 120);
      // A stop that hangs would only show as the hook's timeout, and keep the stops after it (a PostgreSQL
      // cluster, a temp folder) from running: name it at 20 s, give up on it at 60 s, go on with the rest.
      const watch = setTimeout(() => console.error(`teardown still waiting after 20 s on: ${name}`), 20_000);
      let giveUp: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timed out'>((resolve) => (giveUp = setTimeout(() => resolve('timed out'), 60_000)));
      try {
        if ((await Promise.race([Promise.resolve(stop()), timedOut])) === 'timed out') hung.push(name);
      } finally {
        clearTimeout(watch);
        clearTimeout(giveUp);
      }
    }
    // Still a failure of the file: a teardown that never ends is a bug (here or in the code it stops).
    if (hung.length) throw new Error(`teardown steps did not finish within 60 s: ${hung.join(' | ')}`);
  }, 240_000);
  return (stop) => {
    stops.push(stop);
  };
}

/** A port free on 127.0.0.1 right now (for child processes the tests start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
