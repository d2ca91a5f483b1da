import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadEnv } from '../src/config/env';

// No container engine runs here: the Dockerfile and compose.yaml are checked by rule instead (the rules of
// hadolint and Docker's build checks that apply, and compose's own conventions), so they do not rot.

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Instruction {
  line: number;
  keyword: string;
  args: string;
}

/** Dockerfile instructions: comments and parser directives dropped, `\` continuations joined. */
function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending: { line: number; text: string } | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (pending && line.startsWith('#')) return;
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1).trim() : line;
    pending = pending ? { line: pending.line, text: `${pending.text} ${part}` } : { line: index + 1, text: part };
    if (continued) return;
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(pending.text) ?? [];
    out.push({ line: pending.line, keyword: keyword.toUpperCase(), args });
    pending = null;
  });
  return out;
}

/** An image reference is pinned when it names a version (a tag with a digit, not `latest`) or a digest. */
function isPinnedImage(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const tag = /:([^/:]+)$/.exec(image)?.[1];
  return !!tag && tag !== 'latest' && /\d/.test(tag) && !/^\$/.test(tag);
}

const SECRET_NAME = /(SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE|CREDENTIAL|API_?KEY|ACCESS_KEY)/i;

/** The stages of a parsed Dockerfile: each FROM and the instructions up to the next. */
function stagesOf(instructions: Instruction[]) {
  const stages: { image: string; name?: string; body: Instruction[] }[] = [];
  for (const ins of instructions) {
    if (ins.keyword === 'FROM') {
      const [image = '', as, name] = ins.args.replace(/--platform=\S+\s+/, '').split(/\s+/);
      stages.push({ image, ...(as?.toUpperCase() === 'AS' && name ? { name } : {}), body: [] });
    } else {
      stages.at(-1)?.body.push(ins);
    }
  }
  return stages;
}

describe('Dockerfile', () => {
  const instructions = parseDockerfile(read('Dockerfile'));
  const stages = stagesOf(instructions);
  const runtime = stages.at(-1)!;

  it('is multi-stage on pinned base images, and copies only from earlier stages', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const names: string[] = [];
    for (const stage of stages) {
      // A stage may start from an earlier one; anything else is an image that must be pinned (DL3006, DL3007).
      if (!names.includes(stage.image)) expect(`${stage.image} pinned: ${isPinnedImage(stage.image)}`).toBe(`${stage.image} pinned: true`);
      for (const ins of stage.body.filter((i) => i.keyword === 'COPY' && i.args.includes('--from='))) {
        expect(names).toContain(/--from=(\S+)/.exec(ins.args)![1]);
      }
      if (stage.name) names.push(stage.name);
    }
    // The runtime starts from a clean image, not from the stage that holds the toolchain.
    expect(names).not.toContain(runtime.image);
  });

  it('runs as an unprivileged user, with a health check on /api/health and an exec-form command', () => {
    const users = runtime.body.filter((i) => i.keyword === 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)!.args).not.toMatch(/^(root|0)(:|$)/); // DL3002
    const cmd = runtime.body.findIndex((i) => i.keyword === 'CMD' || i.keyword === 'ENTRYPOINT');
    expect(cmd).toBeGreaterThan(runtime.body.indexOf(users.at(-1)!));
    expect(runtime.body[cmd]!.args.startsWith('[')).toBe(true); // DL3025
    expect(JSON.parse(runtime.body[cmd]!.args)).toEqual(['node', 'apps/api/dist/server.js']);
    const health = runtime.body.filter((i) => i.keyword === 'HEALTHCHECK');
    expect(health).toHaveLength(1);
    expect(health[0]!.args).toContain('/api/health');
    expect(health[0]!.args).toMatch(/--start-period=\d+/);
  });

  it('keeps secrets out of ENV and ARG, uses COPY and npm ci, and absolute WORKDIRs', () => {
    for (const ins of instructions) {
      if (ins.keyword === 'ENV' || ins.keyword === 'ARG') {
        const names = ins.args.match(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)(?==|\s|$)/g)?.map((n) => n.trim()) ?? [];
        for (const name of names) expect(`line ${ins.line}: ${name}`).not.toMatch(SECRET_NAME);
      }
      expect(`line ${ins.line}: ${ins.keyword}`).not.toBe(`line ${ins.line}: ADD`); // DL3020
      if (ins.keyword === 'WORKDIR') expect(ins.args.startsWith('/')).toBe(true); // DL3000
      if (ins.keyword === 'RUN') {
        expect(ins.args).not.toMatch(/\bnpm install\b/);
        expect(ins.args).not.toMatch(/\bsudo\b/); // DL3004
        if (/apt-get install/.test(ins.args)) expect(ins.args).toMatch(/--no-install-recommends/); // DL3015
      }
    }
    expect(instructions.some((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args))).toBe(true);
  });

  it('ships what the server reads at run time, and a .dockerignore keeps the context clean', () => {
    const copied = runtime.body.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    for (const part of ['apps/api/dist', 'apps/web/dist', 'apps/web/dist-server', 'node_modules', 'apps/api/package.json']) {
      expect(copied.some((args) => args.includes(`/app/${part} `))).toBe(true);
    }
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', '.env', '.git', '**/dist']) expect(ignored).toContain(entry);
  });
});

