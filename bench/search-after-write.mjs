#!/usr/bin/env node
// `node bench/search-after-write.mjs --api <url> [--api <url> …] [--baseline <url>]` against the servers of
// `node bench/api.mjs --no-build --products 1000000 --hold` (admin token in /tmp/bench-token; a second build can serve
// the same DATABASE_URL on another port). Per API, one after the other:
// 1. one request at a time: a common word's and a typo's first search (no figure kept), kept, then the first search
//    after a stock change, three times (a stock change clears every kept figure of the catalogue);
// 2. `q=diamond` at c=50 for 20 s while the back-office changes one stock every 2 s: req/s, p50/p90/p99/max, non-2xx.
// With --baseline (bench/baseline-server.mjs): 3 rounds of c=50 ratios to its bare SELECT for diamond, sapphire, the
// typo saphire and the list (the typo costs what its correction costs). Results: bench/results/api-2026-12-05-1m-after-write.md.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const all = (name) => args.flatMap((a, i) => (a === `--${name}` && args[i + 1] ? [args[i + 1]] : []));
const apis = all('api');
const [baseline] = all('baseline');
if (apis.length === 0) throw new Error('usage: node bench/search-after-write.mjs --api <url> [--api <url>] [--baseline <url>]');
const token = readFileSync('/tmp/bench-token', 'utf8').trim();
const run = (url, connections, duration) =>
  new Promise((resolve, reject) => autocannon({ url, connections, duration }, (e, r) => (e ? reject(e) : resolve(r))));
const stockChange = (api, id) =>
  fetch(`${api}/api/products/${id}/stock`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ delta: 1 }),
  });

async function timed(label, url, init) {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const body = await res.json();
  console.log(
    `  ${label.padEnd(44)} ${res.status} ${(performance.now() - t0).toFixed(0).padStart(6)} ms  total ${body.totalElements ?? '-'}`,
  );
  return body;
}

for (const api of apis) {
  console.log(`▶ ${api}: one request at a time`);
  const id = (await timed('list (to pick a piece)', `${api}/api/products?size=1`)).content[0].id;
  for (const q of ['diamond', 'saphire']) {
    await timed(`search ${q}: first (no figure kept)`, `${api}/api/products/search?q=${q}`);
    await timed(`search ${q}: again (kept)`, `${api}/api/products/search?q=${q}`);
  }
  for (let i = 0; i < 3; i++) {
    const res = await stockChange(api, id);
    if (!res.ok) throw new Error(`stock change answered ${res.status}`);
    await timed('search diamond: first after a stock change', `${api}/api/products/search?q=diamond`);
    await timed('search diamond: next', `${api}/api/products/search?q=diamond`);
    await new Promise((r) => setTimeout(r, 4000));
  }
  console.log(`▶ ${api}: q=diamond at c=50 for 20 s, a stock change every 2 s`);
  let writes = 0;
  const writer = setInterval(() => {
    writes += 1;
    void stockChange(api, id);
  }, 2000);
  const r = await run(`${api}/api/products/search?q=diamond`, 50, 20);
  clearInterval(writer);
  console.log(
    `  ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, non-2xx ${r.non2xx}, writes ${writes}`,
  );
}

if (baseline) {
  const api = apis.at(-1);
  const targets = {
    diamond: `${api}/api/products/search?q=diamond`,
    sapphire: `${api}/api/products/search?q=sapphire`,
    'saphire (typo)': `${api}/api/products/search?q=saphire`,
    'list page 0': `${api}/api/products?page=0&size=20`,
  };
  console.log(`▶ ratios at c=50 to the bare SELECT measured just before (${api})`);
  for (const url of [`${baseline}/select`, ...Object.values(targets)]) await run(url, 50, 2);
  for (let round = 1; round <= 3; round++) {
    const base = (await run(`${baseline}/select`, 50, 5)).requests.average;
    const ratios = [];
    for (const [name, url] of Object.entries(targets))
      ratios.push(`${name} ${((await run(url, 50, 5)).requests.average / base).toFixed(2)}`);
    console.log(`  round ${round}: base ${base.toFixed(0)} req/s; ${ratios.join(', ')}`);
  }
}
