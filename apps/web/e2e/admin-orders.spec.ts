import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { settled, signInByApi, snap, asAdmin, type Admin } from './helpers';
import { expectAxeClean } from './axe';

/**
 * Back-office orders and payments (issue 11): the orders table's tabs, search and filters in the URL
 * (and Back), placing an order for a client with instalments (the live schedule preview, a 409 for
 * missing stock on its line), and the Payments screen with its CSV. Every test makes its own pieces,
 * client and orders (a unique word in names and SKUs): both projects run at once on one database.
 */

test.describe.configure({ timeout: 120_000 });

const ORDERS = '/dashboard/admin/orders';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

interface Piece {
  id: string;
  name: string;
  sku: string;
}

function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'o';
  for (let i = 0; i < 9; i += 1) word += letters.charAt(Math.floor(Math.random() * letters.length));
  return word;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Active pieces of this test's own: '<Label> <word>', SKU 'E2E-OR-<WORD>-<n>'. */
async function createPieces(admin: Admin, word: string, specs: { label: string; price: number; stock: number }[]): Promise<Piece[]> {
  const categories = await json<{ content: { id: string; isActive: boolean }[] }>(
    await admin.request.get('/api/categories?size=50', { headers: admin.headers }),
  );
  const vendors = await json<{ content: { id: string; isActive: boolean }[] }>(
    await admin.request.get('/api/vendors?size=50', { headers: admin.headers }),
  );
  const categoryId = categories.content.find((c) => c.isActive)!.id;
  const vendorId = vendors.content.find((v) => v.isActive)!.id;
  const pieces: Piece[] = [];
  for (const [i, spec] of specs.entries()) {
    const response = await admin.request.post('/api/products', {
      headers: admin.headers,
      data: {
        name: `${spec.label} ${word}`,
        sku: `E2E-OR-${word}-${i + 1}`.toUpperCase(),
        categoryId,
        vendorId,
        metalType: 'YELLOW_GOLD',
        price: spec.price,
        stockQuantity: spec.stock,
        status: 'ACTIVE',
      },
    });
    pieces.push(await json<Piece>(response));
  }
  return pieces;
}

