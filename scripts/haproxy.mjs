// HAProxy in front of local API instances, with the deployment's own config (deploy/haproxy.cfg): for the
// multi-instance test and `bench:api --instances`. Debian's `haproxy` package (npm test installs it as root).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './pg.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HAPROXY_CONFIG = path.join(root, 'deploy', 'haproxy.cfg');

/** The haproxy binary (Debian installs it in /usr/sbin, outside a non-root PATH), or undefined. */
export function findHaproxy() {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => path.join(dir, 'haproxy')).find((file) => existsSync(file));
}

/**
 * Starts HAProxy on 127.0.0.1 (a free port unless given) over `instances` (host:port each, up to 4) and waits
 * until it answers /api/health through each of them. Returns { url, port, pid, log(), stop() }.
 */
export async function startHaproxy({ instances, port }) {
  const bin = findHaproxy();
  if (!bin) throw new Error('haproxy is missing: apt-get install haproxy (npm test installs it when run as root)');
  const listen = port ?? (await freePort());
  const env = { ...process.env, MIRROR_LISTEN: `127.0.0.1:${listen}` };
  instances.forEach((address, i) => (env[`MIRROR_APP${i + 1}`] = address));
  const child = spawn(bin, ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const url = `http://127.0.0.1:${listen}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  // Ready when a round of health checks through the balancer, one per instance, all answer 200.
  for (let i = 0; i < 400; i += 1) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${output}`);
    const answers = await Promise.all(
      instances.map(() =>
        fetch(`${url}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    if (answers.every((s) => s === 200)) return { url, port: listen, pid: child.pid, log: () => output, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`haproxy did not become ready:\n${output}`);
}
