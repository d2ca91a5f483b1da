import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { settled, signInByApi, snap, asAdmin, type Admin } from './helpers';
import { expectAxeClean } from './axe';

/**
 * The back-office order page (issue 11): instalment terms with their live preview, one payment for a
 * double click, an overpayment refused on its field, a printable receipt, the lifecycle offering only
 * the allowed moves, and a cancellation putting the pieces back in stock. Every test makes its own
 * pieces and orders through the API: the suite runs in parallel on one database.
 */

/** Wide tables scroll inside their own box: the page itself never scrolls sideways (375 px included). */
async function expectNoSideScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Piece {
  id: string;
  name: string;
  sku: string;
}

async function createPiece(admin: Admin, tag: string, { price, stock }: { price: number; stock: number }): Promise<Piece> {
  const categories = await json<{ content: { id: string; isActive: boolean; productCount: number }[] }>(
    await admin.request.get('/api/categories?size=50', { headers: admin.headers }),
  );
  const category = categories.content.find((c) => c.isActive && c.productCount > 0)!;
  const vendors = await json<{ content: { id: string; isActive: boolean }[] }>(
    await admin.request.get('/api/vendors?size=50', { headers: admin.headers }),
  );
  const vendor = vendors.content.find((v) => v.isActive)!;
  const sku = `E2E-ORD-${tag}`.toUpperCase();
  const created = await json<Piece>(
    await admin.request.post('/api/products', {
      headers: admin.headers,
      data: {
        name: `Orage ${tag}`,
        sku,
        categoryId: category.id,
        vendorId: vendor.id,
        metalType: 'WHITE_GOLD',
        price,
        stockQuantity: stock,
        status: 'ACTIVE',
      },
    }),
  );
  return { id: created.id, name: created.name, sku: created.sku };
}

interface OrderBody {
  id: string;
  number: string;
  paidAmount: number;
  payments: { id: string; amount: number; reference: string | null }[];
}

async function createOrder(admin: Admin, piece: Piece, quantity: number, client: string): Promise<OrderBody> {
  return json<OrderBody>(
    await admin.request.post('/api/orders', {
      headers: admin.headers,
      data: {
        guest: { name: client, email: `${client.toLowerCase().replace(/\W+/g, '.')}@example.com` },
        lines: [{ productId: piece.id, quantity }],
      },
    }),
  );
}

const getOrder = async (admin: Admin, id: string) =>
  json<OrderBody>(await admin.request.get(`/api/orders/${id}`, { headers: admin.headers }));
const stockOf = async (admin: Admin, id: string) =>
  (await json<{ stockQuantity: number }>(await admin.request.get(`/api/products/${id}`, { headers: admin.headers }))).stockQuantity;

async function openOrder(page: Page, order: OrderBody): Promise<void> {
  await page.goto(`/dashboard/admin/orders/${order.id}`);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
}

