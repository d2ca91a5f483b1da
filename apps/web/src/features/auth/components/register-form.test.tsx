import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type Call } from '../../../test/http';
import { RegisterForm } from './register-form';
// The forms' rules load on first focus (lazy-resolver.ts); loaded here up front, as a browser would have them by then.
import '../auth-schemas';

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RegisterForm action="/auth/register" loginHref="/auth/login" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
const path = (call: Call) => call.url.replace(/^https?:\/\/[^/]+/, '');

describe('register form (issue 14: no enumeration, confirmation before use)', () => {
  it(
    'registers without signing in, says "check your inbox" with the link to open, and can send the link again',
    { timeout: 30_000 },
    async () => {
      const { calls } = mockFetch((call) => {
        if (path(call) === '/api/users') return receipt(call);
        if (path(call) === '/api/users/confirm-email/resend') return jsonResponse(202, { status: 'ACCEPTED' });
        return jsonResponse(500, {});
      });
      renderForm();
      const user = await fillAndSubmit('camille@example.com');
      expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
      expect(screen.getByText('camille@example.com')).toBeTruthy();
      expect(screen.getByText(/Open the link in our email within 24 hours/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
      expect(calls.map(path)).toEqual(['/api/users']);

      await user.click(screen.getByRole('button', { name: 'Send the link again' }));
      expect((await screen.findByRole('status')).textContent).toBe(
        'If a registration is waiting for this address, a new link is on its way.',
      );
      expect(calls.map(path)).toEqual(['/api/users', '/api/users/confirm-email/resend']);
      expect(calls[1]!.body).toEqual({ email: 'camille@example.com' });
      expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    },
  );

  it('shows the same screen for an address that already has an account', { timeout: 30_000 }, async () => {
    mockFetch((call) => receipt(call));
    renderForm();
    await fillAndSubmit('already@example.com');
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('If an account already uses this address, our note explains how to reach it.')).toBeTruthy();
  });

  it('says when sending the link again fails, and keeps the button', { timeout: 30_000 }, async () => {
    mockFetch((call) =>
      path(call) === '/api/users'
        ? receipt(call)
        : jsonResponse(429, {
            status: 429,
            error: 'Too Many Requests',
            code: 'TOO_MANY_REQUESTS',
            message: 'Too many requests. Please wait a moment and try again.',
          }),
    );
    renderForm();
    const user = await fillAndSubmit('camille@example.com');
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please wait a moment and try again.');
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });

  it('puts a taken username on its field and stays on the form', { timeout: 30_000 }, async () => {
    mockFetch(() =>
      jsonResponse(409, {
        status: 409,
        error: 'Conflict',
        code: 'USERNAME_TAKEN',
        message: 'This username is already taken.',
        details: [{ path: 'username', message: 'This username is already taken.' }],
      }),
    );
    renderForm();
    await fillAndSubmit('camille@example.com');
    expect(await screen.findByText('This username is already taken.')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).toBeNull();
  });
});
