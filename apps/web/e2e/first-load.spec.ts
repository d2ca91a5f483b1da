import { expect, test, type Page } from '@playwright/test';
import { settled } from './helpers';

/**
 * The server prepares the storefront's first load (apps/api/src/lib/spa-html.ts, docs/decisions.md):
 * the page must render complete from the inlined data — not one of its first-render API calls goes out
 * — and the preloaded hero image must be the one the page shows.
 */
async function apiCallsDuring(page: Page, url: string, ready: () => Promise<void>): Promise<string[]> {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/files/')) calls.push(pathname + search);
  });
  await page.goto(url);
  await settled(page);
  await ready();
  return calls;
}

test('prepared storefront pages render without asking the API again', async ({ page, request }) => {
  const collections = (await (await request.get('/api/collections?size=1')).json()) as { content: { id: string }[] };
  const id = collections.content[0]!.id;
  const checks: [string, () => Promise<void>, RegExp[]][] = [
    ['/collections', () => expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible(), [/^\/api\/collections\?/]],
    [`/collections/${id}`, () => expect(page.getByTestId('collection-pieces')).toBeVisible(), [/^\/api\/collections\/[^/]+$/, /products-list/]],
    ['/products', () => expect(page.getByTestId('product-card').first()).toBeVisible(), [/^\/api\/products\?sort=createdAt/, /^\/api\/products\/filters/]],
    ['/locations', () => expect(page.getByTestId('boutique').first()).toBeVisible(), [/^\/api\/locations\/filter/]],
    ['/home', () => expect(page.getByTestId('product-card').first()).toBeVisible(), [/^\/api\/collections\/featured/, /^\/api\/products\/featured/, /^\/api\/locations\/filters/]],
  ];
  for (const [url, ready, planned] of checks) {
    const calls = await apiCallsDuring(page, url, ready);
    expect(calls.filter((call) => planned.some((re) => re.test(call))), url).toEqual([]);
  }
});

test('the preloaded hero image is the one the page shows', async ({ page, request }) => {
  const collections = (await (await request.get('/api/collections?size=1')).json()) as { content: { id: string }[] };
  for (const [url, image] of [
    [`/collections/${collections.content[0]!.id}`, page.locator('main header img').first()],
    ['/products', page.getByTestId('product-card').first().locator('img').first()],
  ] as const) {
    // The server leaves data (and so the image preload) out when its own API call is slow, as on a
    // cold server still rendering the catalogue's imagery; one request first warms its 5 s cache.
    expect((await request.get(url)).ok()).toBe(true);
    await page.goto(url);
    await settled(page);
    const preload = await page.locator('link[rel="preload"][as="image"]').getAttribute('imagesrcset');
    expect(preload, url).toBeTruthy();
    expect(preload, url).toBe(await image.getAttribute('srcset'));
  }
});
