import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { JEWELRY_WEEK_UPLOAD_FOLDER, type ErrorResponse, type UploadedFile } from '@mirror/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, freePort, scratchPgDatabase, stopAfterAll } from '../helpers';
import { declaredPng } from '../png';

// Issue 14: hostile uploads against the real server process (src/server.ts), whose memory this file reads
// from /proc: wrong magic bytes, huge declared dimensions, a decompression bomb, SVG with script, zero bytes,
// path traversal in names and folders; then 20 hostile uploads at once while other requests keep answering.
// RSS: the uploads may add at most 100 MB to the process; on PostgreSQL the whole process stays ≤ 400 MB
// (on PGlite the database itself lives in the process: ~600 MB before the first upload).

const apiDir = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'mirror-uploads-'));
const pgAdminUrl = process.env.TEST_DATABASE_URL;
let scratch: Awaited<ReturnType<typeof scratchPgDatabase>> | undefined;
const RSS_GROWTH_MAX_MB = 100;
const RSS_MAX_MB_ON_POSTGRES = 400;

let child: ChildProcess;
let baseUrl: string;
let output = '';

const stopLater = stopAfterAll();
beforeAll(async () => {
  stopLater(() => scratch?.drop());
  stopLater(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseEnv: Record<string, string> = {};
  if (pgAdminUrl) {
    scratch = await scratchPgDatabase('mirror_uploads');
    databaseEnv = { DATABASE_URL: scratch.url, JWT_SECRET: 'uploads-test-secret-0123456789abcdef-xyz' };
  }
  const port = await freePort();
  // `node --import tsx`: the measured pid is the server itself, not a wrapper.
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      UPLOAD_MAX_MB: '2',
      UPLOAD_ANON_RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_MAX: '100000',
      ...databaseEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = server;
  stopLater(async () => {
    if (server.exitCode === null) {
      await new Promise((r) => {
        server.once('exit', r);
        server.kill('SIGTERM');
      });
    }
  });
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no health in time: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);

// ---------- files ----------
/** An RGB PNG whose header declares width × height; `rows` of zero pixels are actually compressed (0: none). */
function png(width: number, height: number, rows = height): Buffer {
  return declaredPng(width, height, { rows, channels: 3 });
}
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>fetch("/api/users/me")</script></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(120)]);
let realPng: Buffer;
let bomb: Buffer;

