import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const p = await b.newPage({ viewport: { width: Number(process.argv[3]), height: Number(process.argv[5]) } });
await p.goto('http://127.0.0.1:8311' + process.argv[2]);
await p.waitForTimeout(1500);
await p.evaluate((y) => window.scrollTo(0, y), Number(process.argv[6] ?? 600));
await p.waitForTimeout(2500);
await p.screenshot({ path: process.argv[4] });
await b.close();
