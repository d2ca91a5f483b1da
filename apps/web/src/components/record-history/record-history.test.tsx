import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEvent } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/http';
import { RecordHistory } from './record-history';

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: crypto.randomUUID(),
  occurredAt: '2026-11-23T14:05:00.000Z',
  actorId: '00000000-0000-4000-8000-000000000001',
  actorLabel: 'admin',
  action: 'UPDATE',
  entityType: 'PRODUCT',
  entityId: 'p1',
  entityLabel: 'Ring (SKU-1)',
  changes: {},
  requestId: null,
  ...over,
});

function renderHistory() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RecordHistory entityType="PRODUCT" entityId="p1" version="v1" />
    </QueryClientProvider>,
  );
}

describe('RecordHistory', () => {
  it('asks for the record’s events and lists them newest first, in words, with each change before → after', async () => {
    const events = [
      event({ changes: { price: { from: { amount: 150_000, currency: 'EUR' }, to: { amount: 182_000, currency: 'EUR' } } } }),
      event({ action: 'CREATE', actorId: null, actorLabel: null, changes: { name: { from: null, to: 'Ring' } } }),
    ];
    const { calls } = mockFetch(() => jsonResponse(200, { content: events, page: 0, size: 10, totalElements: 12, totalPages: 2 }));
    renderHistory();
    const [list] = await screen.findAllByRole('list');
    const items = within(list!)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Edited');
    expect(items[0]!.textContent).toContain('admin');
    expect(items[0]!.textContent).toContain('Price: €1,500 → €1,820');
    expect(items[1]!.textContent).toContain('Created');
    expect(items[1]!.textContent).toContain('System');
    expect(items[1]!.textContent).toContain('Name: Ring');
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/audit');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ entityType: 'PRODUCT', entityId: 'p1', page: '0', size: '10' });

    // More events than shown: older ones on request.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('size')).toBe('30');
  });

  it('says so when nothing was recorded', async () => {
    mockFetch(() => jsonResponse(200, { content: [], page: 0, size: 10, totalElements: 0, totalPages: 0 }));
    renderHistory();
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  });

  it('shows the error with a way to try again', async () => {
    mockFetch(() => jsonResponse(500, { status: 500, error: 'Internal Server Error', code: 'INTERNAL', message: 'Something went wrong.' }));
    renderHistory();
    expect(await screen.findByText('The history could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
