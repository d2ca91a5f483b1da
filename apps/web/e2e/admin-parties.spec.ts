import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { settled, signInByApi, snap, accessToken } from './helpers';
import { expectAxeClean } from './axe';

/** Unique per run and per project (both projects share one database); valid in codes and usernames. */
function uniqueTag(project: string): string {
  return `E2E${project.slice(0, 1).toUpperCase()}${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
}

async function apiCreate(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>) {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; code: string };
}

/** A 1×1 PNG: enough for the files API, which reads the type from the bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });
const dataRows = (page: Page) => page.getByRole('table').first().locator('tbody tr');

test('filters and searches designers and vendors, with the state in the URL', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const tag = uniqueTag(testInfo.project.name);
  const specialty = `Enamel ${tag}`;
  const token = await accessToken(request, 'admin');
  await apiCreate(request, token, '/api/designers', {
    code: `${tag}-D1`,
    displayName: `Iris ${tag}`,
    specialty,
    country: 'JP',
    isVerified: true,
  });
  await apiCreate(request, token, '/api/designers', {
    code: `${tag}-D2`,
    displayName: `Hugo ${tag}`,
    specialty,
    country: 'JP',
    isActive: false,
  });
  await apiCreate(request, token, '/api/vendors', {
    code: `${tag}-V1`,
    name: `Kyoto House ${tag}`,
    country: 'JP',
    type: 'DISTRIBUTOR',
    isFeatured: true,
  });
  await apiCreate(request, token, '/api/vendors', { code: `${tag}-V2`, name: `Osaka Works ${tag}`, country: 'JP', type: 'ATELIER' });

  await signInByApi(page, 'admin');
  await page.goto('/dashboard/admin/designers');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Designers' })).toBeVisible();
  await expect(page.getByText(/^\d+ designers?$/)).toBeVisible();

  await page.getByRole('combobox', { name: 'Specialty' }).selectOption(specialty);
  await expect(page).toHaveURL(/[?&]specialty=Enamel/);
  await expect(dataRows(page)).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('no');
  await expect(page).toHaveURL(/[?&]active=no/);
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowOf(page, `Hugo ${tag}`)).toContainText('Inactive');
  await expect(page.getByText('1 designer matches')).toBeVisible();
  await expectAxeClean(page);
  await snap(page, testInfo, 'parties-designers-filtered');

  // The URL carries the view: a reload keeps it; a chip removes its filter.
  await page.reload();
  await settled(page);
  await expect(dataRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Remove filter Inactive' }).click();
  await expect(page).not.toHaveURL(/active=no/);
  await expect(dataRows(page)).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Verified' }).selectOption('yes');
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowOf(page, `Iris ${tag}`)).toBeVisible();

  // Vendors: search, type and country together.
  await page.goto('/dashboard/admin/vendors');
  await settled(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(dataRows(page)).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Type' }).selectOption('DISTRIBUTOR');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('JP');
  await expect(page).toHaveURL(/[?&]type=DISTRIBUTOR/);
  await expect(page).toHaveURL(/[?&]country=JP/);
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowOf(page, `Kyoto House ${tag}`)).toContainText('Featured');
  await expect(rowOf(page, `Kyoto House ${tag}`)).toContainText('Japan');
  await page.getByRole('combobox', { name: 'Featured' }).selectOption('no');
  await expect(page.getByText('No vendor matches these filters')).toBeVisible();
  await expectAxeClean(page);
  await snap(page, testInfo, 'parties-vendors-empty');
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).not.toHaveURL(/type=|country=|featured=|q=/);
});

test(
  'creates a vendor in the editor, links its account, verifies, features and deactivates it; a taken ' + 'code is refused in words',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const tag = uniqueTag(testInfo.project.name);
    const code = `${tag}-NEW`;
    const name = `Maison ${tag}`;
    const username = `${tag.toLowerCase()}.vendor`;
    const token = await accessToken(request, 'admin');
    const account = await request.post('/api/users/admin/create', {
      headers: { Authorization: `Bearer ${token}` },
      data: { username, email: `${username}@maison.example`, password: 'Long-enough-1', role: 'VENDOR' },
    });
    expect(account.status()).toBe(201);

    await signInByApi(page, 'admin');
    await page.goto('/dashboard/admin/vendors');
    await settled(page);
    await page.getByRole('link', { name: 'New vendor' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'New vendor' })).toBeVisible();

    // The contract's rules first, on the fields.
    await page.getByRole('button', { name: 'Create vendor' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Type').selectOption('GEMSTONE_SUPPLIER');
    await page.getByLabel('Country').fill('be');
    await page.getByLabel('Website').fill('https://maison.example');
    await page.getByLabel('Description').fill('Cutters of old-mine diamonds.');
    await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
    await page.getByRole('button', { name: 'Link an account' }).click();
    await page.getByLabel('Find an account').fill(username);
    const picker = page.getByRole('combobox', { name: /^Account/ });
    await expect(picker.locator('option', { hasText: username })).toHaveCount(1);
    await picker.selectOption({ label: `${username} · ${username}@maison.example` });
    await expect(page.getByTestId('linked-account')).toContainText(`${username}@maison.example`);
    await expectAxeClean(page);
    await snap(page, testInfo, 'parties-vendor-new');
    await page.getByRole('button', { name: 'Create vendor' }).click();

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/vendors\/[0-9a-f-]{36}$/);
    await expect(page.getByText(`${code} · Gemstone supplier · Belgium`)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', /\/api\/files\/mirror-storage\/public\/vendors\//);
    await expect(page.getByRole('link', { name: 'Open in Users' })).toHaveAttribute(
      'href',
      `/dashboard/admin/users?q=${encodeURIComponent(username)}`,
    );
    await expect(page.getByTestId('figure-pieces').locator('[data-figure-value]')).toHaveText('0');
    await expect(page.getByTestId('figure-revenue')).toContainText('No sales yet');

    // Verify, feature, deactivate: each at once.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Remove verification' })).toBeVisible();
    await page.getByRole('button', { name: 'Feature', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unfeature' })).toBeVisible();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
    // The record's history (audit) lists the creation and the status change.
    const history = page.getByTestId('record-history');
    await expect(history).toContainText('Created');
    await expect(history).toContainText('Changed the status');
    await expectAxeClean(page);
    await snap(page, testInfo, 'parties-vendor-page');

    // Each shows in the table.
    await page.getByRole('link', { name: 'Vendors' }).first().click();
    await settled(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(code);
    await expect(dataRows(page)).toHaveCount(1);
    const row = rowOf(page, name);
    await expect(row).toContainText('Inactive');
    await expect(row).toContainText('Verified');
    await expect(row).toContainText('Featured');
    await expect(row).toContainText('Gemstone supplier');

    // The same code again (any case): the server's 409 lands on the Code field, in words.
    await page.goto('/dashboard/admin/vendors/new');
    await settled(page);
    await page.getByLabel('Name').fill(`Copy ${tag}`);
    await page.getByLabel('Code').fill(code.toLowerCase());
    await page.getByLabel('Country').fill('FR');
    await page.getByRole('button', { name: 'Create vendor' }).click();
    await expect(page.getByText('This code is already used.')).toBeVisible();
    await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Code')).toBeFocused();
    await snap(page, testInfo, 'parties-vendor-duplicate');
  },
);

test('edits a designer’s specialty, guarding unsaved changes', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const tag = uniqueTag(testInfo.project.name);
  const token = await accessToken(request, 'admin');
  const designer = await apiCreate(request, token, '/api/designers', {
    code: `${tag}-DS`,
    displayName: `Lena ${tag}`,
    specialty: 'Cameos',
    country: 'IT',
  });

  await signInByApi(page, 'admin');
  await page.goto(`/dashboard/admin/designers/${designer.id}`);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: `Lena ${tag}` })).toBeVisible();
  const specialty = page.getByLabel('Specialty');
  await expect(specialty).toHaveValue('Cameos');
  await specialty.fill(`Micro-mosaic ${tag}`);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Leaving asks first; staying keeps the edit.
  await page
    .getByRole('navigation', { name: /breadcrumb/i })
    .getByRole('link', { name: 'Designers' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/designers/${designer.id}$`));
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(specialty).toHaveValue(`Micro-mosaic ${tag}`);

  await page.getByLabel('Country').fill('France');
  await expect(page.getByLabel('Country')).toHaveValue('France');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Use a two-letter ISO country code such as FR')).toBeVisible();
  await page.getByLabel('Country').fill('fr');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByText(`${tag}-DS · Micro-mosaic ${tag} · France`)).toBeVisible();
  await snap(page, testInfo, 'parties-designer-saved');

  await page.goto(`/dashboard/admin/designers?specialty=${encodeURIComponent(`Micro-mosaic ${tag}`)}`);
  await settled(page);
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowOf(page, `Lena ${tag}`)).toContainText('France');

  // Soft delete, once the code is typed; the designer leaves the list.
  await page.getByRole('link', { name: `Lena ${tag}` }).click();
  await page.getByRole('button', { name: 'Delete designer' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete Lena ${tag}?` });
  await expect(confirm.getByRole('button', { name: 'Delete designer' })).toBeDisabled();
  await confirm.getByLabel(/Type .* to confirm/).fill(`${tag}-DS`);
  await confirm.getByRole('button', { name: 'Delete designer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/designers$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${tag}-DS`);
  await expect(page.getByText('No designer matches these filters')).toBeVisible();
});

