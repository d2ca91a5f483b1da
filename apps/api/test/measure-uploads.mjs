// Usage: node apps/api/test/measure-uploads.mjs http://localhost:PORT SERVER_PID  (server started with UPLOAD_ANON_RATE_LIMIT_MAX raised)
// 20 concurrent hostile anonymous uploads against a running server; prints peak RSS and whether other requests answer.
import { deflateSync, crc32 } from 'node:zlib';
import { readFileSync } from 'node:fs';
const [base, pid] = [process.argv[2], process.argv[3]];
function chunk(type, data) {
  const l = Buffer.alloc(4);
  l.writeUInt32BE(data.length);
  const b = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const c = Buffer.alloc(4);
  c.writeUInt32BE(crc32(b));
  return Buffer.concat([l, b, c]);
}
function png(w, h, colour, rows = h) {
  const i = Buffer.alloc(13);
  i.writeUInt32BE(w, 0);
  i.writeUInt32BE(h, 4);
  i[8] = 8;
  i[9] = colour;
  const bpp = colour === 2 ? 3 : 1;
  const d = deflateSync(Buffer.alloc(rows * (w * bpp + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', i),
    chunk('IDAT', d),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const rss = () => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const g = (k) => Number(s.match(new RegExp(`${k}:\\s+(\\d+)`))[1]) / 1024;
  return { rss: g('VmRSS'), hwm: g('VmHWM') };
};
async function up(buf) {
  const f = new FormData();
  f.append('folderPath', 'jewelry-week/submissions');
  f.append('file', new Blob([buf], { type: 'image/png' }), 'x.png');
  const r = await fetch(`${base}/api/files/upload`, { method: 'POST', body: f });
  return r.status;
}
const cases = {
  'declared 100000x100000 (tiny)': png(100000, 100000, 0, 0),
  '6000x6000 RGB zeros (36 MP bomb)': png(6000, 6000, 2),
  '4800x5000 RGB zeros (24 MP, at the anonymous bound)': png(4800, 5000, 2),
};
console.log('before', rss());
for (const [name, buf] of Object.entries(cases)) {
  let peak = 0;
  const poll = setInterval(() => {
    peak = Math.max(peak, rss().rss);
  }, 20);
  const health = [];
  const ticker = setInterval(async () => {
    const t0 = performance.now();
    const r = await fetch(`${base}/api/health`).catch(() => null);
    health.push([r?.status, Math.round(performance.now() - t0)]);
  }, 200);
  const t0 = performance.now();
  const statuses = await Promise.all(Array.from({ length: 20 }, () => up(buf)));
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  clearInterval(poll);
  clearInterval(ticker);
  const counts = statuses.reduce((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {});
  const worst = Math.max(0, ...health.map((h) => h[1]));
  console.log(
    JSON.stringify({
      name,
      bytes: buf.length,
      statuses: counts,
      wallSeconds: secs,
      peakRssMB: Math.round(peak),
      vmHwmMB: Math.round(rss().hwm),
      healthChecks: health.length,
      healthAllOk: health.every((h) => h[0] === 200 || h[0] === 503),
      worstHealthMs: worst,
    }),
  );
}
