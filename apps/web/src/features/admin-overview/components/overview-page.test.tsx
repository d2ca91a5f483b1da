import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUSES } from '@mirror/contract';
import { jsonResponse, mockFetch } from '../../../test/http';
import OverviewPage from './overview-page';

/** The last 12 months up to November 2026, as the API lists them. */
const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const page = <T,>(content: T[] = [], totalElements = content.length) => ({
  content,
  page: 0,
  size: 5,
  totalElements,
  totalPages: totalElements ? 1 : 0,
});

/** Exactly what each endpoint answers on an empty database (see the API's statistics tests). */
const EMPTY: Record<string, unknown> = {
  '/api/products/statistics': {
    total: 0,
    byStatus: { DRAFT: 0, ACTIVE: 0, ARCHIVED: 0 },
    byMetal: { YELLOW_GOLD: 0, WHITE_GOLD: 0, ROSE_GOLD: 0, PLATINUM: 0, SILVER: 0 },
    byCategory: [],
    featured: 0,
    stockUnits: 0,
    stockValue: [],
    stockValueByCategory: [],
    lowStock: 0,
    outOfStock: 0,
    lowStockThreshold: 5,
    deleted: 0,
  },
  '/api/orders/statistics': {
    asOf: '2026-11-23',
    currencies: [],
    total: 0,
    byStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])),
    revenue: {
      thisMonth: { month: '2026-11', orderCount: 0, ordersTotal: [], paymentsReceived: [] },
      lastMonth: { month: '2026-10', orderCount: 0, ordersTotal: [], paymentsReceived: [] },
    },
    revenueByMonth: MONTHS.map((month) => ({ month, orderCount: 0, ordersTotal: [], paymentsReceived: [] })),
    instalments: { dueNext30Days: { count: 0, outstanding: [] }, overdue: { count: 0, outstanding: [] } },
  },
  '/api/users/statistics': {
    total: 0,
    byRole: { CUSTOMER: 0, ADMIN: 0, VENDOR: 0, DESIGNER: 0 },
    byStatus: { ACTIVE: 0, INACTIVE: 0, SUSPENDED: 0, PENDING: 0 },
    newLast30Days: 0,
  },
  '/api/notifications/statistics': { total: 0, byStatus: { QUEUED: 0, SENT: 0, FAILED: 0 }, oldestQueuedAt: null },
  '/api/products/low-stock': page(),
  '/api/orders/payment-schedule': page(),
  '/api/notifications/outbox': page(),
};

const eur = (amount: number) => [{ currency: 'EUR', amount }];
const month = (m: string, ordered: number, received = 0, orderCount = ordered ? 1 : 0) => ({
  month: m,
  orderCount,
  ordersTotal: eur(ordered),
  paymentsReceived: eur(received),
});

const SALES = {
  asOf: '2026-11-23',
  currencies: ['EUR'],
  total: 9,
  byStatus: { PENDING: 2, CONFIRMED: 1, IN_PRODUCTION: 1, READY: 1, SHIPPED: 1, DELIVERED: 0, COMPLETED: 2, CANCELLED: 1 },
  revenue: { thisMonth: month('2026-11', 2_744_000, 1_000_000, 3), lastMonth: month('2026-10', 2_450_000, 0, 2) },
  revenueByMonth: MONTHS.map((m, i) =>
    m === '2026-11' ? month(m, 2_744_000, 1_000_000, 3) : m === '2026-10' ? month(m, 2_450_000, 0, 2) : month(m, i * 10_000),
  ),
  instalments: { dueNext30Days: { count: 3, outstanding: eur(1_250_000) }, overdue: { count: 2, outstanding: eur(480_050) } },
};

function renderOverview() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Per path, the JSON to answer with, or a function of the URL that returns the response. */
function serve(overrides: Record<string, unknown> = {}) {
  return mockFetch(({ url }) => {
    const parsed = new URL(url, 'http://localhost');
    const answer = overrides[parsed.pathname] ?? EMPTY[parsed.pathname];
    if (typeof answer === 'function') return (answer as (u: URL) => Response)(parsed);
    return answer === undefined
      ? jsonResponse(404, { status: 404, error: 'Not Found', code: 'ROUTE_NOT_FOUND', message: 'No such route' })
      : jsonResponse(200, answer);
  });
}

const figure = (id: string) => screen.getByTestId(`figure-${id}`);
const valueOf = (id: string) => within(figure(id)).getByRole('link').querySelector('[data-figure-value]')?.textContent;

