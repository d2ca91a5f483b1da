import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { isDesktop, settled, snap } from './helpers';

/**
 * /hover-expand's closed panels (issue 13 §4): on phones each strip's name sits wholly inside its own
 * strip; on wide screens the vertical names are set like rotated lines, so an apostrophe ("Nuit à
 * l’Opéra") keeps its place — the name's length on screen equals the same text set horizontally.
 */
test('closed panels carry their whole name, set as a line', async ({ page }, testInfo) => {
  await page.goto('/hover-expand');
  await settled(page);
  const panels = page.getByTestId('expand-panels').locator(':scope > li');
  await expect(panels.first()).toBeVisible();
  const measures = await panels.evaluateAll((items) =>
    items
      .filter((li) => !li.hasAttribute('data-active'))
      .map((li) => {
        const name = li.querySelector<HTMLElement>('[class*="name"]')!;
        const panel = li.getBoundingClientRect();
        const box = name.getBoundingClientRect();
        const style = getComputedStyle(name);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return {
          text: name.textContent,
          isInside:
            box.top >= panel.top - 0.5 &&
            box.bottom <= panel.bottom + 0.5 &&
            box.left >= panel.left - 0.5 &&
            box.right <= panel.right + 0.5,
          isVertical: style.writingMode.startsWith('vertical') || style.writingMode.startsWith('sideways'),
          length: Math.max(box.width, box.height),
          horizontal: ctx.measureText(name.textContent).width,
        };
      }),
  );
  expect(measures.length).toBeGreaterThan(2);
  for (const m of measures) {
    expect(m.isInside, `${m.text}: inside its strip`).toBe(true);
    if (isDesktop(testInfo)) {
      expect(m.isVertical, `${m.text}: vertical on wide screens`).toBe(true);
      // Set upright, the apostrophe alone adds most of an em to the line.
      expect(Math.abs(m.length - m.horizontal), `${m.text}: ${m.length} vs ${m.horizontal}`).toBeLessThan(4);
    }
  }
  await snap(page, testInfo, 'hover-expand-panels');
});

/**
 * The panels arrive server-rendered and stay where they are painted (issue 13 §16, decision 0122). A
 * slow connection delivers the HTML in pieces and the browser paints what it has: here the page comes
 * through a relay that holds its second half (cut after the second panel) for a moment. Every layout
 * shift after that first paint is summed from the browser's own 'layout-shift' entries: the server's
 * half-list must already be the final layout (a panel sized by its share of the siblings present —
 * flex-grow — grew while the others arrived: CLS 0.1 and more). Then the page is readable without
 * JavaScript and hydrates without a mismatch: the server's heading is adopted, no error is reported.
 */
test('the panels arrive rendered, hydrate as they are, and nothing moves after the first paint', async ({ browser, page, baseURL }) => {
  test.setTimeout(60_000);
  const relay = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(new URL(req.url ?? '/', baseURL), {
        headers: { accept: req.headers.accept ?? '*/*', 'accept-encoding': 'identity' },
      });
      const headers = Object.fromEntries(
        [...upstream.headers].filter(([name]) => !/^(content-encoding|content-length|transfer-encoding|connection)$/.test(name)),
      );
      res.writeHead(upstream.status, headers);
      const body = Buffer.from(await upstream.arrayBuffer());
      const html = req.url === '/hover-expand' ? body.toString('utf8') : null;
      const cut = html === null ? -1 : nthIndex(html, '</li>', 2, html.indexOf('data-testid="expand-panels"'));
      if (cut < 0) return res.end(body);
      res.write(html!.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 700));
      res.end(html!.slice(cut));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayed = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/hover-expand`;
  try {
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined });
    const bare = await noScript.newPage();
    await bare.goto('/hover-expand');
    await expect(bare.locator('#root[data-ssr] h1')).toBeVisible();
    const panels = bare.getByTestId('expand-panels').locator(':scope > li');
    await expect(panels).toHaveCount(6);
    // The first panel's cover alone is the priority image (a collection made by another test may have no cover).
    const firstHasCover = (await panels.first().locator('img').count()) > 0;
    await expect(bare.locator('img[fetchpriority="high"]')).toHaveCount(firstHasCover ? 1 : 0);
    await expect(panels.first().locator('img[fetchpriority="high"]')).toHaveCount(firstHasCover ? 1 : 0);
    await noScript.close();

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; nodes: string[] }[]; serverH1: Element | null };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[])
          if (!entry.hadRecentInput)
            w.shifts.push({ value: entry.value, nodes: entry.sources.map((s) => (s.node as Element | undefined)?.className ?? '?') });
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') w.serverH1 = document.querySelector('#root[data-ssr] h1');
      });
    });
    await page.goto(relayed);
    await settled(page);
    await expect(page.getByTestId('expand-panels').locator(':scope > li')).toHaveCount(6);
    // The fonts' swap and the images' decoding come after the load: give them their time.
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(1500);
    const { shifts, isSameNode } = await page.evaluate(() => {
      const w = window as unknown as { shifts: { value: number; nodes: string[] }[]; serverH1: Element | null };
      return {
        shifts: w.shifts,
        isSameNode: w.serverH1 !== null && w.serverH1 === document.querySelector('#root h1') && w.serverH1.isConnected,
      };
    });
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.02);
    expect(isSameNode, "the server's heading was adopted, not replaced").toBe(true);
    expect(errors).toEqual([]);
  } finally {
    relay.close();
  }
});

/** Where the nth `search` after `from` ends (-1: not there, or `from` is -1). */
function nthIndex(text: string, search: string, n: number, from: number): number {
  if (from < 0) return -1;
  let at = from;
  for (let i = 0; i < n; i += 1) {
    at = text.indexOf(search, at + 1);
    if (at < 0) return -1;
  }
  return at + search.length;
}
