// Throwaway PostgreSQL clusters for tests and benchmarks: find (or apt-install) the server binaries,
// initdb into a temp dir, start on 127.0.0.1 with durability off, stop and delete on demand.
// When running as root the cluster runs as the `postgres` user (initdb refuses root).
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const isRoot = process.getuid?.() === 0;

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  return res.status ?? 1;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Installs a Debian package when `isPresent()` is false (root only; otherwise says what to install). */
export function ensureDebianPackage(pkg, isPresent) {
  if (isPresent()) return;
  if (!isRoot) throw new Error(`Debian package ${pkg} is missing: apt-get install ${pkg}`);
  console.log(`\n▶ installing Debian package ${pkg} (apt-get)`);
  if (!ensureDebianPackage.updated) {
    run('apt-get', ['update', '-qq']);
    ensureDebianPackage.updated = true;
  }
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  if (!isPresent()) throw new Error(`apt-get install ${pkg} failed`);
}

export function findPgBin() {
  const candidates = [];
  if (existsSync('/usr/lib/postgresql')) {
    for (const v of readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)))
      candidates.push(`/usr/lib/postgresql/${v}/bin`);
  }
  for (const dir of (process.env.PATH ?? '').split(':')) candidates.push(dir);
  return candidates.find(
    (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')) && existsSync(path.join(dir, 'postgres')),
  );
}

export function ensurePostgres() {
  const bin = findPgBin();
  if (bin) return bin;
  ensureDebianPackage('postgresql', () => !!findPgBin());
  return findPgBin();
}

function uidOf(user) {
  return Number(spawnSync('id', ['-u', user]).stdout.toString().trim());
}
function gidOf(user) {
  return Number(spawnSync('id', ['-g', user]).stdout.toString().trim());
}

/** Runs a server binary as the `postgres` user when root (initdb and postgres refuse root). */
const asPg = (cmd, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);

/** A temp dir the cluster's user owns. */
function clusterDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mirror-pg-'));
  if (isRoot) {
    chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    chmodSync(dir, 0o700);
  }
  return dir;
}

/** Starts the server of `dataDir` on `port` and returns its controls (see startPostgres). */
function serve({ bin, dir, dataDir, port, settings }) {
  const extra = Object.entries(settings)
    .map(([k, v]) => ` -c ${k}=${v}`)
    .join('');
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300${extra}`;
  const [c2, a2] = asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  if (run(c2, a2, { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) throw new Error(`pg_ctl start failed; see ${dir}/server.log`);
  const pgCtl = (args) => {
    const [c, a] = asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
    return spawnSync(c, a, { stdio: 'ignore' }).status === 0;
  };
  const halt = () => {
    if (!pgCtl(['-m', 'fast', '-w', 'stop'])) throw new Error('pg_ctl stop failed');
  };
  const resume = () => {
    if (!pgCtl(['-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start']))
      throw new Error(`pg_ctl start failed; see ${dir}/server.log`);
  };
  const restart = () => {
    if (!pgCtl(['-m', 'fast', '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'restart']))
      throw new Error(`pg_ctl restart failed; see ${dir}/server.log`);
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    pgCtl(['-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://mirror@127.0.0.1:${port}/postgres`, port, dir, dataDir, bin, halt, resume, restart, stop };
}

/**
 * Starts a throwaway cluster. `settings` adds `-c name=value` server settings (e.g. shared_buffers for
 * a benchmark). Returns { url, port, dir, dataDir, bin, halt(), resume(), stop() }; stop() is idempotent and
 * deletes the cluster; halt() shuts the server down (fast: sessions end with 57P01) and keeps the cluster,
 * resume() starts it again on the same port, restart() is `pg_ctl restart -m fast` (all for outage tests).
 */
export async function startPostgres({ settings = {} } = {}) {
  const bin = ensurePostgres();
  const dir = clusterDir();
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const [c1, a1] = asPg(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'mirror', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  if (run(c1, a1, { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) throw new Error('initdb failed');
  return serve({ bin, dir, dataDir, port, settings });
}

/**
 * Starts a streaming replica of a cluster from startPostgres (read-only hot standby on its own port):
 * `pg_basebackup -R` copies the primary and writes the standby's connection to it; the standby then
 * replays the primary's WAL as it streams. Same controls as startPostgres.
 */
export async function startStandby(primary, { settings = {} } = {}) {
  const dir = clusterDir();
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const [c1, a1] = asPg(path.join(primary.bin, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'mirror',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  if (run(c1, a1, { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) throw new Error('pg_basebackup failed');
  return serve({ bin: primary.bin, dir, dataDir, port, settings: { hot_standby: 'on', ...settings } });
}
