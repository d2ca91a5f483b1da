import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type Call } from '../../../test/http';
import { ConfirmEmail } from './confirm-email';
// The forms' rules load on first focus (lazy-resolver.ts); loaded here up front, as a browser would have them by then.
import '../auth-schemas';

const TOKEN = '6f1d2c7e-3b9a-4c1e-8f2a-9d0b1c2e3f40.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const path = (call: Call) => call.url.replace(/^https?:\/\/[^/]+/, '');
const problem = (status: number, code: string, message: string) => jsonResponse(status, { status, error: 'Error', code, message });

function renderPage(token: string | null, isSignedIn = false) {
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ConfirmEmail
            token={token}
            isSignedIn={isSignedIn}
            loginHref="/auth/login"
            registerHref="/auth/register"
            profileHref="/user-profile"
          />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('the confirmation link’s page', () => {
  it(
    'confirms once (even mounted twice), shows "confirming" meanwhile, then offers to sign in as the new account',
    { timeout: 30_000 },
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const { calls } = mockFetch(async () => {
        await held;
        return jsonResponse(200, { purpose: 'REGISTRATION', email: 'camille@example.com', username: 'camille.v' });
      });
      renderPage(TOKEN);
      expect(await screen.findByRole('heading', { name: 'Confirming your address' })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('One moment…');
      release();
      expect(await screen.findByRole('heading', { name: 'Your address is confirmed' })).toBeTruthy();
      expect(screen.getByText('camille.v')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
      expect(calls.map(path)).toEqual(['/api/users/confirm-email']);
      expect(calls[0]!.body).toEqual({ token: TOKEN });
    },
  );

  it('confirms a new address and leads back to the profile when signed in', { timeout: 30_000 }, async () => {
    mockFetch(() => jsonResponse(200, { purpose: 'EMAIL_CHANGE', email: 'camille@new.example', username: 'camille.v' }));
    renderPage(TOKEN, true);
    expect(await screen.findByRole('heading', { name: 'Your new address is confirmed' })).toBeTruthy();
    expect(screen.getByText('camille@new.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your profile' }).getAttribute('href')).toBe('/user-profile');
  });

  it('offers a new link when the link expired, sent by its token', { timeout: 30_000 }, async () => {
    const { calls } = mockFetch((call) =>
      path(call) === '/api/users/confirm-email'
        ? problem(410, 'CONFIRMATION_EXPIRED', 'This link has expired.')
        : jsonResponse(202, { status: 'ACCEPTED' }),
    );
    renderPage(TOKEN);
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByRole('status')).textContent).toBe('A new link is on its way to the same address. It works for 24 hours.');
    expect(calls.map(path)).toEqual(['/api/users/confirm-email', '/api/users/confirm-email/resend']);
    expect(calls[1]!.body).toEqual({ token: TOKEN });
  });

  it('says a used link was used and offers to sign in', { timeout: 30_000 }, async () => {
    mockFetch(() => problem(409, 'CONFIRMATION_USED', 'This link has already been used.'));
    renderPage(TOKEN);
    expect(await screen.findByRole('heading', { name: 'This link has already been used' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
  });

  it('asks for the address when the link is not valid, and answers alike whatever waits for it', { timeout: 30_000 }, async () => {
    const { calls } = mockFetch((call) =>
      path(call) === '/api/users/confirm-email'
        ? problem(404, 'CONFIRMATION_INVALID', 'This link is not valid.')
        : jsonResponse(202, { status: 'ACCEPTED' }),
    );
    renderPage(TOKEN);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    const user = userEvent.setup();
    const email = screen.getByLabelText('The email you registered with');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(calls).toHaveLength(1);
    await user.clear(email);
    await user.type(email, 'camille@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If a registration is waiting for camille@example.com, a new link is on its way. It works for 24 hours.',
    );
    expect(calls[1]!.body).toEqual({ email: 'camille@example.com' });
  });

  it('without a token asks nothing of the server and offers a new link', { timeout: 30_000 }, async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
    expect(screen.getByLabelText('The email you registered with')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends someone whose username was taken meanwhile back to registration', { timeout: 30_000 }, async () => {
    mockFetch(() =>
      problem(
        409,
        'USERNAME_TAKEN',
        'This username was taken while your link waited. Please create your account again with another username.',
      ),
    );
    renderPage(TOKEN);
    expect(await screen.findByRole('heading', { name: 'This username was taken meanwhile' })).toBeTruthy();
    expect(screen.getByText(/taken while your link waited/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your account again' }).getAttribute('href')).toBe('/auth/register');
  });

  it('shows an unexpected failure and tries again on request', { timeout: 30_000 }, async () => {
    let fail = true;
    const { calls } = mockFetch(() =>
      fail
        ? problem(503, 'DATABASE_UNAVAILABLE', 'The service is briefly unavailable. Please try again.')
        : jsonResponse(200, { purpose: 'REGISTRATION', email: 'a@example.com', username: 'ada' }),
    );
    renderPage(TOKEN);
    expect((await screen.findByRole('alert')).textContent).toBe('The service is briefly unavailable. Please try again.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your address is confirmed' })).toBeTruthy();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });
});