test(
  'the orders table keeps its tab, search and filters in the URL, and Back steps through them',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    const admin = await asAdmin(request);
    const word = uniqueWord();
    const [piece] = await createPieces(admin, word, [{ label: 'Aurore', price: 420_000, stock: 3 }]);
    const order = await json<{ id: string; number: string }>(
      await request.post('/api/orders', {
        headers: admin.headers,
        data: { guest: { name: `Guest ${word}`, email: `${word}@guest.example` }, lines: [{ productId: piece!.id, quantity: 1 }] },
      }),
    );
    const row = page.getByRole('row').filter({ hasText: order.number });

    await signInByApi(page, 'admin');
    // The overview links here with ?status=PENDING: that tab is the current one.
    await page.goto(`${ORDERS}?status=PENDING`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Order status' });
    await expect(tabs.getByRole('link', { name: /^Pending/ })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: /^All/ })).not.toHaveAttribute('aria-current', 'page');

    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    await expect(page).toHaveURL(new RegExp(`status=PENDING.*q=${word}|q=${word}.*status=PENDING`));
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Guest ${word}`);
    await expect(row).toContainText('Guest');
    await expect(row).toContainText(`${word}@guest.example`);
    await expect(row).toContainText('€4,200');
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Unpaid');
    // The tab counts follow the search: one pending order, none confirmed.
    await expect(tabs.getByRole('link', { name: /^Pending\s*1$/ })).toBeVisible();
    await expect(tabs.getByRole('link', { name: /^Confirmed\s*0$/ })).toBeVisible();
    await expectAxeClean(page);
    await snap(page, testInfo, 'orders-table');

    await tabs.getByRole('link', { name: /^Confirmed/ }).click();
    await expect(page).toHaveURL(/status=CONFIRMED/);
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    await expect(page.getByText('No order matches')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/status=PENDING/);
    await expect(row).toHaveCount(1);

    // Payment state, then an amount range that leaves the order out, as a removable chip.
    await page.getByLabel('Payment').selectOption('UNPAID');
    await expect(page).toHaveURL(/payment=UNPAID/);
    await expect(row).toHaveCount(1);
    await page.getByLabel('Total at least').fill('5000');
    await page.getByLabel('Total at least').press('Enter');
    await expect(page).toHaveURL(/min=5000/);
    await expect(page.getByText('No order matches')).toBeVisible();
    await page.getByRole('button', { name: 'Remove filter Total from €5,000' }).click();
    await expect(page).not.toHaveURL(/min=/);
    await expect(row).toHaveCount(1);
    await page.getByLabel('Placed from').fill(todayUtc());
    await expect(page).toHaveURL(new RegExp(`from=${todayUtc()}`));
    await expect(row).toHaveCount(1);
    await page.goBack();
    await expect(page).not.toHaveURL(/from=/);
    await expect(page).toHaveURL(/payment=UNPAID/);
    await snap(page, testInfo, 'orders-table-filtered');

    // A row opens its order.
    await row.getByRole('link', { name: order.number }).click();
    await expect(page).toHaveURL(new RegExp(`${ORDERS}/${order.id}$`));
  },
);

test(
  'admin places an order with three instalments; a line short of stock is refused on that line; ' +
    'Payments lists the instalments and exports them',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    const admin = await asAdmin(request);
    const word = uniqueWord();
    const [ring, bracelet] = await createPieces(admin, word, [
      { label: 'Brume ring', price: 300_000, stock: 5 },
      { label: 'Cendre bracelet', price: 150_000, stock: 1 },
    ]);
    const username = `e2e${word}`;
    await json(
      await request.post('/api/users/admin/create', {
        headers: admin.headers,
        data: {
          username,
          email: `${username}@maison.example`,
          password: 'Long-enough-1',
          role: 'CUSTOMER',
          firstName: 'Iris',
          lastName: `Client${word}`,
        },
      }),
    );

    await signInByApi(page, 'admin');
    await page.goto(ORDERS);
    await settled(page);
    await page.getByRole('link', { name: 'New order' }).click();
    await expect(page).toHaveURL(/\/orders\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();

    // Placing with nothing chosen says what is missing.
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Choose a client, or order for a guest')).toBeVisible();
    await expect(page.getByText('Add at least one piece')).toBeVisible();

    await page.getByLabel('Find a client').fill(username);
    await page.getByRole('button', { name: `Choose Iris Client${word}` }).click();
    await expect(page.getByText(`${username}@maison.example`)).toBeVisible();

    await page.getByLabel('Find a piece').fill(word);
    const found = page.getByRole('list', { name: 'Pieces found' });
    await expect(found.getByRole('listitem').filter({ hasText: ring!.name })).toContainText(`${ring!.sku} · €3,000 · 5 in stock`);
    await expect(found.getByRole('listitem').filter({ hasText: bracelet!.name })).toContainText('1 in stock');
    await found.getByRole('button', { name: `Add ${ring!.name}` }).click();
    await found.getByRole('button', { name: `Add ${bracelet!.name}` }).click();
    await page.getByLabel(`Quantity of ${ring!.name}`).fill('2');
    await page.getByLabel(`Quantity of ${bracelet!.name}`).fill('2');
    await expect(page.getByRole('row').filter({ hasText: ring!.name })).toContainText('€6,000');

    // Instalments ×3: the preview is the server's own plan (€9,000 in three equal parts, monthly).
    await page.getByLabel('Terms', { exact: true }).selectOption('INSTALLMENTS');
    await expect(page.getByLabel('Instalments')).toHaveValue('3');
    const preview = page.getByRole('table', { name: 'Payment schedule' });
    await expect(preview.getByRole('row')).toHaveCount(5); // header, three instalments, total
    await expect(preview).toContainText('Instalment 1 of 3');
    await expect(preview).toContainText('Instalment 3 of 3');
    await expect(preview.getByRole('row').filter({ hasText: 'Instalment 2 of 3' })).toContainText('€3,000');
    await expect(preview.getByRole('row').filter({ hasText: 'Total' })).toContainText('€9,000');
    await page.getByLabel('Instalments').fill('4');
    await expect(preview.getByRole('row')).toHaveCount(6);
    await page.getByLabel('Instalments').fill('3');
    await expect(preview.getByRole('row')).toHaveCount(5);
    await expectAxeClean(page);
    await preview.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'order-new-preview');

    // The server reserves the stock: two bracelets when one is left comes back on that line.
    await page.getByRole('button', { name: 'Place order' }).click();
    const braceletQuantity = page.getByLabel(`Quantity of ${bracelet!.name}`);
    await expect(page.getByRole('row').filter({ hasText: bracelet!.name })).toContainText('Only 1 in stock');
    await expect(braceletQuantity).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(`Quantity of ${ring!.name}`)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/orders\/new$/);
    await braceletQuantity.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'order-new-409');

    await braceletQuantity.fill('1');
    await expect(page.getByRole('row').filter({ hasText: bracelet!.name })).not.toContainText('Only 1 in stock');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(new RegExp(`${ORDERS}/${UUID}$`));
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    const order = await json<{ number: string; total: number; customerEmail: string; schedule: { label: string; amount: number }[] }>(
      await request.get(`/api/orders/${orderId}`, { headers: admin.headers }),
    );
    await expect(page.getByRole('status').filter({ hasText: `Order ${order.number} placed` })).toBeVisible();
    expect(order.total).toBe(750_000);
    expect(order.customerEmail).toBe(`${username}@maison.example`);
    expect(order.schedule.map((s) => s.amount)).toEqual([250_000, 250_000, 250_000]);

    // Payments: the three instalments, linked to the order, and the CSV of exactly this view.
    await page.goto(`/dashboard/admin/payments?q=${order.number}`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: order.number });
    await expect(rows).toHaveCount(3);
    for (const n of [1, 2, 3]) await expect(rows.filter({ hasText: `Instalment ${n} of 3` })).toContainText('€2,500');
    await expect(page.getByText('3 payments match')).toBeVisible();
    await expectAxeClean(page);
    await snap(page, testInfo, 'payments');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'orderNumber,orderStatus,customerName,customerEmail,sequence,label,dueDate,currency,amount,paidAmount,remaining,status',
    );
    expect(lines.slice(1)).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line).toContain(`${order.number},PENDING,`);
    expect(lines.slice(1).map((l) => l.split(',')[8])).toEqual(['250000', '250000', '250000']);

    await rows.first().getByRole('link', { name: order.number }).click();
    await expect(page).toHaveURL(new RegExp(`${ORDERS}/${orderId}$`));
  },
);
