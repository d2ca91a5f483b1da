import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { beforeAll, describe, expect, it } from 'vitest';
import { startHaproxy } from '../../../scripts/haproxy.mjs';
import { DEMO_PASSWORD } from '../src/db/seed/index';
import { IMAGE_WIDTHS } from '@mirror/imagery';
import { freePort, stopAfterAll } from './helpers';
import { startSmtp } from './smtp';

// PostgreSQL only (issue 16): three API processes (from source, as `node --import tsx src/server.ts`) started
// together on one empty database, with Redis, an S3-compatible store (s3rver) and an SMTP catcher, behind HAProxy
// running deploy/haproxy.cfg. Each process is a real server: its own pool, rate-limit client, outbox worker.
if (!process.env.TEST_DATABASE_URL) throw new Error('instances.pg.test.ts runs in the PostgreSQL pass only (TEST_DATABASE_URL)');

const apiDir = path.resolve(import.meta.dirname, '..');
const JWT_SECRET = 'instances-test-secret-0123456789-abcdefghij';
const BUCKET = 'mirror-instances';
const EMAIL_LIMIT = 3;
const BRAND_INBOX = 'concierge@mirror-maison.com';

interface Instance {
  url: string;
  address: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

/** The JSON log lines of an instance whose `msg` contains `text`. */
function logLines(instance: Instance, text: string): Record<string, unknown>[] {
  return instance
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => typeof entry.msg === 'string' && entry.msg.includes(text));
}

async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const bin = spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim();
  if (!bin) throw new Error("redis-server is missing: install Debian's redis-server package (npm test does it when run as root)");
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  return { url: `redis://127.0.0.1:${port}`, child };
}

async function waitHealthy(instance: Instance, deadline: number) {
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null)
      throw new Error(`instance ${instance.address} exited with ${instance.child.exitCode}:\n${instance.output().slice(-3000)}`);
    const status = await fetch(`${instance.url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance ${instance.address} did not become healthy:\n${instance.output().slice(-3000)}`);
}

