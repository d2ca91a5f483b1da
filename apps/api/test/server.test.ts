import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, scratchPgDatabase } from './helpers';

// The real entry point (src/server.ts) as a child process: start-up, migration, seeding, persistence,
// fail-fast configuration and graceful shutdown. Runs on PGlite, or on PostgreSQL in the PG pass.
const apiDir = path.resolve(import.meta.dirname, '..');
// `node --import tsx`, not the tsx CLI: the CLI relays SIGTERM to a child process and SIGKILLs it when
// the child has not acknowledged within 30 ms, which a loaded machine easily misses (exit 143).
const tsx = process.execPath;
const tsxArgs = ['--import', 'tsx'];
const dataDir = mkdtempSync(path.join(tmpdir(), 'mirror-server-'));
const pgAdminUrl = process.env.TEST_DATABASE_URL;
let scratch: Awaited<ReturnType<typeof scratchPgDatabase>> | undefined;
let databaseUrl: string | undefined;

beforeAll(async () => {
  if (pgAdminUrl) {
    scratch = await scratchPgDatabase('mirror_srv');
    databaseUrl = scratch.url;
  }
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(tsx, [...tsxArgs, 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    // With a cold imagery cache (a fresh machine, or the imagery code changed) the first start draws the
    // demo catalogue's studio images before it listens (decisions §82): minutes on a loaded 2-core machine;
    // the cache is shared, so later starts (and the e2e server) find them drawn.
    const deadline = Date.now() + 480_000;
    const poll = async () => {
      if (child.exitCode !== null) {
        reject(new Error(`exited ${child.exitCode}: ${out}`));
        return;
      }
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) {
          resolve({ child, baseUrl, output: () => out });
          return;
        }
      } catch {
        // not yet
      }
      if (Date.now() > deadline) {
        reject(new Error(`no health in time: ${out}`));
        return;
      }
      setTimeout(() => void poll(), 200);
    };
    void poll();
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

const dbEnv = (): Record<string, string> =>
  databaseUrl ? { DATABASE_URL: databaseUrl, JWT_SECRET: 'server-test-secret-0123456789abcdef-xyz' } : {};

// Child processes compile TypeScript and boot a database: generous limits for a loaded 2-core machine.
describe('server process', { timeout: 600_000 }, () => {
  it('refuses to start with DATABASE_URL but no JWT_SECRET, naming the variable', async () => {
    const child = spawn(tsx, [...tsxArgs, 'src/server.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).not.toBe(0);
    expect(err).toContain('JWT_SECRET');
  });

  it('migrates, seeds demo accounts once, keeps data and the signing secret across restarts, and shuts down cleanly on SIGTERM', async () => {
    const first = await start(dbEnv());
    const login = await fetch(`${first.baseUrl}/api/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Mirror-Demo-2025' }),
    });
    expect(login.status).toBe(200);
    const { accessToken, refreshToken } = (await login.json()) as { accessToken: string; refreshToken: string };
    expect(first.output()).toContain('seeded demo accounts');
    // Neither the password nor any token reaches the logs.
    expect(first.output()).not.toContain('Mirror-Demo-2025');
    expect(first.output()).not.toContain(refreshToken);
    expect(first.output()).not.toContain(accessToken);
    expect(await stop(first.child)).toBe(0);

    if (!databaseUrl) {
      const secretFile = path.join(dataDir, 'jwt-secret');
      expect(existsSync(secretFile)).toBe(true);
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(secretFile, 'utf8').length).toBeGreaterThanOrEqual(32);
    }

    const second = await start(dbEnv());
    try {
      expect(second.output()).not.toContain('seeded demo accounts');
      // Same data and same secret: the token issued before the restart is still valid.
      const me = await fetch(`${second.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(me.status).toBe(200);
      const users = await fetch(`${second.baseUrl}/api/users/statistics`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(((await users.json()) as { total: number }).total).toBe(4);
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  });

  it('skips demo data when SEED_DEMO=false', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'mirror-noseed-'));
    const server = await start({ DATA_DIR: empty, SEED_DEMO: 'false' });
    try {
      const login = await fetch(`${server.baseUrl}/api/auth/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Mirror-Demo-2025' }),
      });
      expect(login.status).toBe(401);
    } finally {
      await stop(server.child);
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('creates a real administrator with admin:create, and refuses a weak password', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mirror-admin-'));
    const runCreate = (password: string) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(tsx, [...tsxArgs, 'src/admin-create.ts'], {
          cwd: apiDir,
          env: {
            PATH: process.env.PATH,
            DATA_DIR: dir,
            SEED_DEMO: 'false',
            ADMIN_USERNAME: 'head.office',
            ADMIN_EMAIL: 'office@mirror.example',
            ADMIN_PASSWORD: password,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.once('exit', (code) => resolve({ code, out }));
      });
    try {
      const weak = await runCreate('short');
      expect(weak.code).not.toBe(0);
      expect(weak.out).toMatch(/password/i);
      const ok = await runCreate('Rue-de-la-Paix-Atelier');
      expect(ok.code, ok.out).toBe(0);
      const server = await start({ DATA_DIR: dir, SEED_DEMO: 'false' });
      try {
        const login = await fetch(`${server.baseUrl}/api/auth/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'head.office', password: 'Rue-de-la-Paix-Atelier' }),
        });
        expect(login.status).toBe(200);
        const { accessToken } = (await login.json()) as { accessToken: string };
        const me = await fetch(`${server.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });
        expect(((await me.json()) as { role: string }).role).toBe('ADMIN');
      } finally {
        await stop(server.child);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