test(
  'opens a vendor: its owner’s dashboard figures match the API, its pieces open in the product editor',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const token = await accessToken(request, 'admin');
    const headers = { Authorization: `Bearer ${token}` };
    const list = await request.get('/api/vendors?q=MIR-ATL', { headers });
    const vendor = ((await list.json()) as { content: { id: string; name: string }[] }).content[0]!;

    await signInByApi(page, 'admin');
    await page.goto(`/dashboard/admin/vendors/${vendor.id}`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: vendor.name })).toBeVisible();
    const figure = (id: string) => page.getByTestId(`figure-${id}`).locator('[data-figure-value]');
    // Other tests may place orders meanwhile: compare the screen with the API until both agree.
    await expect(async () => {
      const dashboard = (await (await request.get(`/api/vendors/${vendor.id}/dashboard`, { headers })).json()) as {
        pieces: number;
        stockUnits: number;
        ordersCount: number;
        unitsSold: number;
        revenue: { amount: number; currency: string }[];
      };
      const count = (n: number) => n.toLocaleString('en-GB');
      await page.reload();
      await expect(figure('pieces')).toHaveText(count(dashboard.pieces), { timeout: 5_000 });
      await expect(figure('stock')).toHaveText(count(dashboard.stockUnits), { timeout: 1_000 });
      await expect(figure('orders')).toHaveText(count(dashboard.ordersCount), { timeout: 1_000 });
      await expect(figure('units-sold')).toHaveText(count(dashboard.unitsSold), { timeout: 1_000 });
      const eur = dashboard.revenue.find((r) => r.currency === 'EUR');
      if (eur && eur.amount > 0)
        await expect(figure('revenue')).toContainText(`€${Math.round(eur.amount / 100).toLocaleString('en-GB')}`, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    await expect(page.getByRole('link', { name: 'Open in Users' })).toHaveAttribute('href', /\/dashboard\/admin\/users\?q=/);
    const pieces = page.getByRole('table', { name: `Pieces of ${vendor.name}` });
    await expect(pieces.locator('tbody tr').first()).toBeVisible();
    await expectAxeClean(page);
    await snap(page, testInfo, 'parties-vendor-dashboard');
    const firstPiece = pieces.locator('tbody tr').first().getByRole('link').first();
    await expect(firstPiece).toHaveAttribute('href', /\/dashboard\/admin\/manage-products\/[0-9a-f-]{36}$/);
    await firstPiece.click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/manage-products\/[0-9a-f-]{36}$/);
  },
);