describe('three instances behind HAProxy on one PostgreSQL, with Redis, S3 and SMTP', () => {
  const adminUrl = new URL(process.env.TEST_DATABASE_URL!);
  const dbName = `mirror_instances_${process.pid}_${Date.now()}`;
  const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
  databaseUrl.pathname = `/${dbName}`;
  let sql: pg.Client;
  let redis: { url: string; child: ChildProcess };
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let s3: S3rver;
  const objectPuts: string[] = [];
  const instances: Instance[] = [];
  let lb: Awaited<ReturnType<typeof startHaproxy>>;

  const stopLater = stopAfterAll();

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    stopLater(async () => {
      const dropper = new pg.Client({ connectionString: adminUrl.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await dropper.end();
    });
    sql = new pg.Client({ connectionString: databaseUrl.toString() });
    stopLater(() => sql.end());
    await sql.connect();
    redis = await startRedis();
    stopLater(() => redis.child.kill());
    smtp = await startSmtp();
    stopLater(() => smtp.close());
    const s3Dir = mkdtempSync(path.join(tmpdir(), 'mirror-s3rver-'));
    stopLater(() => rmSync(s3Dir, { recursive: true, force: true }));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
    s3.on('event', (event) => {
      for (const record of event.Records) if (record.eventName.startsWith('ObjectCreated')) objectPuts.push(record.s3.object.key);
    });
    const { port: s3Port } = await s3.run();
    stopLater(() => s3.close());

    stopLater(async () => {
      await Promise.all(
        instances.map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) {
                resolve();
                return;
              }
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      for (const { dataDir } of instances) rmSync(dataDir, { recursive: true, force: true });
    });
    // All three start at once, on an empty database.
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    for (const port of ports) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'mirror-instance-'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: apiDir,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          WEB_DIST: '/nonexistent',
          LOG_LEVEL: 'info',
          DATABASE_URL: databaseUrl.toString(),
          DATABASE_POOL_MAX: '5',
          JWT_SECRET,
          REDIS_URL: redis.url,
          SMTP_URL: smtp.url,
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_BUCKET: BUCKET,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          TRUST_PROXY: 'true',
          EMAIL_RATE_LIMIT_MAX: String(EMAIL_LIMIT),
          // Every worker polls the outbox often, so all three compete for the same rows.
          MAIL_POLL_INTERVAL_MS: '100',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      instances.push({ url: `http://127.0.0.1:${port}`, address: `127.0.0.1:${port}`, child, output: () => output, dataDir });
    }
    // A cold machine draws the demo imagery first (decisions §82): minutes on two busy cores.
    const deadline = Date.now() + 540_000;
    await Promise.all(instances.map((instance) => waitHealthy(instance, deadline)));
    lb = await startHaproxy({ instances: instances.map((i) => i.address) });
    stopLater(() => lb.stop());
  }, 600_000);

  it('migrates once and seeds the demo once, its imagery drawn and stored once, when all three start together on an empty database', async () => {
    // Every migration applied exactly once.
    const journal = JSON.parse(readFileSync(path.join(apiDir, 'src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await sql.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0]!.n).toBe(journal.entries.length);

    // One instance seeded (and drew the demo's imagery); the others found the database seeded.
    const seeded = instances.filter((i) => logLines(i, 'seeded demo accounts').length > 0);
    expect(seeded).toHaveLength(1);
    expect(instances.map((i) => logLines(i, 'studio images ready').length).sort()).toEqual([0, 0, 1]);
    const counts = await sql.query<{ users: number; products: number }>(
      'select (select count(*) from users)::int as users, (select count(*) from products)::int as products',
    );
    expect(counts.rows[0]).toEqual({ users: 4, products: 80 });

    // Each image stored once, in the one store every instance reads.
    expect(new Set(objectPuts).size).toBe(objectPuts.length);
    expect(objectPuts).toHaveLength(counts.rows[0]!.products * 2 * IMAGE_WIDTHS.length);
    const page = (await (await fetch(`${lb.url}/api/products?size=1`)).json()) as { content: { images: { url: string }[] }[] };
    const image = page.content[0]!.images[0]!.url;
    for (const instance of instances) expect((await fetch(new URL(image, instance.url))).status).toBe(200);
  });

  it('keeps a session across instances: signed in on one, used on another, refreshed on a third, revoked everywhere', async () => {
    const [one, two, three] = instances as [Instance, Instance, Instance];
    const post = (instance: Instance | { url: string }, url: string, body: unknown, token?: string) =>
      fetch(`${instance.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const me = (instance: Instance | { url: string }, token: string) =>
      fetch(`${instance.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });

    const signIn = await post(one, '/api/auth/authenticate', { username: 'customer', password: DEMO_PASSWORD });
    expect(signIn.status).toBe(200);
    const first = (await signIn.json()) as { accessToken: string; refreshToken: string };
    const onTwo = await me(two, first.accessToken);
    expect(onTwo.status).toBe(200);
    expect(((await onTwo.json()) as { username: string }).username).toBe('customer');

    const refreshed = await post(three, '/api/v1/auth/refresh-token', { refreshToken: first.refreshToken });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { accessToken: string; refreshToken: string };
    // The spent refresh token is refused on another instance (and revokes the login, as on one instance).
    expect((await post(one, '/api/v1/auth/refresh-token', { refreshToken: first.refreshToken })).status).toBe(401);
    expect((await post(two, '/api/v1/auth/refresh-token', { refreshToken: second.refreshToken })).status).toBe(401);

    // A new login used through the balancer, which spreads the requests over all three.
    const again = (await (await post(lb, '/api/auth/authenticate', { username: 'customer', password: DEMO_PASSWORD })).json()) as {
      accessToken: string;
    };
    const before = instances.map(
      (i) => logLines(i, 'incoming request').filter((l) => (l.req as { url?: string } | undefined)?.url === '/api/users/me').length,
    );
    for (let i = 0; i < 6; i += 1) expect((await me(lb, again.accessToken)).status).toBe(200);
    const served = instances.map(
      (i, n) =>
        logLines(i, 'incoming request').filter((l) => (l.req as { url?: string } | undefined)?.url === '/api/users/me').length - before[n]!,
    );
    expect(served.reduce((a, b) => a + b, 0)).toBe(6);
    expect(served.every((n) => n > 0)).toBe(true);
  });

  it('refuses a disabled account on every instance at once, though each keeps sign-in states for seconds (decisions §110)', async () => {
    const [one, two, three] = instances as [Instance, Instance, Instance];
    const call = (instance: Instance, method: string, url: string, token: string, body?: unknown) =>
      fetch(`${instance.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const signIn = async (instance: Instance, username: string, password: string) => {
      const res = await fetch(`${instance.url}/api/auth/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { accessToken: string }).accessToken;
    };
    const admin = await signIn(one, 'admin', DEMO_PASSWORD);
    const password = 'Cache-Test-Account-2026';
    const created = await call(one, 'POST', '/api/users/admin/create', admin, {
      username: 'cache_probe',
      email: 'cache.probe@example.org',
      password,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const token = await signIn(two, 'cache_probe', password);
    // Both other instances now hold the account's state (ACTIVE) for AUTH_STATE_CACHE_MS (5 s by default).
    expect((await call(two, 'GET', '/api/users/me', token)).status).toBe(200);
    expect((await call(three, 'GET', '/api/users/me', token)).status).toBe(200);

    const disabled = await call(one, 'PATCH', `/api/users/${id}/status`, admin, { status: 'INACTIVE' });
    expect(disabled.status).toBe(200);
    const disabledAt = Date.now();
    // Redis carries the change to two and three: refused well inside the 5 s the copies would otherwise live.
    for (const instance of [two, three]) {
      let status = 0;
      while (Date.now() - disabledAt < 1500) {
        status = (await call(instance, 'GET', '/api/users/me', token)).status;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status, instance.address).toBe(401);
    }
    expect(Date.now() - disabledAt).toBeLessThan(1500);
  });

  it('counts a rate limit once across the instances (REDIS_URL), whichever instance or forwarded address a visitor uses', async () => {
    const contact = (n: number) => ({
      emailType: 'CONTACT_MESSAGE',
      recipients: [BRAND_INBOX],
      model: { name: 'Ada Lovelace', email: 'ada@example.com', subject: `Visitor ${n}`, message: 'May I see the Aurora ring?' },
    });
    const send = (base: string, n: number, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/notifications/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(contact(n)),
      });
    for (let n = 0; n < EMAIL_LIMIT; n += 1) expect((await send(instances[n]!.url, n)).status).toBe(202);
    expect((await send(instances[0]!.url, 99)).status).toBe(429);
    // Through the balancer, an X-Forwarded-For of the visitor's choosing is replaced by the address HAProxy saw.
    expect((await send(lb.url, 98, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
  });

  it('sends each outbox email once while three workers poll the same outbox', async () => {
    const signIn = await fetch(`${lb.url}/api/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    // The house writes 30 (ADMIN is not limited), all at once through the balancer, beside the visitors' 3.
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        fetch(`${lb.url}/api/notifications/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({
            emailType: 'CONTACT_MESSAGE',
            recipients: [BRAND_INBOX],
            model: { name: 'Helene Marchand', email: 'ops@example.com', subject: `House ${n}`, message: 'Stock check.' },
          }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 202)).toBe(true);

    // Every email in the outbox (the visitors', the house's, and any the demo seed queued) is delivered exactly once.
    const outbox = async () =>
      (await sql.query<{ subject: string; status: string; attempts: number }>('select subject, status, attempts from email_outbox')).rows;
    for (let i = 0; i < 600; i += 1) {
      const rows = await outbox();
      if (rows.every((r) => r.status === 'SENT') && smtp.received.length >= rows.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // A little longer: a second delivery of any of them would arrive meanwhile.
    await new Promise((r) => setTimeout(r, 500));
    const rows = await outbox();
    expect(rows.length).toBeGreaterThanOrEqual(EMAIL_LIMIT + 30);
    expect(rows.filter((r) => r.status !== 'SENT' || r.attempts !== 1)).toEqual([]);
    // Each row was delivered at least once (SENT); as many deliveries as rows means none twice.
    expect(smtp.received).toHaveLength(rows.length);
    const ours = smtp.received.map((m) => m.subject).filter((subject) => /: (Visitor|House) \d+$/.test(subject));
    expect(new Set(ours).size).toBe(EMAIL_LIMIT + 30);
  });
});
