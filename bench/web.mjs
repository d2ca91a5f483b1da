#!/usr/bin/env node
// `npm run bench:web [-- --runs 3] [--url http://localhost:8080] [--no-build]
//   [--routes /home,/collections/{id}] [--form-factors mobile] [--json-dir /tmp/lh]]`
//
// --routes and --form-factors measure a subset (`{id}` = the first collection, `{product}` the first
// product, `{article}` the newest article, `{ring}` the first ring); a subset run prints
// its rows but only writes bench/results when --out <file> is given. --json-dir keeps every
// Lighthouse report (JSON, with the trace-derived audits) for investigation.
// Lighthouse 12 with Debian's Chromium against the production build served by the API: mobile
// (Lighthouse's default Moto G emulation, simulated slow 4G) and desktop, `runs` times per route,
// median run by performance score. Also measures each route's initial JS (gzip) from the scripts
// Lighthouse saw loading, and checks that no three.js chunk is among them. Writes
// bench/results/web-<date>.md. Without --url it builds, then starts a throwaway server (PGlite).
//
// By default every storefront route is measured (issue 13 §16): the prepared eight, a product page, an
// article, the archive, services, support, contact, about, all gems, the jewelry week, the new cut, the
// welcome entrance (/), /hover-expand, sign-in and registration (/auth/login, /auth/register), and
// /user-profile signed in as the demo customer (BENCH_CUSTOMER_USER / _PASSWORD): its content is private,
// so it is audited the way a client sees it. Beside Lighthouse's figures, each row records what a busy
// machine cannot blur: the initial JS (gzip), the number of requests, and whether the HTML arrives
// rendered (readable without JavaScript). The load average is written with the results.
// The 3D routes (/view-360?product=<the first demo ring>, `{ring}` in --routes; /immersive-showroom)
// have their own targets (THREE_D_BUDGET: mobile performance ≥ 90, accessibility 100, CLS ≤ 0.02).
// A script counts as three.js by its content (three's `__THREE__` revision mark; chunk names do not
// say it: three lands in a chunk named after another module). The 360° view loads three.js after the
// page by design (reported as "lazy", apart from the initial JS); the salon must not before
// "Enter the salon". API_BUILD_DIR / WEB_BUILD_DIR (WEB_DIST) serve a build of one's own.
//
// Back-office entry, reported apart from the storefront routes: /dashboard/admin on desktop, signed
// in as an admin (BENCH_ADMIN_USER / BENCH_ADMIN_PASSWORD, default the demo `admin`): fresh tokens go
// into localStorage through puppeteer before each audit and Lighthouse keeps storage
// (`disableStorageReset`). Its check is accessibility 100; a miss makes the run exit with 1. It runs
// in a full run and whenever --routes lists /dashboard/admin (with desktop among the form factors).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startServedBuild } from './served-build.mjs';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const RUNS = Number(option('runs', 3));
const ROUTES = option('routes', null)?.split(',').filter(Boolean) ?? null;
const FORM_FACTORS = option('form-factors', 'mobile,desktop').split(',').filter(Boolean);
const JSON_DIR = option('json-dir', null);
const OUT = option('out', null);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
// Issue 13 §16: every storefront route as fast as the prepared ones.
const BUDGET = { performance: 98, lcpMs: 1800, cls: 0.02, tbtMs: 100, accessibility: 100, initialJsKb: 150 };
const THREE_D_BUDGET = { performance: 90, cls: 0.02, accessibility: 100 };
const isThreeDRoute = (route) => /^\/(view-360|immersive-showroom)\b/.test(route);
const ADMIN_ROUTE = '/dashboard/admin';
const ADMIN_BUDGET = { accessibility: 100 };
const ADMIN_USER = process.env.BENCH_ADMIN_USER ?? 'admin';
const ADMIN_PASSWORD = process.env.BENCH_ADMIN_PASSWORD ?? 'Mirror-Demo-2025';
/** Storefront routes measured signed in (their content is private), and as whom. */
const SIGNED_IN = new Map([
  [
    '/user-profile',
    { username: process.env.BENCH_CUSTOMER_USER ?? 'customer', password: process.env.BENCH_CUSTOMER_PASSWORD ?? 'Mirror-Demo-2025' },
  ],
]);

/** The newest article's slug, from the journal's Markdown files (their `date:` front matter). */
function newestArticle() {
  const dir = path.join(root, 'apps/web/src/content/news');
  const dated = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ slug: f.replace(/\.md$/, ''), date: /^date:\s*(\S+)/m.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1] ?? '' }));
  return dated.sort((a, b) => (a.date < b.date ? 1 : -1))[0]?.slug;
}