/** The answer to one upload: its status and its body (JSON parsed, else the text), for the caller to narrow. */
async function upload(
  file: Buffer,
  {
    name = 'piece.png',
    type = 'image/png',
    folderPath = JEWELRY_WEEK_UPLOAD_FOLDER,
    bucketName,
    token,
    field = 'file',
  }: { name?: string; type?: string; folderPath?: string; bucketName?: string; token?: string; field?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append('folderPath', folderPath);
  if (bucketName) form.append('bucketName', bucketName);
  form.append(field, new Blob([new Uint8Array(file)], { type }), name);
  const res = await fetch(`${baseUrl}/api/files/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

function memory(): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

describe('hostile uploads', () => {
  beforeAll(async () => {
    realPng = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 170, b: 120 } } })
      .png()
      .toBuffer();
    bomb = png(6000, 6000); // 36 MP of zeros in ~100 KB
  });

  it('judges a file by its bytes, not its name or declared type', async () => {
    const disguised = await upload(realPng, { name: 'evil.html', type: 'text/html' });
    expect(disguised.status).toBe(201);
    const stored = disguised.body as UploadedFile;
    expect(stored.contentType).toBe('image/png');
    expect(stored.key).toMatch(/\.png$/);
    const served = await fetch(baseUrl + stored.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    for (const [what, file, type, name] of [
      ['HTML declared as a PNG', HTML, 'image/png', 'photo.png'],
      ['an executable declared as a JPEG', ELF, 'image/jpeg', 'photo.jpg'],
      ['SVG with script, declared as SVG', SVG, 'image/svg+xml', 'logo.svg'],
      ['SVG with script, declared as a PNG', SVG, 'image/png', 'logo.png'],
      ['a JPEG signature followed by HTML', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]), 'image/jpeg', 'photo.jpg'],
      ['a truncated PNG', realPng.subarray(0, Math.floor(realPng.length / 2)), 'image/png', 'half.png'],
    ] as const) {
      const res = await upload(file, { type, name });
      expect(res.status, what).toBe(415);
      expectErrorShape(res.body, 415, 'UNSUPPORTED_FILE_TYPE');
    }
  });

  it('refuses huge declared dimensions and a decompression bomb before decoding them (413)', async () => {
    for (const [what, file] of [
      ['100,000 × 100,000 declared in 65 bytes', png(100_000, 100_000, 0)],
      ['36 MP of zeros in 100 KB', bomb],
      ['1 × 30,000,000', png(1, 30_000_000, 0)],
    ] as const) {
      const res = await upload(file);
      expect(res.status, what).toBe(413);
      expectErrorShape(res.body, 413, 'PAYLOAD_TOO_LARGE');
      expect(res.body.details).toEqual([{ path: 'file', message: expect.stringMatching(/^At most/) as unknown }]);
    }
    const tooBig = await upload(Buffer.concat([realPng, Buffer.alloc(3 * 1_048_576)]));
    expect(tooBig.status).toBe(413);
  });

  it('refuses an empty file, a second file and a misnamed field (400)', async () => {
    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect((empty.body as ErrorResponse).details).toEqual([{ path: 'file', message: 'Attach a non-empty file' }]);
    expect((await upload(realPng, { field: 'avatar' })).status).toBe(400);
    const form = new FormData();
    form.append('folderPath', JEWELRY_WEEK_UPLOAD_FOLDER);
    form.append('file', new Blob([new Uint8Array(realPng)], { type: 'image/png' }), 'a.png');
    form.append('file', new Blob([new Uint8Array(realPng)], { type: 'image/png' }), 'b.png');
    expect((await fetch(`${baseUrl}/api/files/upload`, { method: 'POST', body: form })).status).toBe(400);
  });

  it('never lets a name, folder or bucket choose where a file lands, nor a download path leave the store', async () => {
    const named = await upload(realPng, { name: '../../../../etc/cron.d/evil.png' });
    expect(named.status).toBe(201);
    expect((named.body as UploadedFile).key).toMatch(new RegExp(`^[a-z0-9-]+/${JEWELRY_WEEK_UPLOAD_FOLDER}/[0-9a-f-]{36}\\.png$`));
    // Visitors may only write to the jewelry-week folder; other folders need an account, and no folder may climb.
    for (const folderPath of ['../../etc', `${JEWELRY_WEEK_UPLOAD_FOLDER}/../../../etc`, '/etc/passwd', 'products/..%2f..%2fetc']) {
      const res = await upload(realPng, { folderPath });
      expect([400, 401], folderPath).toContain(res.status);
    }
    for (const bucketName of ['../etc', 'other-bucket', '%2e%2e'])
      expect((await upload(realPng, { bucketName })).status, bucketName).toBe(400);
    for (const p of [
      '/api/files/..%2f..%2f..%2fetc%2fpasswd',
      '/api/files/%2e%2e/%2e%2e/etc/passwd',
      '/api/files/mirror-storage/..%2f..%2fpackage.json',
      '/api/files/mirror-storage/%00.png',
    ]) {
      const res = await fetch(baseUrl + p);
      const text = await res.text();
      expect([400, 404], p).toContain(res.status);
      expect(text).not.toMatch(/root:|"name":\s*"@mirror/);
    }
  });

  it('20 hostile uploads at once: every one refused, other requests still answered, RSS bounded', { timeout: 120_000 }, async () => {
    const hostile = [
      ...Array.from({ length: 8 }, () => bomb),
      ...Array.from({ length: 6 }, (_, i) => png(50_000 + i, 50_000, 0)),
      SVG,
      HTML,
      ELF,
      Buffer.alloc(0),
      realPng.subarray(0, 400),
      png(20_000, 20_000, 0),
    ];
    expect(hostile).toHaveLength(20);
    const before = memory();
    let peakMb = before.rssMb;
    const poll = setInterval(() => {
      peakMb = Math.max(peakMb, memory().rssMb);
    }, 10);
    // Meanwhile a visitor keeps browsing.
    const browsing = new AbortController();
    const other: number[] = [];
    const visitor = (async () => {
      while (!browsing.signal.aborted) {
        for (const p of ['/api/health', '/api/products?size=5', '/api/collections']) other.push((await fetch(baseUrl + p)).status);
      }
    })();
    const answers = await Promise.all(hostile.map((file) => upload(file)));
    browsing.abort();
    await visitor;
    for (const p of ['/api/health', '/api/products?size=5']) other.push((await fetch(baseUrl + p)).status);
    clearInterval(poll);
    const after = memory();
    peakMb = Math.max(peakMb, after.rssMb, after.hwmMb > before.hwmMb ? after.hwmMb : 0);

    const statuses = answers.map((a) => a.status);
    console.info(
      `hostile uploads: 20 at once → ${JSON.stringify(statuses.reduce<Record<number, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {}))}; ` +
        `RSS ${Math.round(before.rssMb)} MB before, peak ${Math.round(peakMb)} MB (+${Math.round(peakMb - before.rssMb)} MB); ${other.length} other requests answered meanwhile (${pgAdminUrl ? 'PostgreSQL' : 'PGlite'})`,
    );
    expect(statuses.every((s) => s >= 400 && s < 500)).toBe(true);
    expect(statuses.filter((s) => s === 413)).toHaveLength(15);
    for (const a of answers) expectErrorShape(a.body, a.status);
    expect(other.length).toBeGreaterThanOrEqual(5);
    expect(other.every((s) => s === 200)).toBe(true);
    expect(peakMb - before.rssMb).toBeLessThanOrEqual(RSS_GROWTH_MAX_MB);
    if (pgAdminUrl) expect(peakMb).toBeLessThanOrEqual(RSS_MAX_MB_ON_POSTGRES);
  });
});
