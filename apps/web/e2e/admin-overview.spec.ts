import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { settled, signInByApi, snap, accessToken } from './helpers';
import { expectAxeClean } from './axe';

/**
 * The back-office overview (/dashboard/admin): its figures are the API's, each leads to its filtered
 * table, the charts carry their numbers as tables, and one failing endpoint leaves the rest standing.
 * Read-only: other tests change the catalog, orders and outbox meanwhile, so every comparison with
 * the API is retried (refresh, refetch, compare) until both were read at the same moment.
 */

type Money = { currency: string; amount: number };
interface ProductStatistics {
  total: number;
  byStatus: Record<'DRAFT' | 'ACTIVE' | 'ARCHIVED', number>;
  featured: number;
  lowStock: number;
  outOfStock: number;
  stockValue: Money[];
  stockValueByCategory: { categoryId: string; name: string; value: Money[] }[];
}
interface MonthFigures {
  month: string;
  orderCount: number;
  ordersTotal: Money[];
  paymentsReceived: Money[];
}
interface OrderStatistics {
  currencies: string[];
  total: number;
  byStatus: Record<string, number>;
  revenue: { thisMonth: MonthFigures; lastMonth: MonthFigures };
  revenueByMonth: MonthFigures[];
  instalments: Record<'dueNext30Days' | 'overdue', { count: number; outstanding: Money[] }>;
}
interface UserStatistics {
  byRole: Record<'CUSTOMER' | 'ADMIN' | 'VENDOR' | 'DESIGNER', number>;
  newLast30Days: number;
}
interface EmailStatistics {
  byStatus: Record<'QUEUED' | 'SENT' | 'FAILED', number>;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The house's money format, written independently of the app: en-GB currency, cents only when there are some. */
function money({ amount, currency }: Money): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: amount % 100 === 0 ? 0 : 2 }).format(
    amount / 100,
  );
}
const count = (n: number) => new Intl.NumberFormat('en-GB').format(n);
/** Every non-zero amount, largest first, as the figure prints them one under the other. */
const amounts = (list: Money[]) =>
  list
    .filter((m) => m.amount !== 0)
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency))
    .map(money)
    .join('');

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const figureValue = (page: Page, id: string) => page.getByTestId(`figure-${id}`).locator('[data-figure-value]');

/** Refetch every card and wait until none is loading. */
async function refresh(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
}

async function openOverview(page: Page): Promise<void> {
  await signInByApi(page, 'admin');
  await page.goto('/dashboard/admin');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // Five endpoints at once on a shared machine: allow them more than the default wait.
  await expect(figureValue(page, 'pieces')).toBeVisible({ timeout: 20_000 });
  await expect(figureValue(page, 'revenue-this-month')).toBeVisible({ timeout: 20_000 });
}