type Service = {
  image?: string;
  build?: unknown;
  restart?: string;
  /** YAML: an unquoted value parses as a number or boolean, an empty one as null. */
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  volumes?: string[];
};

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const services = Object.entries(compose.services);
  const apps = services.filter(([, s]) => s.build !== undefined);
  const isOneShot = (s: Service) => s.restart === 'no';

  it('runs the app twice with PostgreSQL, Redis, an S3 store, an SMTP catcher and the balancer', () => {
    expect(apps.length).toBeGreaterThanOrEqual(2);
    const images = services.map(([, s]) => s.image ?? '');
    for (const kind of [/^postgres:/, /^redis:/, /^minio\/minio:/, /^axllent\/mailpit:/, /^haproxy:/])
      expect(images.some((i) => kind.test(i))).toBe(true);
    for (const [, app] of apps) {
      for (const key of ['DATABASE_URL', 'JWT_SECRET', 'REDIS_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'SMTP_URL'])
        expect(Object.keys(app.environment ?? {})).toContain(key);
      expect(app.environment!.TRUST_PROXY).toBe('true');
    }
  });

  it('pins every image, and gives every long-running service a health check and every dependency a condition', () => {
    for (const [name, service] of services) {
      if (service.image && service.build === undefined)
        expect(`${name}: ${service.image} pinned ${isPinnedImage(service.image)}`).toBe(`${name}: ${service.image} pinned true`);
      if (!isOneShot(service))
        expect(`${name} healthcheck: ${JSON.stringify(service.healthcheck?.test ?? null)}`).toMatch(/healthcheck: \[/);
      expect(Array.isArray(service.depends_on)).toBe(false);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        const target = compose.services[dependency];
        expect(target, `${name} depends on unknown ${dependency}`).toBeDefined();
        expect(`${name} → ${dependency}: ${condition}`).toBe(
          `${name} → ${dependency}: ${isOneShot(target!) ? 'service_completed_successfully' : 'service_healthy'}`,
        );
      }
    }
  });

  it('holds no secret: each is required from the environment', () => {
    for (const [name, service] of services) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (SECRET_NAME.test(key) && !/ACCESS_KEY_ID$/.test(key))
          expect(`${name}.${key}=${String(value)}`).toMatch(/=\$\{[A-Z0-9_]+:\?[^}]+\}$/);
        // A URL may carry a password only as `${…}`.
        expect(`${name}.${key}=${String(value)}`).not.toMatch(/:\/\/[^:@/\s]+:(?!\$\{)[^@\s]+@/);
      }
    }
  });

  it('sets only variables the API knows and documents, with values it accepts', () => {
    const readme = read('README.md');
    for (const [name, app] of apps) {
      const env = Object.fromEntries(
        Object.entries(app.environment ?? {}).map(([key, value]) => {
          // `${VAR:?…}` is the operator's value (any valid one will do here); `${VAR:-default}` its default.
          const filled = String(value)
            .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'x'.repeat(40))
            .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');
          return [key, filled];
        }),
      );
      for (const key of Object.keys(env))
        expect(readme, `${name}: ${key} is not in the README's configuration table`).toContain(`\`${key}\``);
      expect(() => loadEnv(env)).not.toThrow();
    }
  });

  it("points the balancer at the app services through the deployment's HAProxy config", () => {
    const lb = services.find(([, s]) => s.image?.startsWith('haproxy:'))![1];
    expect(lb.volumes?.some((v) => v.startsWith('./deploy/haproxy.cfg:'))).toBe(true);
    expect(existsSync(path.join(root, 'deploy/haproxy.cfg'))).toBe(true);
    const targets = Object.entries(lb.environment ?? {})
      .filter(([key]) => /^MIRROR_APP\d$/.test(key))
      .map(([, v]) => v);
    expect(targets.sort()).toEqual(apps.map(([name]) => `${name}:8080`).sort());
    const config = read('deploy/haproxy.cfg');
    for (const key of Object.keys(lb.environment ?? {})) expect(config).toContain(key);
  });
});
