import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScheduleItem } from '@mirror/contract';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http';
import { order, payment, scheduleItem } from '../test/fixtures';
import { RecordPaymentDialog } from './record-payment-dialog';

/** The dialog as the schedule uses it: a button opens it for one item, Save or Cancel closes it. */
function Harness({ item }: { item: ScheduleItem }) {
  const [open, setOpen] = useState<ScheduleItem | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(item)}>
        Open
      </button>
      <RecordPaymentDialog order={order()} item={open} onClose={() => setOpen(null)} />
    </>
  );
}

function renderHarness(item = scheduleItem()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness item={item} />
    </QueryClientProvider>,
  );
}

const recorded = (amount: number) => jsonResponse(201, { payment: payment({ amount }), scheduleItem: scheduleItem(), order: order() });
const keyOf = (call: { headers: Record<string, string> }) => call.headers['idempotency-key'];

describe('RecordPaymentDialog', () => {
  it('sends one Idempotency-Key per opening: a retry after no answer reuses it, the next opening draws a new one', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { calls } = mockFetch(() => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return recorded(300_000);
    });
    renderHarness();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: /Record payment/ });
    // The amount starts at what the item still owes.
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Amount/ }).value).toBe('3000');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/never be recorded twice/);
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(calls).toHaveLength(2);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toMatch(/\/api\/orders\/[0-9a-f-]+\/payment-schedule\/[0-9a-f-]+\/payments$/);
    expect(calls[0]!.body).toEqual({
      amount: 300_000,
      method: 'BANK_TRANSFER',
      receivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
    });
    expect(keyOf(calls[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(calls[1]!)).toBe(keyOf(calls[0]!));

    // A new opening is a new payment: a new key.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(keyOf(calls[2]!)).not.toBe(keyOf(calls[0]!));
  });

  it('sends a double click on Save once', async () => {
    const releases: (() => void)[] = [];
    const { calls } = mockFetch(async () => {
      await new Promise<void>((resolve) => releases.push(resolve));
      return recorded(120_000);
    });
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '1,200' } });
    const save = within(dialog).getByRole('button', { name: 'Save payment' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ amount: 120_000 });
    releases.forEach((release) => release());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(1);
  });

  it('shows the server’s refusal of an overpayment on the amount field and stays open', async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      jsonResponse(409, {
        status: 409,
        error: 'Conflict',
        code: 'OVERPAYMENT',
        message: 'Only €3,000 remains to pay on Instalment 1 of 3.',
        details: [{ path: 'amount', message: 'Only €3,000 remains to pay on this item' }],
      }),
    );
    renderHarness();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '3500');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    const described = (amount.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Only €3,000 remains to pay on this item');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('refuses an amount it cannot read before asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => recorded(1));
    renderHarness();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '12,5');
    await user.click(screen.getByRole('button', { name: 'Save payment' }));
    expect(await screen.findByText('Enter an amount such as 4500 or 4500.50')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