/** The rendered text of a chart's table, row by row (header row first). */
async function tableText(table: Locator): Promise<string[][]> {
  return table
    .locator('tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent.trim())));
}

test.describe('admin overview', () => {
  // Five endpoints, a lazy chart chunk and axe per test: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  let token: string;
  test.beforeAll(async ({ request }) => {
    token = await accessToken(request, 'admin');
  });

  test('every figure is the number the statistics endpoints give', { tag: '@desk' }, async ({ page, request }, testInfo) => {
    await openOverview(page);
    await expect(async () => {
      await refresh(page);
      const [products, orders, users, emails] = await Promise.all([
        getJson<ProductStatistics>(request, token, '/api/products/statistics'),
        getJson<OrderStatistics>(request, token, '/api/orders/statistics'),
        getJson<UserStatistics>(request, token, '/api/users/statistics'),
        getJson<EmailStatistics>(request, token, '/api/notifications/statistics'),
      ]);
      const rendered = async (id: string) => ((await figureValue(page, id).textContent()) ?? '').trim();

      // Catalog
      expect(await rendered('pieces')).toBe(count(products.total));
      expect(await rendered('active')).toBe(count(products.byStatus.ACTIVE));
      expect(await rendered('featured')).toBe(count(products.featured));
      expect(await rendered('low-stock')).toBe(count(products.lowStock));
      expect(await rendered('out-of-stock')).toBe(count(products.outOfStock));
      expect(await rendered('stock-value')).toBe(amounts(products.stockValue) || 'Nothing valued');

      // Sales
      const thisMonth = amounts(orders.revenue.thisMonth.ordersTotal);
      if (thisMonth) expect(await rendered('revenue-this-month')).toBe(thisMonth);
      else expect(await rendered('revenue-this-month')).toMatch(/^(None yet|No revenue yet)$/);
      expect(await rendered('revenue-last-month')).toBe(amounts(orders.revenue.lastMonth.ordersTotal) || 'None');
      expect(await rendered('orders')).toBe(count(orders.total));
      expect(await rendered('instalments-due')).toBe(count(orders.instalments.dueNext30Days.count));
      expect(await rendered('instalments-overdue')).toBe(count(orders.instalments.overdue.count));
      const dueNote = await page.getByTestId('figure-instalments-due').locator('p').textContent();
      const due = orders.instalments.dueNext30Days.outstanding.filter((m) => m.amount > 0);
      expect(dueNote).toBe(
        due.length
          ? `${due
              .sort((a, b) => b.amount - a.amount)
              .map(money)
              .join(' · ')} to collect`
          : 'Nothing due',
      );
      for (const [status, n] of Object.entries(orders.byStatus)) {
        await expect(page.getByTestId('order-statuses').locator(`[data-status="${status}"]`)).toContainText(count(n));
      }

      // The change in per cent is this month against last month, in the leading currency.
      const [currency] = orders.currencies;
      if (orders.currencies.length === 1 && currency) {
        const now = orders.revenue.thisMonth.ordersTotal.find((m) => m.currency === currency)?.amount ?? 0;
        const before = orders.revenue.lastMonth.ordersTotal.find((m) => m.currency === currency)?.amount ?? 0;
        const lastName = MONTHS[Number(orders.revenue.lastMonth.month.slice(5)) - 1];
        const note = await page.getByTestId('figure-revenue-this-month').locator('p').textContent();
        if (before > 0) {
          const percent = Math.round(((now - before) / before) * 100) || 0;
          expect(note).toContain(`${percent > 0 ? '+' : percent < 0 ? '\u2212' : ''}${Math.abs(percent)} % on ${lastName}`);
        } else if (now > 0) {
          expect(note).toContain(`Nothing in ${lastName}`);
        }
      }

      // People and email
      expect(await rendered('role-customer')).toBe(count(users.byRole.CUSTOMER));
      expect(await rendered('role-vendor')).toBe(count(users.byRole.VENDOR));
      expect(await rendered('role-designer')).toBe(count(users.byRole.DESIGNER));
      expect(await rendered('role-admin')).toBe(count(users.byRole.ADMIN));
      expect(await rendered('users-new')).toBe(count(users.newLast30Days));
      expect(await rendered('emails-queued')).toBe(count(emails.byStatus.QUEUED));
      expect(await rendered('emails-failed')).toBe(count(emails.byStatus.FAILED));
      expect(await rendered('emails-sent')).toBe(count(emails.byStatus.SENT));
    }).toPass({ timeout: 20_000 });

    await expectAxeClean(page);
    await page.evaluate(() => document.fonts.ready);
    await snap(page, testInfo, 'admin-overview');
    await page.getByTestId('overview-catalog').scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'admin-overview-catalog');
  });

  test('"Needs attention" lists what the API lists, each row a link', { tag: '@desk' }, async ({ page, request }, testInfo) => {
    await openOverview(page);
    const lowStock = page.getByTestId('attention-low-stock');
    await expect(async () => {
      await refresh(page);
      const api = await getJson<{ content: { id: string; name: string; stockQuantity: number }[]; totalElements: number }>(
        request,
        token,
        '/api/products/low-stock?size=5&sort=stock,asc',
      );
      if (api.content.length === 0) {
        await expect(lowStock).toContainText('No piece is running low.', { timeout: 1000 });
        return;
      }
      const links = lowStock.getByRole('listitem').getByRole('link');
      expect(await links.allTextContents()).toEqual(api.content.map((p) => p.name));
      expect(await links.first().getAttribute('href')).toBe(`/dashboard/admin/manage-products/${api.content[0]!.id}`);
      expect(await lowStock.getByRole('heading').textContent()).toContain(count(api.totalElements));
    }).toPass({ timeout: 20_000 });

    const overdue = await getJson<{ content: { orderNumber: string; remaining: number; currency: string }[] }>(
      request,
      token,
      '/api/orders/payment-schedule?overdue=true&size=5',
    );
    const overdueCard = page.getByTestId('attention-overdue');
    if (overdue.content.length === 0) await expect(overdueCard).toContainText('No instalment is overdue.');
    else await expect(overdueCard.getByRole('listitem').first()).toContainText(overdue.content[0]!.orderNumber);
    const failed = await getJson<{ content: { subject: string }[] }>(request, token, '/api/notifications/outbox?status=FAILED&size=5');
    const failedCard = page.getByTestId('attention-failed-emails');
    if (failed.content.length === 0) await expect(failedCard).toContainText('No email has failed.');
    else await expect(failedCard.getByRole('listitem').first()).toContainText(failed.content[0]!.subject);

    await page.getByTestId('needs-attention').scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'admin-overview-attention');

    // A low-stock row opens that piece in the editor.
    const first = lowStock.getByRole('listitem').getByRole('link').first();
    if (await first.count()) {
      const href = await first.getAttribute('href');
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    }
  });

  test('a figure leads to the products table filtered to it', { tag: '@desk' }, async ({ page }) => {
    await openOverview(page);
    await page.getByTestId('figure-featured').getByRole('link').click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/manage-products\?featured=yes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    // The table reads the link as its own filter: a chip says so, and the count is of matching pieces.
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Featured', { timeout: 20_000 });
    await expect(page.getByText(/match the filters$/)).toBeVisible({ timeout: 20_000 });
    // Back returns to the overview (an in-app navigation: no page load to wait for).
    await page.evaluate(() => history.back());
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await expect(figureValue(page, 'low-stock')).toBeVisible();
    await page.getByTestId('figure-low-stock').click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/manage-products\?stock=low$/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Low stock', { timeout: 20_000 });
    await page.evaluate(() => history.back());
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page
      .getByTestId('order-statuses')
      .getByRole('link', { name: /Pending/ })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/orders\?status=PENDING$/);
  });

  test('the charts carry their numbers as tables', { tag: '@desk' }, async ({ page, request }, testInfo) => {
    await openOverview(page);
    for (const id of ['chart-revenue', 'chart-orders', 'chart-stock']) {
      const card = page.getByTestId(id);
      // The plot is drawn (recharts arrived in its lazy chunk) and hidden from assistive technology.
      await expect(card.locator('[data-testid=chart-plot] svg.recharts-surface')).toBeVisible({ timeout: 20_000 });
      await expect(card.getByTestId('chart-plot')).toHaveAttribute('aria-hidden', 'true');
      // Its table is in the accessibility tree even while the chart is shown.
      await expect(card.getByRole('table')).toHaveCount(1);
    }

    await expect(async () => {
      await refresh(page);
      const orders = await getJson<OrderStatistics>(request, token, '/api/orders/statistics');
      const products = await getJson<ProductStatistics>(request, token, '/api/products/statistics');
      const lead = orders.currencies
        .map((c) => ({
          c,
          total: orders.revenueByMonth.reduce((s, m) => s + (m.ordersTotal.find((x) => x.currency === c)?.amount ?? 0), 0),
        }))
        .sort((a, b) => b.total - a.total)[0]?.c;
      const revenue = await tableText(page.getByTestId('chart-revenue').getByRole('table'));
      expect(revenue[0]).toEqual(['Month', 'Orders', 'Revenue', 'Received']);
      expect(revenue.slice(1)).toEqual(
        orders.revenueByMonth.map((m) => {
          const pick = (list: Money[]) =>
            lead ? money({ currency: lead, amount: list.find((x) => x.currency === lead)?.amount ?? 0 }) : '—';
          return [
            `${MONTHS[Number(m.month.slice(5)) - 1]} ${m.month.slice(0, 4)}`,
            count(m.orderCount),
            pick(m.ordersTotal),
            pick(m.paymentsReceived),
          ];
        }),
      );
      const statuses = await tableText(page.getByTestId('chart-orders').getByRole('table'));
      expect(Object.fromEntries(statuses.slice(1).map(([label, n]) => [label!.toUpperCase().replace(/ /g, '_'), n]))).toEqual(
        Object.fromEntries(Object.entries(orders.byStatus).map(([s, n]) => [s, count(n)])),
      );
      const stock = await tableText(page.getByTestId('chart-stock').getByRole('table'));
      expect(
        stock
          .slice(1)
          .map(([name, value]) => `${name}=${value}`)
          .sort(),
      ).toEqual(products.stockValueByCategory.map((c) => `${c.name}=${c.value.map(money).join('')}`).sort());
    }).toPass({ timeout: 20_000 });

    // "Show as table" puts the same table in view, in place of the plot.
    const revenueCard = page.getByTestId('chart-revenue');
    await revenueCard.getByRole('button', { name: 'Show as table' }).click();
    await expect(revenueCard.getByRole('table')).toBeVisible();
    await expect(revenueCard.getByTestId('chart-plot')).toHaveCount(0);
    await revenueCard.scrollIntoViewIfNeeded();
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-overview-revenue-table');
    await revenueCard.getByRole('button', { name: 'Show as chart' }).click();
    await expect(revenueCard.locator('svg.recharts-surface')).toBeVisible();
  });

  test('one failing endpoint leaves the other cards standing, and Try again recovers it', { tag: '@desk' }, async ({ page }, testInfo) => {
    await signInByApi(page, 'admin');
    await page.route('**/api/orders/statistics', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 503,
          error: 'Service Unavailable',
          code: 'QUERY_TIMEOUT',
          message: 'The request took too long. Please try again.',
        }),
      }),
    );
    await page.goto('/dashboard/admin');
    await settled(page);
    const sales = page.getByTestId('overview-sales');
    // The client retries a 5xx twice before the card gives up.
    await expect(sales.getByRole('alert')).toContainText('The sales figures could not be loaded.', { timeout: 15_000 });
    await expect(sales.getByRole('alert')).toContainText('The request took too long. Please try again.');
    await expect(page.getByTestId('chart-revenue').getByRole('alert')).toBeVisible();
    await expect(figureValue(page, 'pieces')).toBeVisible();
    await expect(figureValue(page, 'emails-queued')).toBeVisible();
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-overview-error');

    await page.unroute('**/api/orders/statistics');
    await sales.getByRole('button', { name: 'Try again' }).click();
    await expect(figureValue(page, 'revenue-this-month')).toBeVisible();
    await expect(sales.getByRole('alert')).toHaveCount(0);
  });
});
