import { expect, test } from '@playwright/test';
import { settled } from './helpers';

/**
 * Every route has its own <title> (issue 13 §14): a client with ten tabs open, a bookmark, a history
 * entry can tell the pages apart. The brand entrance (/ and /welcome, one page) keeps the house's name.
 */
test('every storefront route names itself in the title', async ({ page, request }) => {
  test.setTimeout(120_000);
  const product = ((await (await request.get('/api/products?size=1')).json()) as { content: { id: string }[] }).content[0]!.id;
  const collection = ((await (await request.get('/api/collections?size=1')).json()) as { content: { id: string }[] }).content[0]!.id;
  const routes = [
    '/home',
    '/collections',
    `/collections/${collection}`,
    '/products',
    '/products-left',
    `/products/${product}`,
    '/all-gems',
    '/services',
    '/support',
    '/contact',
    '/about',
    '/locations',
    '/news',
    '/all-news',
    '/new-cut',
    '/immersive-showroom',
    '/mirror-in-milan-digital-jewelry-week',
    '/hover-expand',
    `/view-360?product=${product}`,
    '/auth/login',
    '/auth/register',
    '/auth/confirm',
    '/no-such-page',
  ];
  const seen = new Map<string, string>();
  for (const route of routes) {
    await page.goto(route);
    await settled(page);
    const title = await page.title();
    expect(title, route).toMatch(/ — Mirror$/);
    expect(seen.get(title), `${route} shares its title "${title}" with ${seen.get(title)}`).toBeUndefined();
    seen.set(title, route);
  }
});
