import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const base = 'http://127.0.0.1:18300';
const id = (await (await fetch(base + '/api/collections?size=1')).json()).content[0].id;
for (const u of ['/collections/{id}']) {
  const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
  const errs = []; p.on('console', async m => { if (m.type()==='error') { for (const a of m.args()) errs.push(String(await a.evaluate(v => v && v.stack ? v.stack + (v.cause? String(v.cause):'') : String(v))).slice(0, 4000)); } });
  p.on('pageerror', e => errs.push(e.message.slice(0, 800)));
  await p.addInitScript(() => { window.__errs = []; window.reportError = (e) => window.__errs.push(String(e && e.message) + '\nCAUSE ' + String(e && e.cause && e.cause.message) + '\nSTACK ' + String(e && e.componentStack)); const o = console.error; console.error = (...a) => { window.__errs.push(a.map(x => x && x.message ? x.message : String(x)).join(' | ')); o(...a); }; });
  await p.goto(base + u.replace('{id}', id)); await p.waitForTimeout(2000);
  console.log('==', u); for (const e of await p.evaluate(() => window.__errs)) console.log(e);
  await p.close();
}
await b.close();