beforeEach(() => {
  // recharts measures its container; jsdom has no layout, only the API.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

// The whole page renders with recharts behind it; jsdom on a busy machine needs more than 5 s.
const SLOW = { timeout: 20_000 };

describe('Overview on an empty database', SLOW, () => {
  it('shows zeros and says so in words, never a blank or a NaN', async () => {
    serve();
    renderOverview();
    await screen.findByTestId('figure-pieces');
    expect(valueOf('pieces')).toBe('0');
    expect(within(figure('pieces')).getByText('No pieces yet')).toBeTruthy();
    expect(valueOf('stock-value')).toBe('Nothing valued');
    await screen.findByTestId('figure-revenue-this-month');
    expect(valueOf('revenue-this-month')).toBe('No revenue yet');
    expect(valueOf('orders')).toBe('0');
    expect(valueOf('instalments-overdue')).toBe('0');
    expect(within(figure('instalments-overdue')).getByText('Nothing overdue')).toBeTruthy();
    await screen.findByTestId('figure-role-customer');
    expect(valueOf('role-customer')).toBe('0');
    await screen.findByTestId('figure-emails-failed');
    expect(within(figure('emails-queued')).getByText('The queue is empty')).toBeTruthy();

    // Charts with nothing to plot say so instead of drawing empty axes.
    expect(within(screen.getByTestId('chart-revenue')).getByText('No revenue yet')).toBeTruthy();
    expect(within(screen.getByTestId('chart-orders')).getByText('No orders yet')).toBeTruthy();
    expect(within(screen.getByTestId('chart-stock')).getByText('No stock valued yet')).toBeTruthy();

    expect(await screen.findByText('No piece is running low.')).toBeTruthy();
    expect(await screen.findByText('No instalment is overdue.')).toBeTruthy();
    expect(await screen.findByText('No email has failed.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/NaN|undefined|Infinity/);
  });
});

describe('Overview figures', SLOW, () => {
  it('prints the API figures and links each to its filtered table', async () => {
    serve({ '/api/orders/statistics': SALES });
    renderOverview();
    await screen.findByTestId('figure-revenue-this-month');
    expect(valueOf('revenue-this-month')).toBe('€27,440');
    // 27,440 against 24,500 last month: +12 %.
    expect(within(figure('revenue-this-month')).getByText(/\+12 % on October/)).toBeTruthy();
    expect(within(figure('revenue-this-month')).getByText(/€10,000 received/)).toBeTruthy();
    expect(valueOf('revenue-last-month')).toBe('€24,500');
    expect(valueOf('instalments-due')).toBe('3');
    expect(within(figure('instalments-due')).getByText('€12,500 to collect')).toBeTruthy();
    expect(within(figure('instalments-overdue')).getByText('€4,800.50 outstanding')).toBeTruthy();

    expect(within(figure('revenue-this-month')).getByRole('link').getAttribute('href')).toBe(
      '/dashboard/admin/orders?from=2026-11-01&to=2026-11-30',
    );
    expect(within(figure('instalments-overdue')).getByRole('link').getAttribute('href')).toBe('/dashboard/admin/payments?state=overdue');
    expect(within(figure('instalments-due')).getByRole('link').getAttribute('href')).toBe(
      '/dashboard/admin/payments?state=due&dueTo=2026-12-23',
    );
    const pending = within(screen.getByTestId('order-statuses')).getByRole('link', { name: /Pending/ });
    expect(pending.getAttribute('href')).toBe('/dashboard/admin/orders?status=PENDING');
    expect(pending.textContent).toContain('Pending2');
    // Every status, in the contract's lifecycle order.
    const statusLinks = within(screen.getByTestId('order-statuses')).getAllByRole('link');
    expect(statusLinks.map((a) => a.getAttribute('data-status'))).toEqual([...ORDER_STATUSES]);

    await screen.findByTestId('figure-featured');
    expect(within(figure('featured')).getByRole('link').getAttribute('href')).toBe('/dashboard/admin/manage-products?featured=yes');
    expect(within(figure('low-stock')).getByRole('link').getAttribute('href')).toBe('/dashboard/admin/manage-products?stock=low');
    expect(within(figure('out-of-stock')).getByRole('link').getAttribute('href')).toBe('/dashboard/admin/manage-products?stock=out');
    expect(within(figure('active')).getByRole('link').getAttribute('href')).toBe('/dashboard/admin/manage-products?status=ACTIVE');
    await screen.findByTestId('figure-emails-failed');
    expect(within(figure('emails-failed')).getByRole('link').getAttribute('href')).toBe('/dashboard/admin/emails?status=FAILED');
  });

  it('carries each chart as a table with the same numbers, shown on request', async () => {
    serve({ '/api/orders/statistics': SALES });
    renderOverview();
    await screen.findByTestId('figure-revenue-this-month');
    const card = screen.getByTestId('chart-revenue');
    const table = within(card).getByRole('table', { name: 'Revenue by month, EUR' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(
      within(rows[11]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['November 2026', '3', '€27,440', '€10,000']);
    expect(within(card).getByTestId('chart-table').classList.contains('visually-hidden')).toBe(true);

    await userEvent.click(within(card).getByRole('button', { name: 'Show as table' }));
    expect(within(card).getByTestId('chart-table').classList.contains('visually-hidden')).toBe(false);
    expect(within(card).queryByTestId('chart-plot')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Show as chart' }));
    expect(within(card).getByTestId('chart-plot').getAttribute('aria-hidden')).toBe('true');

    const orders = within(screen.getByTestId('chart-orders')).getByRole('table', { name: 'Orders by status' });
    expect(within(orders).getByRole('link', { name: 'In production' }).getAttribute('href')).toBe(
      '/dashboard/admin/orders?status=IN_PRODUCTION',
    );
    expect(within(orders).getAllByRole('row')).toHaveLength(ORDER_STATUSES.length + 1);
  });
});

describe('Overview when one endpoint fails', SLOW, () => {
  it('keeps every other card and retries the failed one', async () => {
    let isDown = true;
    serve({
      '/api/orders/statistics': () =>
        isDown
          ? jsonResponse(503, {
              status: 503,
              error: 'Service Unavailable',
              code: 'QUERY_TIMEOUT',
              message: 'The request took too long. Please try again.',
            })
          : jsonResponse(200, SALES),
    });
    renderOverview();
    const sales = screen.getByTestId('overview-sales');
    const alert = await within(sales).findByRole('alert');
    expect(alert.textContent).toContain('The sales figures could not be loaded.');
    expect(alert.textContent).toContain('The request took too long. Please try again.');
    // The other cards stand.
    expect(await screen.findByTestId('figure-pieces')).toBeTruthy();
    expect(await screen.findByTestId('figure-emails-failed')).toBeTruthy();
    expect(within(screen.getByTestId('chart-revenue')).getByRole('alert')).toBeTruthy();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(valueOf('revenue-this-month')).toBe('€27,440'));
    expect(within(sales).queryByRole('alert')).toBeNull();
  });
});
