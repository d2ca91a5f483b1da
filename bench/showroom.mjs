#!/usr/bin/env node
// `npm run bench:showroom [-- --url http://localhost:8080] [--no-build] [--runs 3] [--frames 8]
//   [--viewports desktop,mobile] [--out <file>]`
//
// The salon (/immersive-showroom, decisions §76) in headless Debian Chromium with a software
// GL (--disable-gpu: SwiftShader, a floor — a phone's GPU does better), per viewport and run:
// - load: navigation to the "Enter the salon" door, then the click to the scene ready (every model
//   fetched, parsed, merged, shaders compiled: the salon's test probe says `ready`);
// - draw calls and triangles of every frame drawn at each stop of a scripted walk (one stop per case,
//   then two steps back towards the room's centre and a turn), against the budgets (≤ 150, ≤ 1M);
// - frame time: the render of one frame until it is drawn (`scene.measure` reads a pixel back; 8 frames at each stop — seconds each on a software GL)
//   and, while gliding between the cases, the time between the frames the page presented;
// - JS heap used after a garbage collection, before entering and once in the salon, and the
//   renderer's live geometries and textures.
// The test probe (`window.__mirrorShowroom`) exists only under automation (navigator.webdriver).
// Median of the runs per figure. Writes bench/results/showroom-<date>.md (or --out), with the machine's
// load average before and after: the machine may be shared, and software GL is CPU-bound.
// Without --url it builds (unless --no-build), then starts a throwaway server (PGlite) like bench:web;
// API_BUILD_DIR / WEB_BUILD_DIR (WEB_DIST) serve a build of one's own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { startServedBuild } from './served-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const RUNS = Number(option('runs', 3));
const FRAMES = Number(option('frames', 8));
const OUT = option('out', null);
const VIEWPORTS = {
  desktop: { width: 1440, height: 900, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  mobile: { width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};
const CHOSEN = option('viewports', 'desktop,mobile')
  .split(',')
  .filter((v) => v in VIEWPORTS);
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const BUDGET = { calls: 150, triangles: 1_000_000 };

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
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

async function heapUsed(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize').value;
}

/** One visit: load, enter, walk; every figure of the run. */
async function visit(browser, base, viewport, { isWarmUp = false } = {}) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(viewport);
    const cdp = await page.createCDPSession();
    await cdp.send('Performance.enable');
    const t0 = Date.now();
    await page.goto(`${base}/immersive-showroom`, { waitUntil: 'load' });
    const door = await page.waitForSelector('[data-testid="salon-door"] button:not([disabled])', { timeout: 120_000 });
    const doorMs = Date.now() - t0;
    const heapBefore = await heapUsed(cdp);
    await door.scrollIntoView();
    const t1 = Date.now();
    await door.click();
    await page.waitForFunction(() => window.__mirrorShowroom?.ready === true, { timeout: 600_000, polling: 100 });
    const readyMs = Date.now() - t1;
    const renderer = await page.evaluate(() => {
      const s = window.__mirrorShowroom.scene.stats();
      return { geometries: s.geometries, textures: s.textures };
    });
    const heapIn = await heapUsed(cdp);
    if (isWarmUp) return null;

    // The walk: every case in turn (gliding: the frames presented on the way are timed), a render
    // measure at each stop; then back towards the centre and a turn, the widest view of the room.
    // One call per step, so a slow software GL never holds one protocol call for minutes.
    await page.evaluate(() => {
      const scene = window.__mirrorShowroom.scene;
      window.__benchIntervals = [];
      window.__benchGlide = (move) =>
        new Promise((resolve) => {
          move(scene);
          let last = performance.now();
          let quiet = 0;
          let previous = JSON.stringify(scene.view());
          const step = (now) => {
            const view = JSON.stringify(scene.view());
            if (view !== previous) {
              window.__benchIntervals.push(now - last);
              quiet = 0;
            } else quiet += 1;
            previous = view;
            last = now;
            if (quiet > 3) resolve();
            else requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        });
    });
    // The case switcher says "n / N" (one case: no switcher).
    const cases = await page.evaluate(() =>
      Number(/\/\s*(\d+)/.exec(document.querySelector('[data-testid="salon-stage"] p[aria-live]')?.textContent ?? '')?.[1] ?? 1),
    );
    const out = [];
    for (let i = 0; i <= cases; i += 1) {
      const isLast = i === cases;
      await page.evaluate(
        (index, last) =>
          window.__benchGlide((scene) => {
            if (!last) return scene.focusCase(index);
            scene.walk(-1, 0);
            scene.walk(-1, 0);
            scene.turn(Math.PI / 5);
          }),
        i,
        isLast,
      );
      const measured = await page.evaluate((frames) => window.__mirrorShowroom.scene.measure(frames), FRAMES);
      out.push({ stop: isLast ? 'centre, turned' : `case ${i + 1}`, ...measured });
    }
    const stops = { stops: out, intervals: await page.evaluate(() => window.__benchIntervals) };
    return { doorMs, readyMs, heapBefore, heapIn, renderer, ...stops };
  } finally {
    await context.close();
  }
}

async function main() {
  const loadBefore = loadavg();
  const base = option('url', null) ?? (await startServedBuild({ name: 'showroom', build: !args.includes('--no-build'), cleanups }));
  // A software GL on a busy machine can take minutes over one step: no protocol timeout.
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROME_ARGS, protocolTimeout: 0 });
  cleanups.push(() => browser.close());
  const version = await browser.version();
  // A warm-up visit: the server's first model builds and the browser's caches are not what is measured.
  await visit(browser, base, VIEWPORTS.desktop, { isWarmUp: true });
  console.log('warm-up visit done');

  const rows = [];
  for (const name of CHOSEN) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const run = await visit(browser, base, VIEWPORTS[name]);
      runs.push(run);
      const times = run.stops.flatMap((s) => s.times);
      console.log(
        `${name} run ${i + 1}: door ${run.doorMs} ms, ready ${run.readyMs} ms, calls ≤ ${Math.max(...run.stops.map((s) => s.calls))}, triangles ≤ ${Math.max(...run.stops.map((s) => s.triangles))}, render ${median(times).toFixed(1)} / ${percentile(times, 0.95).toFixed(1)} ms, presented ${run.intervals.length ? `${median(run.intervals).toFixed(1)} / ${percentile(run.intervals, 0.95).toFixed(1)} ms` : '—'}, heap ${(run.heapIn / 1048576).toFixed(1)} MB`,
      );
    }
    const renderTimes = runs.map((r) => r.stops.flatMap((s) => s.times));
    const presented = runs.map((r) => r.intervals).filter((v) => v.length > 0);
    rows.push({
      name,
      viewport: VIEWPORTS[name],
      doorMs: median(runs.map((r) => r.doorMs)),
      readyMs: median(runs.map((r) => r.readyMs)),
      calls: Math.max(...runs.flatMap((r) => r.stops.map((s) => s.calls))),
      triangles: Math.max(...runs.flatMap((r) => r.stops.map((s) => s.triangles))),
      renderMedian: median(renderTimes.map((t) => median(t))),
      renderP95: median(renderTimes.map((t) => percentile(t, 0.95))),
      presentedMedian: presented.length ? median(presented.map((t) => median(t))) : null,
      presentedP95: presented.length ? median(presented.map((t) => percentile(t, 0.95))) : null,
      heapBefore: median(runs.map((r) => r.heapBefore)),
      heapIn: median(runs.map((r) => r.heapIn)),
      renderer: runs[0].renderer,
      stops: runs[0].stops.map((s) => ({ stop: s.stop, calls: s.calls, triangles: s.triangles })),
    });
  }
  const loadAfter = loadavg();

  const mb = (bytes) => (bytes / 1048576).toFixed(1);
  const ms = (v) => (v === null ? '—' : v >= 100 ? Math.round(v).toLocaleString('en-GB') : v.toFixed(1));
  const ok = (cond) => (cond ? '✓' : '✗');
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `# Salon benchmark — ${date}`,
    '',
    `/immersive-showroom in headless ${version} with a software GL (\`--disable-gpu\`: SwiftShader — a floor; a phone's GPU draws the same frame much faster), ${cpus().length} CPU(s), ${RUNS} run(s) per viewport after a warm-up visit, median of the runs. Load average (1/5/15 min): ${loadBefore.map((v) => v.toFixed(2)).join(' / ')} before, ${loadAfter.map((v) => v.toFixed(2)).join(' / ')} after — the machine is shared, and software GL is CPU-bound: read the frame times with the load in mind.`,
    '',
    `- **Door**: navigation to the "Enter the salon" button, enabled (nothing 3D is fetched before it is pressed).`,
    `- **Ready**: the press to the salon ready (every model fetched and parsed, cases merged, shaders compiled).`,
    `- **Draw calls / triangles**: the largest of any frame at the walk's stops (each case, then the room's centre turned). Budgets: ≤ ${BUDGET.calls} draw calls, ≤ ${BUDGET.triangles.toLocaleString('en-GB')} triangles.`,
    `- **Render**: one frame rendered until it is drawn (a pixel read back; \`gl.finish()\` returns at once in Chromium), ${FRAMES} frames at each stop; **presented**: time between the frames the page showed while gliding from case to case (requestAnimationFrame).`,
    `- **JS heap**: used, after a garbage collection, at the door and in the salon; **GPU**: the renderer's live geometries and textures.`,
    '',
    '| Viewport | Door (ms) | Ready (ms) | Draw calls | Triangles | Render median / p95 (ms) | Presented ' +
      'median / p95 (ms) | JS heap door → salon (MB) | GPU geometries / textures | Within budget |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} ${r.viewport.width}×${r.viewport.height} @${r.viewport.deviceScaleFactor}x | ${ms(r.doorMs)} | ${ms(r.readyMs)} | ${r.calls} | ${r.triangles.toLocaleString('en-GB')} | ${ms(r.renderMedian)} / ${ms(r.renderP95)} | ${ms(r.presentedMedian)} / ${ms(r.presentedP95)} | ${mb(r.heapBefore)} → ${mb(r.heapIn)} | ${r.renderer.geometries} / ${r.renderer.textures} | ${ok(r.calls <= BUDGET.calls && r.triangles <= BUDGET.triangles)} |`,
    ),
    '',
    '## Draw calls and triangles at each stop (first run)',
    '',
    '| Viewport | Stop | Draw calls | Triangles |',
    '|---|---|---:|---:|',
    ...rows.flatMap((r) => r.stops.map((s) => `| ${r.name} | ${s.stop} | ${s.calls} | ${s.triangles.toLocaleString('en-GB')} |`)),
    '',
  ];
  console.log(lines.join('\n'));
  const overBudget = rows.some((r) => r.calls > BUDGET.calls || r.triangles > BUDGET.triangles);
  if (overBudget) {
    console.error('over budget: draw calls or triangles');
    process.exitCode = 1;
  }
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const out = OUT ? path.resolve(OUT) : path.join(root, 'bench/results', `showroom-${date}.md`);
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
