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
const toasts = () => vi.mocked(showToast).mock.calls.map((c) => c[0]);

const emptyOrders = { content: [], page: 0, size: 10, totalElements: 0, totalPages: 0, first: true, last: true, numberOfElements: 0, empty: true };

function setup(onPut: (call: Call) => Response) {
  const fetch = mockFetch((call) => {
    if (call.method === 'PUT') return onPut(call);
    if (call.url.includes('/api/orders')) return jsonResponse(200, emptyOrders);
    return jsonResponse(200, makeUser({ email: 'camille@example.com' }));
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
  it('asks for the current password only when the email changes, and sends it with the new email', { timeout: 30_000 }, async () => {
    const { calls } = setup((call) => jsonResponse(200, makeUser(call.body as Record<string, unknown>)));
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
    await vi.waitFor(() => expect(toasts()).toContain('Your profile has been saved. We have told your previous address of the change.'));
    expect(puts(calls)[0]!.body).toMatchObject({ email: 'camille@new.example', currentPassword: 'My-Current-Pass-1' });
  });

  it('sends no password for other changes, and shows the server’s answer on the password field', { timeout: 30_000 }, async () => {
    let answer: 'ok' | 'wrong' = 'ok';
    const { calls } = setup((call) =>
      answer === 'ok'
        ? jsonResponse(200, makeUser(call.body as Record<string, unknown>))
        : jsonResponse(400, { status: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', details: [{ path: 'currentPassword', message: 'Your current password is not correct.' }] }),
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
    await user.type(screen.getAllByLabelText('Current password').find((el) => form.contains(el))!, 'not-it');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeTruthy();
  });
});
