import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeToken, makeUser, mockFetch, type Call } from '../../../test/http';
import { RegisterForm } from './register-form';
// The forms' rules load on first focus (lazy-resolver.ts); loaded here up front, as a browser would have them by then.
import '../auth-schemas';

function renderForm(onRegistered = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RegisterForm onRegistered={onRegistered} loginHref="/auth/login" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onRegistered;
}

async function fillAndSubmit(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'camille.v');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Pearls-and-Platinum');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

const receipt = (call: Call) => jsonResponse(202, { status: 'ACCEPTED', email: (call.body as { email: string }).email });
const tokens = () => jsonResponse(200, { accessToken: makeToken('u1'), refreshToken: 'r', tokenType: 'Bearer', expiresIn: 900 });

describe('register form (issue 14, finding 6)', () => {
  it('registers without signing in, says "check your inbox", and Continue signs the new account in', { timeout: 30_000 }, async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/api/users')) return receipt(call);
      if (call.url.endsWith('/api/auth/authenticate')) return tokens();
      return jsonResponse(200, makeUser({ username: 'camille.v' }));
    });
    const onRegistered = renderForm();
    const user = await fillAndSubmit('camille@example.com');
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('camille@example.com')).toBeTruthy();
    expect(calls.map((c) => c.url.replace(/^https?:\/\/[^/]+/, ''))).toEqual(['/api/users']);
    expect(onRegistered).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url.endsWith('/api/auth/authenticate'))!.body).toEqual({ username: 'camille.v', password: 'Pearls-and-Platinum' });
  });

  it('shows the same screen for an address that already has an account; Continue then explains', { timeout: 30_000 }, async () => {
    mockFetch((call) => {
      if (call.url.endsWith('/api/users')) return receipt(call);
      return jsonResponse(401, { status: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' });
    });
    const onRegistered = renderForm();
    const user = await fillAndSubmit('already@example.com');
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid username or password. If an account already uses already@example.com, our note explains how to reach it.',
    );
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('puts a taken username on its field and stays on the form', { timeout: 30_000 }, async () => {
    mockFetch(() => jsonResponse(409, { status: 409, error: 'Conflict', code: 'USERNAME_TAKEN', message: 'This username is already taken.', details: [{ path: 'username', message: 'This username is already taken.' }] }));
    renderForm();
    await fillAndSubmit('camille@example.com');
    expect(await screen.findByText('This username is already taken.')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).toBeNull();
  });
});