const cleanups = [];
async function cleanup() {
  for (const c of cleanups.splice(0).reverse()) {
    try {
      await c();
    } catch {
      /* best effort */
    }
  }
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** A script's gzip size (KB) and whether it holds three.js (its `__THREE__` revision mark). */
async function script(url, cache) {
  if (!cache.has(url)) {
    // Once more if the connection closes under it (a kept-alive socket the server has just closed).
    const read = async () => Buffer.from(await (await fetch(url)).arrayBuffer());
    const body = await read().catch(read);
    cache.set(url, { kb: gzipSync(body, { level: 9 }).length / 1024, isThree: body.includes('__THREE__') });
  }
  return cache.get(url);
}

async function gzipKb(url, cache) {
  return (await script(url, cache)).kb;
}

/** The first ring of the demo catalogue (a category named …ring…, not earrings), for /view-360. */
async function firstRingId(base) {
  const categories = await (await fetch(`${base}/api/categories?size=100`)).json();
  const rings = (categories.content ?? categories).filter((c) => /ring/i.test(c.name) && !/earring/i.test(c.name));
  for (const category of rings) {
    const products = await (await fetch(`${base}/api/products?size=1&sort=name,asc&categoryId=${category.id}`)).json();
    const ring = products.content?.find((p) => p.categoryId === category.id);
    if (ring) return ring.id;
  }
  return null;
}

/**
 * Signs in through the API and stores the tokens where the app keeps them (docs/product.md §3), in the
 * browser Lighthouse drives, so the next audit loads the page as that user.
 */
async function signInBrowser(base, port, { username, password } = { username: ADMIN_USER, password: ADMIN_PASSWORD }) {
  const response = await fetch(`${base}/api/auth/authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`signing in as ${username} failed: ${response.status}`);
  const { accessToken, refreshToken } = await response.json();
  await inBrowser(
    base,
    port,
    (access, refresh) => {
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
    },
    [accessToken, refreshToken],
  );
}

/**
 * Removes the tokens again after a signed-in route's audits. Lighthouse's own storage reset leaves localStorage
 * as it is: without this, every route audited after /user-profile loaded as the signed-in customer (its private
 * frame, `/api/users/me` and the page's data fetched again: /immersive-showroom 40 → 52 requests, 95 → 81–85).
 */
async function signOutBrowser(base, port) {
  await inBrowser(base, port, () => localStorage.clear(), []);
}

/** Runs `fn(...args)` in a light same-origin page of the browser Lighthouse drives (localStorage belongs to the origin). */
async function inBrowser(base, port, fn, args) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/auth/login`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(fn, ...args);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

async function audit(url, formFactor, port, run, extraFlags = {}) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...extraFlags };
  let result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  // A run whose trace Lighthouse could not read (NO_NAVSTART, NO_FCP on a starved machine) measured
  // nothing: run it again, at most twice.
  for (let retry = 0; result.lhr.runtimeError && retry < 2; retry += 1) {
    console.warn(`${url} ${formFactor}: ${result.lhr.runtimeError.code}, running again`);
    result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  }
  if (result.lhr.runtimeError) throw new Error(`${url} ${formFactor}: ${result.lhr.runtimeError.message}`);
  const lhr = result.lhr;
  if (JSON_DIR) {
    mkdirSync(JSON_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/[0-9a-f-]{36}/, 'id').replace(/\W+/g, '_')}-${formFactor}-${run}.json`;
    writeFileSync(path.join(JSON_DIR, name), result.report);
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin)).map((r) => r.url);
  return {
    requests: requests.length,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    scripts,
  };
}

async function main() {
  const base = option('url', null) ?? (await startServedBuild({ name: 'web', build: !args.includes('--no-build'), cleanups }));
  const collections = await (await fetch(`${base}/api/collections?size=1`)).json();
  const collectionId = collections.content[0]?.id;
  const productId = (await (await fetch(`${base}/api/products?size=1`)).json()).content[0]?.id;
  const article = newestArticle();
  const ringId = await firstRingId(base);
  const fill = (r) =>
    r
      .replace('{id}', collectionId ?? '')
      .replace('{product}', productId ?? '')
      .replace('{article}', article ?? '')
      .replace('{ring}', ringId ?? '');
  const all = [
    '/',
    '/home',
    '/collections',
    '/collections/{id}',
    '/products',
    '/products-v2',
    '/products-left',
    '/products/{product}',
    '/all-gems',
    '/news',
    '/news/{article}',
    '/all-news',
    '/services',
    '/services/detail',
    '/support',
    '/contact',
    '/about',
    '/locations',
    '/mirror-in-milan-digital-jewelry-week',
    '/new-cut',
    '/hover-expand',
    '/auth/login',
    '/auth/register',
    '/user-profile',
    ringId ? '/view-360?product={ring}' : null,
    '/immersive-showroom',
  ]
    .filter(Boolean)
    .map(fill);
  const routes = (ROUTES ? ROUTES.map(fill) : all).filter((r) => r !== ADMIN_ROUTE);
  const loadBefore = loadavg();
  const hasAdmin = (!ROUTES || ROUTES.includes(ADMIN_ROUTE)) && FORM_FACTORS.includes('desktop');
  const isFullRun = !ROUTES && FORM_FACTORS.length === 2;

  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  cleanups.push(() => chrome.kill());
  const sizeCache = new Map();
  const rows = [];
  for (const route of routes) {
    for (const formFactor of FORM_FACTORS) {
      // A warm-up load so the server's first-hit costs are not measured; its HTML says whether the page
      // arrives rendered (`#root[data-ssr]` with the page's heading: readable without JavaScript).
      const html = await (await fetch(`${base}${route}`)).text();
      const root = /<div id="root" data-ssr="">([\s\S]*)<\/div>/.exec(html)?.[1] ?? null;
      const rendered = root === null ? 'no' : /<h1[\s>]/.test(root) ? 'yes' : 'frame';
      const signedIn = SIGNED_IN.get(route.split('?')[0]);
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        if (signedIn) await signInBrowser(base, chrome.port, signedIn);
        runs.push(await audit(`${base}${route}`, formFactor, chrome.port, i, signedIn ? { disableStorageReset: true } : {}));
      }
      if (signedIn) await signOutBrowser(base, chrome.port);
      const byScore = [...runs].sort((a, b) => a.performance - b.performance);
      const mid = byScore[Math.floor(byScore.length / 2)];
      // three.js is counted apart: on /view-360 it comes after the page (lazily, by design).
      let jsKb = 0;
      let threeKb = 0;
      for (const url of mid.scripts) {
        const { kb, isThree } = await script(url, sizeCache);
        if (isThree) threeKb += kb;
        else jsKb += kb;
      }
      const hasThree = threeKb > 0;
      const row = {
        route,
        formFactor,
        performance: mid.performance,
        accessibility: median(runs.map((r) => r.accessibility)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        jsKb,
        scripts: mid.scripts.length,
        requests: mid.requests,
        rendered,
        signedIn: signedIn?.username ?? null,
        hasThree,
        threeKb,
      };
      rows.push(row);
      console.log(
        `${route.padEnd(48)} ${formFactor.padEnd(7)} perf ${row.performance} a11y ${row.accessibility} LCP ${Math.round(row.lcpMs)} ms CLS ${row.cls.toFixed(3)} TBT ${Math.round(row.tbtMs)} ms JS ${row.jsKb.toFixed(1)} KB${row.hasThree ? ` + three.js ${row.threeKb.toFixed(1)} KB` : ''}, ${row.requests} requests, rendered: ${rendered}`,
      );
    }
  }

  const adminRows = [];
  if (hasAdmin) {
    await fetch(`${base}${ADMIN_ROUTE}`);
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      // Fresh tokens per run: access tokens are short-lived and refresh tokens single-use.
      await signInBrowser(base, chrome.port);
      runs.push(await audit(`${base}${ADMIN_ROUTE}`, 'desktop', chrome.port, i, { disableStorageReset: true }));
    }
    const mid = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
    let jsKb = 0;
    for (const script of mid.scripts) jsKb += await gzipKb(script, sizeCache);
    const row = {
      route: ADMIN_ROUTE,
      formFactor: 'desktop',
      performance: mid.performance,
      // The check: the lowest of the runs, so one clean run cannot hide a failing one.
      accessibility: Math.min(...runs.map((r) => r.accessibility)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      cls: median(runs.map((r) => r.cls)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      jsKb,
      scripts: mid.scripts.length,
    };
    adminRows.push(row);
    console.log(
      `${`${ADMIN_ROUTE} (signed in as ${ADMIN_USER})`.padEnd(48)} desktop perf ${row.performance} a11y ${row.accessibility} LCP ${Math.round(row.lcpMs)} ms CLS ${row.cls.toFixed(3)} TBT ${Math.round(row.tbtMs)} ms JS ${row.jsKb.toFixed(1)} KB`,
    );
    if (row.accessibility < ADMIN_BUDGET.accessibility) {
      console.error(`back-office check failed: ${ADMIN_ROUTE} accessibility ${row.accessibility} < ${ADMIN_BUDGET.accessibility}`);
      process.exitCode = 1;
    }
  }

  const ok = (cond) => (cond ? '✓' : '✗');
  const date = new Date().toISOString().slice(0, 10);
  const loadAfter = loadavg();
  const load = (l) => l.map((n) => n.toFixed(2)).join(' / ');
  const lines = [
    `# Web benchmark — ${date}`,
    '',
    `Lighthouse 12 (${RUNS} runs per route and form factor, median by performance score; LCP/CLS/TBT are medians), Debian Chromium headless, ${cpus().length} CPU(s). Mobile = Lighthouse default emulation (Moto G Power, simulated slow 4G, 4× CPU slowdown); desktop = Lighthouse desktop config. Served by the production API build.`,
    '',
    `Load average (1 / 5 / 15 min): ${load(loadBefore)} at the start, ${load(loadAfter)} at the end. Lighthouse multiplies every observed main-thread task by 4: on a busy machine performance, LCP and TBT read worse than the page is; initial JS, requests and server rendering do not move.`,
    '',
    `Budgets: mobile performance ≥ ${BUDGET.performance}, LCP ≤ ${BUDGET.lcpMs} ms, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms, accessibility ${BUDGET.accessibility}; initial JS ≤ ${BUDGET.initialJsKb} KB gzip (three.js excluded, found by content); no three.js in a storefront route's load, except /view-360 (after the page, by design). 3D routes (/view-360, /immersive-showroom): mobile performance ≥ ${THREE_D_BUDGET.performance}, CLS ≤ ${THREE_D_BUDGET.cls}, accessibility ${THREE_D_BUDGET.accessibility}. Server-rendered: the HTML carries the page (yes), its frame only (frame: private content), or nothing (no).`,
    '',
    '| Route | Form factor | Performance | LCP (ms) | CLS | TBT (ms) | Accessibility | Initial JS (KB ' +
      'gzip, files) | Requests | Server-rendered | three.js | Within budget |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|',
    ...rows.map((r) => {
      const isThreeD = isThreeDRoute(r.route);
      const within = isThreeD
        ? r.jsKb <= BUDGET.initialJsKb &&
          (r.route.startsWith('/view-360') || !r.hasThree) &&
          r.accessibility >= THREE_D_BUDGET.accessibility &&
          (r.formFactor === 'desktop' || (r.performance >= THREE_D_BUDGET.performance && r.cls <= THREE_D_BUDGET.cls))
        : r.jsKb <= BUDGET.initialJsKb &&
          !r.hasThree &&
          r.accessibility >= BUDGET.accessibility &&
          (r.formFactor === 'desktop' ||
            (r.performance >= BUDGET.performance && r.lcpMs <= BUDGET.lcpMs && r.cls <= BUDGET.cls && r.tbtMs <= BUDGET.tbtMs));
      const three = r.hasThree ? `${r.route.startsWith('/view-360') ? 'lazy' : 'loaded'} (${r.threeKb.toFixed(1)} KB)` : 'absent';
      const name = `${r.route.replace(/[0-9a-f-]{36}/, '{id}')}${r.signedIn ? ` (signed in as ${r.signedIn})` : ''}`;
      return `| ${name} | ${r.formFactor} | ${r.performance} | ${Math.round(r.lcpMs)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} | ${r.accessibility} | ${r.jsKb.toFixed(1)} (${r.scripts}) | ${r.requests} | ${r.rendered} | ${three} | ${ok(within)} |`;
    }),
    '',
    ...(adminRows.length === 0
      ? []
      : [
          '## Back-office (signed in)',
          '',
          `Lighthouse desktop config, ${RUNS} run(s), signed in as \`${ADMIN_USER}\` (tokens in localStorage before each audit, storage kept). Check: accessibility ${ADMIN_BUDGET.accessibility} in every run; the other figures are for reference (the back-office is not a first-visit page).`,
          '',
          '| Route | Form factor | Performance | LCP (ms) | CLS | TBT (ms) | Accessibility | JS loaded (KB gzip, files) | Within budget |',
          '|---|---|---:|---:|---:|---:|---:|---:|---|',
          ...adminRows.map(
            (r) =>
              `| ${r.route} | ${r.formFactor} | ${r.performance} | ${Math.round(r.lcpMs)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} | ${r.accessibility} | ${r.jsKb.toFixed(1)} (${r.scripts}) | ${ok(r.accessibility >= ADMIN_BUDGET.accessibility)} |`,
          ),
          '',
        ]),
  ];
  if (!isFullRun && !OUT) {
    console.log('subset run: bench/results not written (pass --out <file> to keep it)');
    return;
  }
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const out = OUT ? path.resolve(OUT) : path.join(root, 'bench/results', `web-${date}.md`);
  writeFileSync(out, lines.join('\n'));
  console.log(`wrote ${path.relative(root, out)}`);
}

main()
  .then(cleanup)
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