test(
  'sets instalments with a live preview, records one payment for a double click, refuses an ' + 'overpayment, prints a receipt',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const tag = unique();
    const admin = await asAdmin(request);
    const piece = await createPiece(admin, tag, { price: 900_000, stock: 3 });
    const client = `Margaux ${tag}`;
    const order = await createOrder(admin, piece, 1, client);

    await signInByApi(page, 'admin');
    await openOrder(page, order);

    // The line names the piece and its SKU, and opens its editor.
    const line = page.getByTestId('order-line');
    await expect(line.getByText(piece.sku)).toBeVisible();
    await expect(line.getByRole('link', { name: piece.name })).toHaveAttribute('href', `/dashboard/admin/manage-products/${piece.id}`);
    await expect(page.getByTestId('order-client')).toContainText(client);
    await expect(page.getByTestId('order-total')).toHaveText('€9,000');
    await expectAxeClean(page);
    await snap(page, testInfo, 'order-page');

    // Instalments ×3: the preview shows the schedule before anything is saved.
    const terms = page.getByRole('region', { name: 'Payment terms' });
    await terms.getByRole('radio', { name: 'Instalments' }).check();
    await terms.getByLabel('Number of instalments').fill('3');
    const preview = page.getByTestId('terms-preview');
    await expect(preview.getByRole('row')).toHaveCount(4);
    await expect(preview.getByRole('row', { name: /Instalment 1 of 3/ })).toContainText('€3,000');
    await expect(preview.getByRole('row', { name: /Instalment 3 of 3/ })).toContainText('€3,000');
    await terms.getByLabel('Interval').selectOption('2');
    const firstDue = (
      await preview
        .getByRole('row', { name: /Instalment 1 of 3/ })
        .getByRole('cell')
        .nth(1)
        .innerText()
    ).trim();
    const thirdDue = (
      await preview
        .getByRole('row', { name: /Instalment 3 of 3/ })
        .getByRole('cell')
        .nth(1)
        .innerText()
    ).trim();
    expect(thirdDue).not.toBe(firstDue);
    await terms.getByLabel('Interval').selectOption('1');
    await terms.getByRole('button', { name: 'Save terms' }).scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'order-terms-preview');
    await terms.getByRole('button', { name: 'Save terms' }).click();
    const schedule = page.getByTestId('order-schedule');
    await expect(schedule.getByRole('row')).toHaveCount(4);
    await expect(page.getByTestId('terms-summary')).toHaveText('3 instalments, monthly');

    // Record the first instalment with a double click on Save: one payment.
    await schedule.getByRole('button', { name: 'Record payment: Instalment 1 of 3' }).click();
    const dialog = page.getByRole('dialog', { name: /Record payment/ });
    await expect(dialog.getByLabel(/Amount/)).toHaveValue('3000');
    await dialog.getByLabel('Method').selectOption('BANK_TRANSFER');
    await dialog.getByLabel(/Reference/).fill(`VIR-${tag}`);
    await snap(page, testInfo, 'order-record-payment');
    await dialog.getByRole('button', { name: 'Save payment' }).dblclick();
    await expect(dialog).toBeHidden();
    await expect(schedule.getByRole('row', { name: /Instalment 1 of 3/ })).toContainText('Paid');
    const afterPayment = await getOrder(admin, order.id);
    expect(afterPayment.payments).toHaveLength(1);
    expect(afterPayment.payments[0]).toMatchObject({ amount: 300_000, reference: `VIR-${tag}` });
    expect(afterPayment.paidAmount).toBe(300_000);
    await expect(page.getByTestId('order-payments')).toBeVisible();
    await expectNoSideScroll(page);

    // The order's audit trail, at the bottom of the page, has both changes.
    const history = page.getByTestId('record-history');
    await expect(history.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(history.getByText('Recorded a payment')).toBeVisible();
    await expect(history.getByText('Changed the payment terms')).toBeVisible();

    // The terms are locked now, and the page says why.
    await expect(page.getByTestId('terms-locked')).toContainText('Locked since the first payment');

    // An overpayment is refused by the server, its message on the amount field.
    await schedule.getByRole('button', { name: 'Record payment: Instalment 2 of 3' }).click();
    const second = page.getByRole('dialog', { name: /Record payment/ });
    await second.getByLabel(/Amount/).fill('3500');
    await second.getByRole('button', { name: 'Save payment' }).click();
    await expect(second.getByLabel(/Amount/)).toHaveAttribute('aria-invalid', 'true');
    await expect(second.getByText('Only €3,000 remains to pay on this item')).toBeVisible();
    await snap(page, testInfo, 'order-overpayment');
    await second.getByRole('button', { name: 'Cancel' }).click();
    await expect(second).toBeHidden();
    expect((await getOrder(admin, order.id)).payments).toHaveLength(1);

    // The receipt: letterhead, the payment, the balance left; printing shows the receipt alone.
    await page
      .getByTestId('order-payments')
      .getByRole('link', { name: /Receipt/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByText('Mirror', { exact: true })).toBeVisible();
    await expect(receipt).toContainText('12 Place Vendôme');
    await expect(page.getByTestId('receipt-amount')).toHaveText('€3,000');
    await expect(page.getByTestId('receipt-remaining')).toHaveText('€6,000');
    await expect(receipt).toContainText(order.number);
    await expect(receipt).toContainText(client);
    await expect(receipt).toContainText(`VIR-${tag}`);
    await expect(receipt).toContainText('Bank transfer');
    await expectAxeClean(page);
    await expectNoSideScroll(page);
    await snap(page, testInfo, 'receipt');

    const printButton = page.getByRole('button', { name: 'Print' });
    await expect(printButton).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(printButton).toBeHidden();
    await expect(page.locator('#workspace-sidebar')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'View site' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeHidden();
    await expect(receipt).toBeVisible();
    await expect(page.getByTestId('receipt-amount')).toBeVisible();
    await snap(page, testInfo, 'receipt-print');
    await page.emulateMedia({ media: 'screen' });
    await expect(printButton).toBeVisible();
  },
);

test(
  'moves an order through its lifecycle, offering only the moves the server allows',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const tag = unique();
    const admin = await asAdmin(request);
    const piece = await createPiece(admin, tag, { price: 250_000, stock: 2 });
    const order = await createOrder(admin, piece, 1, `Léon ${tag}`);

    await signInByApi(page, 'admin');
    await openOrder(page, order);
    const moves = page.getByRole('group', { name: 'Move the order' });
    const status = page.getByTestId('order-status');
    const timeline = page.getByTestId('order-timeline');

    const steps: [move: string, reached: string][] = [
      ['Confirm order', 'Confirmed'],
      ['Start production', 'In production'],
      ['Mark as ready', 'Ready'],
      ['Mark as shipped', 'Shipped'],
      ['Mark as delivered', 'Delivered'],
      ['Complete order', 'Completed'],
    ];
    await expect(status).toContainText('Pending');
    for (const [index, [move, reached]] of steps.entries()) {
      // Exactly one move forward is offered: the next one.
      await expect(moves.getByRole('button')).toHaveCount(1);
      await expect(moves.getByRole('button', { name: move })).toBeVisible();
      await moves.getByRole('button', { name: move }).click();
      const dialog = page.getByRole('dialog');
      if (index === 0) await dialog.getByLabel(/Note/).fill(`Confirmed by phone ${tag}`);
      await dialog.getByRole('button', { name: move }).click();
      await expect(dialog).toBeHidden();
      await expect(status).toContainText(reached);
      if (index === 0) {
        await expect(timeline.getByRole('listitem').first()).toContainText('Pending → Confirmed');
        await expect(timeline.getByRole('listitem').first()).toContainText('admin');
        await expect(timeline.getByRole('listitem').first()).toContainText(`Confirmed by phone ${tag}`);
        await snap(page, testInfo, 'order-status-confirmed');
      }
      // Cancelling is offered until the order ships, and then the page says why not.
      const cancel = page.getByRole('button', { name: 'Cancel order' });
      if (['Shipped', 'Delivered'].includes(reached)) {
        await expect(cancel).toHaveCount(0);
        await expect(page.getByText('An order cannot be cancelled once it has shipped.')).toBeVisible();
      } else if (reached !== 'Completed') {
        await expect(cancel).toBeVisible();
      }
    }
    await expect(moves).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expect(page.getByText('This order is complete: nothing further to do.')).toBeVisible();
    await expect(timeline.getByRole('listitem')).toHaveCount(7);
    await expectAxeClean(page);
    await snap(page, testInfo, 'order-completed');
  },
);

