import { expect, test, type APIRequestContext } from '@playwright/test';
import { settled, signInByApi, snap, accessToken } from './helpers';
import { expectAxeClean } from './axe';

async function get<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** Unique per run and per project: both projects share one database. */
function uniqueTag(project: string): string {
  return `${project.slice(0, 3)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

test(
  'a price and a role changed in the back-office show in Activity (by record type and person) and in ' + 'the piece’s History',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const tag = uniqueTag(testInfo.project.name);
    const token = await accessToken(request, 'admin');
    const me = await get<{ id: string }>(request, '/api/users/me', token);

    // Our own piece and account, made through the API.
    const [category, vendor] = await Promise.all([
      get<{ content: { id: string }[] }>(request, '/api/categories?size=1', token),
      get<{ content: { id: string }[] }>(request, '/api/vendors?size=1', token),
    ]);
    const name = `Audit Ring ${tag}`;
    const sku = `E2E-AUD-${tag}`.toUpperCase();
    const created = await request.post('/api/products', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name,
        sku,
        categoryId: category.content[0]!.id,
        vendorId: vendor.content[0]!.id,
        metalType: 'ROSE_GOLD',
        price: 1_250_000,
        stockQuantity: 2,
        status: 'DRAFT',
      },
    });
    expect(created.status()).toBe(201);
    const piece = (await created.json()) as { id: string };
    const username = `aud.${tag}`;
    const user = await request.post('/api/users/admin/create', {
      headers: { authorization: `Bearer ${token}` },
      data: { username, email: `${username}@maison.example`, password: 'Long-enough-1', role: 'CUSTOMER' },
    });
    expect(user.status()).toBe(201);

    // 1. The price, in the piece's editor.
    await signInByApi(page, 'admin');
    await page.goto(`/dashboard/admin/manage-products/${piece.id}`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const history = page.getByTestId('record-history');
    await expect(history.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(history.getByText('Created', { exact: true })).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Price', { exact: true }).fill('13,750');
    await page.getByRole('button', { name: 'Save' }).click();
    // The History reloads once the save lands: the newest entry is the edit, in words and euros.
    const edit = history.getByRole('listitem').filter({ hasText: 'Edited' }).first();
    await expect(edit).toBeVisible({ timeout: 15_000 });
    await expect(edit).toContainText('Price: €12,500 → €13,750');
    await expect(edit).toContainText('admin');
    await edit.scrollIntoViewIfNeeded();
    await expectAxeClean(page);
    await snap(page, testInfo, 'activity-product-history');

    // 2. The role, in the users table.
    await page.goto(`/dashboard/admin/users?q=${encodeURIComponent(username)}`);
    await settled(page);
    const row = page.getByRole('row').filter({ has: page.getByText(username, { exact: true }) });
    await row.getByRole('combobox', { name: `Role of ${username}` }).selectOption('VENDOR');
    const dialog = page.getByRole('dialog', { name: `Make ${username} vendor?` });
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('combobox', { name: `Role of ${username}` })).toHaveValue('VENDOR');

    // 3. Activity: pieces changed by this admin, then users; the filters stay in the URL.
    await page.goto('/dashboard/admin/activity');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await expect(page.getByText(/^[\d,]+ changes recorded$/)).toBeVisible();
    await page.getByLabel('Person').selectOption(me.id);
    await expect(page).toHaveURL(new RegExp(`[?&]person=${me.id}`));
    await page.getByLabel('Record').selectOption('PRODUCT');
    await expect(page).toHaveURL(/[?&]type=PRODUCT/);
    const pieceRow = page.getByRole('row').filter({ hasText: sku }).filter({ hasText: 'Edited' });
    await expect(pieceRow).toBeVisible();
    await expect(pieceRow).toContainText('Price: €12,500 → €13,750');
    await expect(pieceRow).toContainText('admin');
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Piece');
    await expectAxeClean(page);
    await snap(page, testInfo, 'activity-pieces');

    await page.getByLabel('Record').selectOption('USER');
    await expect(page).toHaveURL(/[?&]type=USER/);
    const userRow = page.getByRole('row').filter({ hasText: username }).filter({ hasText: 'Changed the role' });
    await expect(userRow).toBeVisible();
    await expect(userRow).toContainText('Role: Customer → Vendor');
    await expect(page.getByRole('row').filter({ hasText: sku })).toHaveCount(0);
    await snap(page, testInfo, 'activity-users');

    // A date range that ends before today shows nothing, and says so.
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await expect(page.getByText('No change matches these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/activity$/);

    // The record links to its page: the user's link opens the users table searched for them.
    await page.getByLabel('Record').selectOption('USER');
    await page
      .getByRole('row')
      .filter({ hasText: username })
      .filter({ hasText: 'Changed the role' })
      .getByRole('link', { name: username })
      .click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/admin/users\\?q=${username.replace('.', '\\.')}`));
  },
);
