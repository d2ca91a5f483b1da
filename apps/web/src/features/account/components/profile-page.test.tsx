import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../components/ui/toast';
import { jsonResponse, makeUser, mockFetch, type Call } from '../../../test/http';
import { ProfilePage } from './profile-page';
// The forms' rules load on first focus (lazy-resolver.ts); loaded here up front, as a browser would have them by then.
import '../account-schemas';

vi.mock('../../../components/ui/toast', () => ({ showToast: vi.fn() }));
// The page's later task (lib/next-task.ts): at once, unless a test holds it.
const laterTask = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock('../../../lib/next-task', () => ({ nextTask: () => laterTask.held ?? Promise.resolve() }));
const toasts = () => vi.mocked(showToast).mock.calls.map((c) => c[0]);

const emptyOrders = {
  content: [],
  page: 0,
  size: 10,
  totalElements: 0,
  totalPages: 0,
  first: true,
  last: true,
  numberOfElements: 0,
  empty: true,
};

function setup(onPut: (call: Call) => Response, me: Record<string, unknown> = {}, onOther?: (call: Call) => Response | undefined) {
  const fetch = mockFetch((call) => {
    const other = onOther?.(call);
    if (other) return other;
    if (call.method === 'PUT') return onPut(call);
    if (call.url.includes('/api/orders')) return jsonResponse(200, emptyOrders);
    return jsonResponse(200, makeUser({ email: 'camille@example.com', ...me }));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

describe('profile: changing the email needs the current password (issue 14, finding 8)', () => {
  it(
    'asks for the current password only when the email changes, sends it with the new email, and shows ' +
      'the change waiting for its link',
    { timeout: 30_000 },
    async () => {
      // As the server answers: the address stays, the new one waits.
      const { calls } = setup((call) => {
        const { email, currentPassword: _, ...rest } = call.body as Record<string, string>;
        return jsonResponse(
          200,
          makeUser({ ...rest, email: 'camille@example.com', pendingEmail: { email, expiresAt: '2026-01-02T10:00:00.000Z' } }),
        );
      });
      const user = userEvent.setup();
      const email = await screen.findByLabelText('Email');
      const form = email.closest('form')!;
      expect(form.querySelector('input[autocomplete="current-password"]')).toBeNull();

      await user.clear(email);
      await user.type(email, 'camille@new.example');
      const current = screen.getAllByLabelText('Current password').find((el) => form.contains(el))!;
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Enter your current password to change your email')).toBeTruthy();
      expect(puts(calls)).toHaveLength(0);

      await user.type(current, 'My-Current-Pass-1');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      await vi.waitFor(() =>
        expect(toasts()).toContain('Saved. We have sent a link to camille@new.example: your address changes once you open it.'),
      );
      expect(puts(calls)[0]!.body).toMatchObject({ email: 'camille@new.example', currentPassword: 'My-Current-Pass-1' });
      expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('camille@example.com');
      const pending = screen.getByRole('group', { name: 'Waiting for confirmation' });
      expect(pending.textContent).toContain(
        'We sent a link to camille@new.example. Until you open it, your address stays camille@example.com.',
      );
    },
  );

  it('sends no password for other changes, and shows the server’s answer on the password field', { timeout: 30_000 }, async () => {
    let answer: 'ok' | 'wrong' = 'ok';
    const { calls } = setup((call) =>
      answer === 'ok'
        ? jsonResponse(200, makeUser(call.body as Record<string, unknown>))
        : jsonResponse(400, {
            status: 400,
            error: 'Bad Request',
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            details: [{ path: 'currentPassword', message: 'Your current password is not correct.' }],
          }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First name'), 'Camille');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(toasts()).toContain('Your profile has been saved.'));
    expect(puts(calls)[0]!.body).not.toHaveProperty('currentPassword');

    answer = 'wrong';
    const email = screen.getByLabelText('Email');
    const form = email.closest('form')!;
    await user.clear(email);
    await user.type(email, 'camille@new.example');
    await user.type(
      screen.getAllByLabelText('Current password').find((el) => form.contains(el))!,
      'not-it',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeTruthy();
  });
});

describe('profile: a change of address waiting for its link (issue 14)', () => {
  const waiting = { pendingEmail: { email: 'camille@new.example', expiresAt: '2026-01-02T10:00:00.000Z' } };

  it('says which address is in use and which waits, sends the link again, and withdraws the change', { timeout: 30_000 }, async () => {
    const { calls } = setup(
      () => jsonResponse(500, {}),
      waiting,
      (call) => {
        if (call.url.endsWith('/email-change/resend')) return jsonResponse(200, makeUser({ email: 'camille@example.com', ...waiting }));
        if (call.url.endsWith('/email-change') && call.method === 'DELETE')
          return jsonResponse(200, makeUser({ email: 'camille@example.com' }));
        return undefined;
      },
    );
    const user = userEvent.setup();
    const pending = await screen.findByRole('group', { name: 'Waiting for confirmation' });
    expect(pending.textContent).toContain(
      'We sent a link to camille@new.example. Until you open it, your address stays camille@example.com.',
    );
    expect(pending.textContent).toContain('The link works until');

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    await vi.waitFor(() => expect(toasts()).toContain('A new link is on its way to camille@new.example.'));
    expect(calls.find((c) => c.url.endsWith('/email-change/resend'))!.method).toBe('POST');

    await user.click(screen.getByRole('button', { name: 'Cancel the change' }));
    await vi.waitFor(() => expect(toasts()).toContain('The change of address is cancelled.'));
    expect(screen.queryByRole('group', { name: 'Waiting for confirmation' })).toBeNull();
  });

  it('shows the server’s refusal of another link where the change is described', { timeout: 30_000 }, async () => {
    setup(
      () => jsonResponse(500, {}),
      waiting,
      (call) =>
        call.url.endsWith('/email-change/resend')
          ? jsonResponse(429, {
              status: 429,
              error: 'Too Many Requests',
              code: 'TOO_MANY_REQUESTS',
              message: 'We have sent several links to this address in the last hour. Please wait a little before asking again.',
            })
          : undefined,
    );
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Waiting for confirmation' });
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We have sent several links to this address in the last hour. Please wait a little before asking again.',
    );
  });

  it('shows nothing waiting when no change is', { timeout: 30_000 }, async () => {
    setup(() => jsonResponse(500, {}));
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('group', { name: 'Waiting for confirmation' })).toBeNull();
  });
});

const ORDER_ID = '22222222-2222-4222-8222-222222222222';
const oneOrder = {
  ...emptyOrders,
  content: [
    {
      id: ORDER_ID,
      number: 'M-1001',
      createdAt: '2026-01-02T10:00:00.000Z',
      status: 'CONFIRMED',
      total: 250_000,
      paidAmount: 0,
      currency: 'EUR',
      isPaidInFull: false,
      lines: [{ productName: 'Solitaire', quantity: 1 }],
    },
  ],
  totalElements: 1,
  totalPages: 1,
  numberOfElements: 1,
  empty: false,
};
const oneOrderFull = {
  ...oneOrder.content[0],
  schedule: [{ id: 'i1', label: 'Instalment 1 of 1', dueDate: '2026-02-01', amount: 250_000, paidAmount: 0, status: 'PENDING' }],
};

describe('profile: the first screen first, the rest later (decision 0123)', () => {
  it('renders the details form first, and the password form and the orders in a later task', { timeout: 30_000 }, async () => {
    let release: () => void = () => undefined;
    const later = new Promise<void>((resolve) => (release = resolve));
    laterTask.held = later;
    try {
      setup(() => jsonResponse(500, {}));
      await screen.findByRole('form', { name: 'Your details' });
      expect(screen.queryByRole('form', { name: 'Password' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Your orders' })).toBeNull();
      release();
      expect(await screen.findByRole('form', { name: 'Password' })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'Your orders' })).toBeTruthy();
    } finally {
      laterTask.held = null;
    }
  });

  it('asks for an order’s schedule only once its details are opened', { timeout: 30_000 }, async () => {
    const { calls } = setup(
      () => jsonResponse(500, {}),
      {},
      (call) =>
        call.url.includes(`/api/orders/${ORDER_ID}`)
          ? jsonResponse(200, oneOrderFull)
          : call.url.includes('/api/orders')
            ? jsonResponse(200, oneOrder)
            : undefined,
    );
    const order = await screen.findByTestId('order');
    const scheduleCalls = () => calls.filter((c) => c.url.includes(`/api/orders/${ORDER_ID}`));
    expect(scheduleCalls()).toHaveLength(0);
    expect(order.querySelector('table')).toBeNull();
    await userEvent.setup().click(screen.getByText('Payment schedule'));
    expect(await screen.findByRole('table', { name: 'Payment schedule of order M-1001' })).toBeTruthy();
    expect(scheduleCalls()).toHaveLength(1);
  });

  it('renders the heading and a skeleton while nobody is known yet, with no request', { timeout: 30_000 }, async () => {
    const fetch = mockFetch(() => jsonResponse(200, makeUser()));
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ProfilePage isSessionPending />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(container.querySelector('form')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.calls).toHaveLength(0);
  });
});
