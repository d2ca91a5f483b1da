import { expect, test, type Page } from '@playwright/test';
import { settled, signIn, signInByApi } from './helpers';

/**
 * Every route has its own <title> (issue 13 §14): a client with ten tabs open, a bookmark, a history
 * entry can tell the pages apart. The brand entrance (/ and /welcome, one page) keeps the house's name.
 * Storefront titles end in '— Mirror', the back-office's in '· Mirror back-office'; no two routes share one.
 */
const STOREFRONT = / — Mirror$/;
const BACK_OFFICE = / · Mirror back-office$/;

// A tiny valid PNG: the jewelry week's form needs one image or PDF of the work.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function expectOwnTitle(page: Page, seen: Map<string, string>, route: string, suffix: RegExp) {
  // A back-office screen names itself once its breadcrumbs are in (a moment after the frame).
  await expect(page, route).toHaveTitle(suffix);
  const title = await page.title();
  expect(seen.get(title), `${route} shares its title "${title}" with ${seen.get(title)}`).toBeUndefined();
  seen.set(title, route);
}

test('every storefront route names itself in the title', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const product = ((await (await request.get('/api/products?size=1')).json()) as { content: { id: string }[] }).content[0]!.id;
  const collection = ((await (await request.get('/api/collections?size=1')).json()) as { content: { id: string }[] }).content[0]!.id;
  const routes = [
    '/home',
    '/collections',
    `/collections/${collection}`,
    '/products',
    '/products-v2',
    '/products-left',
    `/products/${product}`,
    '/all-gems',
    '/services',
    // One page for every service (router: /services/detail?service=<slug>): each named after its own.
    '/services/detail?service=engraving',
    '/services/detail?service=resizing',
    '/support',
    '/contact',
    '/about',
    '/locations',
    '/news',
    '/news/aube-de-givre-winter-2025',
    '/news/emerald-forest-autumn',
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
    await expectOwnTitle(page, seen, route, STOREFRONT);
  }

  // The jewelry week's success page, shown only after a submission (a direct visit goes back to the form).
  await page.goto('/mirror-in-milan-digital-jewelry-week');
  await settled(page);
  await page.getByLabel('Designer name').fill('Giulia Ferri');
  await page.getByLabel('Email').fill(`titles-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByLabel('Country').fill('Italy');
  await page.getByLabel('Collection statement').fill('Nine pieces in recycled gold, inspired by the Navigli at dusk.');
  await page.locator('input[type=file]').setInputFiles([{ name: 'ring.png', mimeType: 'image/png', buffer: PNG }]);
  await page.getByRole('button', { name: 'Submit the portfolio' }).click();
  await expect(page).toHaveURL(/\/submit-success$/, { timeout: 20_000 });
  await expect(page.getByTestId('submit-success')).toBeVisible();
  await expectOwnTitle(page, seen, '/mirror-in-milan-digital-jewelry-week/submit-success', STOREFRONT);

  // The client's own page, signed in.
  await signIn(page, 'customer', '/auth/login?next=/user-profile');
  await expect(page).toHaveURL(/\/user-profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectOwnTitle(page, seen, '/user-profile', STOREFRONT);

  // The back-office: its screens name themselves too, apart from the storefront's.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInByApi(page, 'admin');
  for (const route of ['/dashboard/admin', '/dashboard/admin/manage-products', '/dashboard/admin/orders']) {
    await page.goto(route);
    await settled(page);
    await expect(page.getByTestId('workspace')).toBeVisible();
    await expectOwnTitle(page, seen, route, BACK_OFFICE);
  }
});