test(
  'cancels an order: the dialog says the pieces go back to stock, and they do',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const tag = unique();
    const admin = await asAdmin(request);
    const piece = await createPiece(admin, tag, { price: 410_000, stock: 4 });
    const order = await createOrder(admin, piece, 2, `Ines ${tag}`);
    expect(await stockOf(admin, piece.id)).toBe(2);

    await signInByApi(page, 'admin');
    await openOrder(page, order);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${order.number}?` });
    await expect(dialog).toContainText('These 2 pieces go back to stock');
    await expect(dialog).toContainText(piece.sku);
    await dialog.getByLabel(/Reason/).fill('The client changed their mind');
    await snap(page, testInfo, 'order-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId('order-status')).toContainText('Cancelled');
    await expect(page.getByTestId('cancelled-banner')).toContainText('Its pieces went back to stock');
    await expect(page.getByTestId('cancelled-banner')).toContainText('The client changed their mind');
    await expect(page.getByTestId('line-restocked')).toHaveText('2 returned to stock · 4 in stock now');
    await expect(page.getByRole('group', { name: 'Move the order' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Record payment/ })).toHaveCount(0);
    expect(await stockOf(admin, piece.id)).toBe(4);
    await expectAxeClean(page);
    await snap(page, testInfo, 'order-cancelled');
  },
);
