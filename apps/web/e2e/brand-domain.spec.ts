import { expect, test } from './warm-tab';

/**
 * One brand domain (BRAND_DOMAIN, decisions §81): the addresses a client reads on the served pages
 * and in the public data behind them — the footer's concierge, the boutiques, the house atelier — all
 * belong to the domain the footer names. The e2e server runs with the default, mirror-maison.com.
 */
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

test('every house address a client can read is at the one brand domain', async ({ page, request }) => {
  // The pages as served: server-rendered HTML first, then hydrated.
  const seen: string[] = [];
  for (const path of ['/contact', '/locations']) {
    const html = await (await request.get(path)).text();
    seen.push(...(html.match(ADDRESS) ?? []));
    await page.goto(path);
    await expect(page.getByTestId('footer')).toBeVisible();
    seen.push(...((await page.locator('body').innerText()).match(ADDRESS) ?? []));
  }
  const concierge = await page.getByTestId('footer').locator('a[href^="mailto:"]').first().textContent();
  const domain = concierge!.split('@')[1]!;
  expect(domain).toBe('mirror-maison.com');

  for (const path of [
    '/api/locations?size=100',
    '/api/vendors?size=100',
    '/api/designers?size=100',
    '/api/collections?size=100',
    '/api/products?size=100',
  ]) {
    const response = await request.get(path);
    expect(response.ok(), path).toBe(true);
    seen.push(...((await response.text()).match(ADDRESS) ?? []));
  }
  const addresses = [...new Set(seen.map((a) => a.toLowerCase()))].filter((a) => !/\.(js|css|webp|png|svg|woff2?)$/.test(a));
  expect(addresses.length).toBeGreaterThanOrEqual(12);
  expect(addresses.filter((a) => !a.endsWith(`@${domain}`))).toEqual([]);
});
