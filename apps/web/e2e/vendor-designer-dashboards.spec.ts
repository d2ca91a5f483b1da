import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { settled, signInByApi, snap, accessToken } from './helpers';
import { expectAxeClean } from './axe';

/**
 * The vendor's and the designer's own dashboards (issue 11): the shared workspace with their sections;
 * the figures are the API's as that person sees them, the vendor's table holds only their pieces, the
 * designer sees their jewelry-week entries with a status each. Other suites place orders and change the
 * catalog meanwhile, so each comparison with the API is retried (reload, read, compare) until both were
 * read at the same moment.
 */

type Money = { currency: string; amount: number };
interface Dashboard {
  pieces: number;
  livePieces: number;
  featuredPieces: number;
  stockUnits: number;
  ordersCount: number;
  unitsSold: number;
  revenue: Money[];
  recentOrders: { number: string }[];
}
interface ProductRow {
  id: string;
  sku: string;
  vendorId: string;
}
interface ProductPage {
  content: ProductRow[];
  totalElements: number;
}

/** The house's money format, written independently of the app: en-GB currency, cents only when there are some. */
function money({ amount, currency }: Money): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: amount % 100 === 0 ? 0 : 2 }).format(
    amount / 100,
  );
}
const count = (n: number) => new Intl.NumberFormat('en-GB').format(n);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function getJson<T>(request: APIRequestContext, token: string | null, path: string): Promise<T> {
  const response = await request.get(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

function figure(page: Page, id: string) {
  return page.getByTestId(`figure-${id}`).locator('[data-figure-value]');
}

/** Reloads the overview and compares every figure with the dashboard the API gives this person, until both agree. */
async function expectFiguresOf(page: Page, request: APIRequestContext, token: string, endpoint: string): Promise<Dashboard> {
  let dashboard: Dashboard | undefined;
  await expect(async () => {
    await page.reload();
    await settled(page);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    dashboard = await getJson<Dashboard>(request, token, endpoint);
    await expect(figure(page, 'pieces')).toHaveText(count(dashboard.pieces), { timeout: 2000 });
    await expect(page.getByTestId('figure-pieces')).toContainText(
      `${count(dashboard.livePieces)} on sale · ${count(dashboard.featuredPieces)} featured`,
      { timeout: 2000 },
    );
    await expect(figure(page, 'stock')).toHaveText(count(dashboard.stockUnits), { timeout: 2000 });
    await expect(figure(page, 'orders')).toHaveText(count(dashboard.ordersCount), { timeout: 2000 });
    await expect(figure(page, 'units-sold')).toHaveText(count(dashboard.unitsSold), { timeout: 2000 });
    const revenue = dashboard.revenue
      .filter((m) => m.amount > 0)
      .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency))
      .map(money)
      .join('');
    await expect(figure(page, 'revenue')).toHaveText(revenue || 'No sales yet', { timeout: 2000 });
    const orders = page.getByTestId('recent-orders').getByRole('listitem');
    await expect(orders).toHaveCount(dashboard.recentOrders.length, { timeout: 2000 });
    for (const [index, order] of dashboard.recentOrders.entries())
      await expect(orders.nth(index)).toContainText(order.number, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  return dashboard!;
}

test(
  'the vendor sees their figures as the API gives them, and only their own pieces',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const token = await accessToken(request, 'vendor');
    await signInByApi(page, 'vendor');
    await page.goto('/dashboard/vendor');
    await settled(page);
    await expect(page.getByTestId('workspace')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expectFiguresOf(page, request, token, '/api/vendors/dashboard');
    const { vendor } = await getJson<{ vendor: { id: string; name: string } }>(request, token, '/api/vendors/dashboard');
    await expect(page.getByText(vendor.name)).toBeVisible();
    await expectAxeClean(page);
    await snap(page, testInfo, 'vendor-overview');

    // Their pieces: the table's SKUs are exactly the API's for their vendor, none of another house's.
    await page.getByRole('link', { name: 'All your pieces' }).click();
    await expect(page).toHaveURL(/\/dashboard\/vendor\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Products' });
    await expect(async () => {
      await page.reload();
      await settled(page);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const own = await getJson<ProductPage>(request, token, '/api/products?mine=true&size=20&sort=updatedAt,desc');
      await expect(
        page.getByText(`${count(own.totalElements)} ${own.totalElements === 1 ? 'piece' : 'pieces'}`, { exact: true }),
      ).toBeVisible({ timeout: 2000 });
      const skus = (await table.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((s) => s.trim());
      expect(skus).toEqual(own.content.map((p) => p.sku));
    }).toPass({ timeout: 30_000 });
    // The catalog has other houses' pieces; none is in this table.
    const catalog = await getJson<ProductPage>(request, null, '/api/products?size=100');
    const others = new Set(catalog.content.filter((p) => p.vendorId !== vendor.id).map((p) => p.sku));
    expect(others.size).toBeGreaterThan(0);
    const shown = (await table.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((s) => s.trim());
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((sku) => others.has(sku))).toEqual([]);
    await expectAxeClean(page);
    await snap(page, testInfo, 'vendor-products');

    // Each row opens the piece in the vendor's editor (vendor-designer-scoped.spec.ts covers the editor).
    await table.locator('tbody tr').first().click();
    await expect(page).toHaveURL(/\/dashboard\/vendor\/products\/[0-9a-f-]{36}$/);
  },
);

test(
  'the designer sees their figures, their designs and their jewelry-week entries with a status',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const token = await accessToken(request, 'designer');
    const me = await getJson<{ email: string }>(request, token, '/api/users/me');
    // An entry sent with the designer's address, through the public form's call (unique title: other runs add theirs).
    const title = `Tidal ${unique()}`;
    const sent = await request.post('/api/notifications/email', {
      data: {
        emailType: 'JEWELRY_WEEK_SUBMISSION',
        recipients: ['concierge@mirror-maison.com'],
        model: {
          name: 'Amara Test',
          email: me.email,
          collectionTitle: title,
          country: 'Nigeria',
          brandName: 'Atelier Test',
          message: 'Cast from river stones.',
          files: [],
        },
      },
    });
    expect(sent.ok(), await sent.text()).toBe(true);

    await signInByApi(page, 'designer');
    await page.goto('/dashboard/designer');
    await settled(page);
    await expect(page.getByTestId('workspace')).toBeVisible();
    const dashboard = await expectFiguresOf(page, request, token, '/api/designers/dashboard');
    expect(dashboard.pieces).toBeGreaterThan(0);
    await expectAxeClean(page);
    await snap(page, testInfo, 'designer-overview');

    await page.getByRole('link', { name: 'All your designs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Designs' })).toBeVisible();
    const { designer } = await getJson<{ designer: { id: string } }>(request, token, '/api/designers/dashboard');
    await expect(async () => {
      await page.reload();
      await settled(page);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const designs = await getJson<ProductPage>(request, token, `/api/designers/${designer.id}/designs?size=20&sort=updatedAt,desc`);
      const skus = (await page.getByRole('table', { name: 'Your designs' }).locator('tbody tr td:nth-child(2)').allInnerTexts()).map((s) =>
        s.trim(),
      );
      expect(skus).toEqual(designs.content.map((p) => p.sku));
    }).toPass({ timeout: 30_000 });
    await expectAxeClean(page);
    await snap(page, testInfo, 'designer-designs');

    await page.goto('/dashboard/designer/submissions');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My submissions' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Your jewelry week entries' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Received');
    await expect(row).toContainText('Nigeria');
    const mine = await getJson<{ content: { collectionTitle: string | null; status: string }[] }>(
      request,
      token,
      '/api/submissions/mine?size=20',
    );
    expect(mine.content.find((s) => s.collectionTitle === title)?.status).toBe('RECEIVED');
    await expectAxeClean(page);
    await snap(page, testInfo, 'designer-submissions');
  },
);
