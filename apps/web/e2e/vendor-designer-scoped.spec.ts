import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { isDesktop, settled, signInByApi, snap, accessToken } from './helpers';
import { expectAxeClean } from './axe';

/**
 * Issue 11, the scoped back-offices: a vendor works on its own pieces and order lines only (another
 * house's piece and line, made here through the admin API, never show; its piece's URL is a not-found
 * screen), creates a draft through the shared product editor; a designer edits their own profile.
 * Every record is created with a unique suffix: both projects run at once on one database.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Picks the first real option of a native select (after its placeholder). */
async function chooseFirst(page: Page, label: string): Promise<void> {
  const select = page.getByLabel(label, { exact: true });
  const value = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(value);
}

interface Piece {
  id: string;
  name: string;
  sku: string;
  vendorId: string;
  status: string;
  designerId: string | null;
}

test(
  'a vendor sees only its own pieces and order lines, adds a draft, and cannot open another house’s piece',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const id = unique();
    const admin = await accessToken(request, 'admin');
    const vendorToken = await accessToken(request, 'vendor');
    const { vendor } = await api<{ vendor: { id: string } }>(request, vendorToken, 'GET', '/api/vendors/dashboard');

    // Another house with a live piece, and one order holding that piece and one of the demo vendor's.
    const category = (await api<{ content: { id: string }[] }>(request, admin, 'GET', '/api/categories?size=1')).content[0]!;
    const other = await api<{ id: string }>(request, admin, 'POST', '/api/vendors', {
      code: `E2E-OTHER-${id}`,
      name: `Maison Autre ${id}`,
      country: 'FR',
      type: 'ATELIER',
    });
    const theirs = await api<Piece>(request, admin, 'POST', '/api/products', {
      name: `Rival Halo ${id}`,
      sku: `E2E-RIVAL-${id}`,
      vendorId: other.id,
      categoryId: category.id,
      metalType: 'PLATINUM',
      price: 500_000,
      stockQuantity: 5,
      status: 'ACTIVE',
    });
    const ours = await api<Piece>(request, admin, 'POST', '/api/products', {
      name: `Scoped Solitaire ${id}`,
      sku: `E2E-OURS-${id}`,
      vendorId: vendor.id,
      categoryId: category.id,
      metalType: 'WHITE_GOLD',
      price: 250_000,
      stockQuantity: 5,
      status: 'ACTIVE',
    });
    const guest = { name: `Client Secret ${id}`, email: `client-${id.toLowerCase()}@example.com` };
    const order = await api<{ number: string }>(request, admin, 'POST', '/api/orders', {
      guest,
      lines: [
        { productId: ours.id, quantity: 2 },
        { productId: theirs.id, quantity: 1 },
      ],
    });

    await signInByApi(page, 'vendor');

    // Products: their piece is there, the other house's live piece is not, even when searched for.
    await page.goto(`/dashboard/vendor/products?q=${encodeURIComponent(id)}`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row').filter({ hasText: ours.sku })).toBeVisible();
    await expect(page.getByText(theirs.name)).toHaveCount(0);
    await expect(page.getByText('1 match for')).toBeVisible();
    // No vendor or featured column or filter, no bulk selection, no CSV or Trash.
    await expect(table.getByRole('columnheader', { name: /Vendor|Featured/ })).toHaveCount(0);
    await expect(page.getByLabel('Vendor', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /CSV/ })).toHaveCount(0);
    await expectAxeClean(page);
    await snap(page, testInfo, 'scoped-vendor-products');

    // Orders: their line of the order, with what fulfilment needs; nothing of the other house or the client.
    // The sidebar links there (a drawer on phones).
    if (isDesktop(testInfo)) await page.getByRole('link', { name: 'Orders', exact: true }).click();
    else await page.goto('/dashboard/vendor/orders');
    await expect(page).toHaveURL(/\/dashboard\/vendor\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill(order.number);
    const lines = page.getByRole('table', { name: 'Your order lines' });
    const line = lines.getByRole('row').filter({ hasText: order.number });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(ours.name);
    await expect(line).toContainText('Pending');
    await expect(line.getByRole('cell').nth(3)).toHaveText('2');
    await expect(page.getByText(theirs.name)).toHaveCount(0);
    await expect(page.getByText(guest.name)).toHaveCount(0);
    await expect(page.getByText(guest.email)).toHaveCount(0);
    await expectAxeClean(page);
    await snap(page, testInfo, 'scoped-vendor-orders');

    // Another house's piece by URL: the not-found screen, no editor.
    await page.goto(`/dashboard/vendor/products/${theirs.id}`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Piece not found' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
    await expectAxeClean(page);
    await snap(page, testInfo, 'scoped-vendor-other-piece');

    // A new draft through the editor: no vendor, featured or designer choice; ACTIVE is not offered.
    await page.goto('/dashboard/vendor/products');
    await settled(page);
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New piece' })).toBeVisible();
    await expect(page.getByLabel('Vendor', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Featured', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('designer-attribution')).toContainText('Mirror attributes pieces to designers.');
    await expect(page.getByLabel('Status').locator('option')).toHaveText(['Draft', 'Archived']);
    const name = `Vendor Draft ${id}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('SKU', { exact: true }).fill(`E2E-VDRAFT-${id}`);
    await page.getByLabel('Price', { exact: true }).fill('3,200');
    await page.getByLabel('Stock', { exact: true }).fill('2');
    await chooseFirst(page, 'Category');
    await page.getByLabel('Metal').selectOption('SILVER');
    await expectAxeClean(page);
    await snap(page, testInfo, 'scoped-vendor-new-draft');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/vendor\/products\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const createdId = page.url().split('/').pop()!;
    const created = await api<Piece>(request, vendorToken, 'GET', `/api/products/${createdId}?mine=true`);
    expect(created).toMatchObject({ name, status: 'DRAFT', vendorId: vendor.id, designerId: null });
    // The public does not see a draft; the vendor's table does.
    expect((await request.get(`/api/products/${createdId}`)).status()).toBe(404);
    await page.goto(`/dashboard/vendor/products?q=${encodeURIComponent(`Vendor Draft ${id}`)}`);
    await settled(page);
    await expect(page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: name })).toContainText('Draft');
  },
);

test('a designer sees their designs and sales, and edits their own specialty', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const token = await accessToken(request, 'designer');
  const dashboard = await api<{ designer: { id: string }; unitsSold: number }>(request, token, 'GET', '/api/designers/dashboard');

  await signInByApi(page, 'designer');
  await page.goto('/dashboard/designer');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('figure-units-sold')).toBeVisible();
  await expect(page.getByTestId('figure-revenue')).toBeVisible();

  await page.goto('/dashboard/designer/designs');
  await settled(page);
  const designs = await api<{ content: { sku: string }[] }>(
    request,
    token,
    'GET',
    `/api/designers/${dashboard.designer.id}/designs?size=20&sort=updatedAt,desc`,
  );
  expect(designs.content.length).toBeGreaterThan(0);
  await expect(
    page.getByRole('table', { name: 'Your designs' }).getByRole('row').filter({ hasText: designs.content[0]!.sku }),
  ).toBeVisible();

  if (isDesktop(testInfo)) await page.getByRole('link', { name: 'Profile', exact: true }).click();
  else await page.goto('/dashboard/designer/profile');
  await expect(page).toHaveURL(/\/dashboard\/designer\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  // What Mirror sets is shown, not offered.
  await expect(page.getByRole('complementary', { name: 'Set by Mirror' })).toContainText('Verified');
  await expect(page.getByLabel('Verified')).toHaveCount(0);
  await expectAxeClean(page);
  await snap(page, testInfo, 'scoped-designer-profile');

  const specialty = `Sculpted cuffs ${unique()}`;
  const field = page.getByLabel('Specialty');
  await field.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await field.fill(specialty);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByTestId('profile-save-state')).toContainText('Saved');
  await expect(page.getByText(`· ${specialty}`)).toBeVisible();
  await page.reload();
  await settled(page);
  // Both projects edit this demo designer at once: the field holds this run's value or the other's.
  await expect(page.getByLabel('Specialty')).toHaveValue(/^(Sculpted cuffs .+|High jewelry)$/);
  await snap(page, testInfo, 'scoped-designer-profile-saved');
});
