import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http';
import { LoginForm } from './login-form';
// The forms' rules load on first focus (lazy-resolver.ts); loaded here up front, as a browser would have them by then.
import '../auth-schemas';

function renderForm(onSignedIn = vi.fn(), defaultUsername?: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginForm onSignedIn={onSignedIn} action="/auth/login" registerHref="/auth/register" defaultUsername={defaultUsername} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSignedIn;
}

describe('login form', () => {
  it('an incomplete sign-in sends nothing, marks what is missing and focuses it, without a message', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    renderForm();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' });
    const username = screen.getByLabelText('Username');
    const password = screen.getByLabelText('Password');
    expect(button.disabled).toBe(false);
    expect(username.getAttribute('aria-invalid')).toBeNull();
    await user.click(button);
    // The rules load on the form's first focus (lazy-resolver.ts): the first check waits for them.
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);
    await user.type(username, 'customer');
    await user.click(button);
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBeNull());
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/required/i)).toBeNull();
  });

  it("shows the server's message when sign-in fails", async () => {
    mockFetch(() =>
      jsonResponse(401, { status: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' }),
    );
    const user = userEvent.setup();
    const onSignedIn = renderForm();
    await user.type(screen.getByLabelText('Username'), 'customer');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('after wrong credentials, reminds a newcomer that the account exists once the address is confirmed', async () => {
    mockFetch(() =>
      jsonResponse(401, { status: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' }),
    );
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByText(/Open the link we emailed you first/)).toBeNull();
    await user.type(screen.getByLabelText('Username'), 'camille.v');
    await user.type(screen.getByLabelText('Password'), 'Pearls-and-Platinum');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(
        'Just created your account? Open the link we emailed you first: your account is ready once your ' + 'address is confirmed.',
      ),
    ).toBeTruthy();
  });

  it('shows no such reminder for other failures', async () => {
    mockFetch(() =>
      jsonResponse(429, {
        status: 429,
        error: 'Too Many Requests',
        code: 'LOGIN_THROTTLED',
        message: 'Too many failed sign-in attempts. Please try again later.',
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Username'), 'camille.v');
    await user.type(screen.getByLabelText('Password'), 'Pearls-and-Platinum');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed sign-in attempts. Please try again later.');
    expect(screen.queryByText(/Open the link we emailed you first/)).toBeNull();
  });

  it('arriving from a confirmed link, has the username filled in and the password focused', () => {
    mockFetch(() => jsonResponse(500, {}));
    renderForm(vi.fn(), 'camille.v');
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('camille.v');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });
});

describe('login form rendered on the server', () => {
  it('keeps what was typed before hydration, and signs in with it (decision 0121)', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('@testing-library/react');
    const { calls } = mockFetch(() =>
      jsonResponse(401, { status: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' }),
    );
    const tree = (
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LoginForm onSignedIn={vi.fn()} action="/auth/login" registerHref="/auth/register" />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const form = container.querySelector('form')!;
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe('/auth/login');
    // Typed into the server's fields before the app starts.
    (container.querySelector('input[name="username"]') as HTMLInputElement).value = 'camille';
    (container.querySelector('input[name="password"]') as HTMLInputElement).value = 'typed-early';
    await act(async () => {
      hydrateRoot(container, tree);
      await Promise.resolve();
    });
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('camille');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('typed-early');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(calls.length).toBe(1));
    expect(calls[0]!.body).toEqual({ username: 'camille', password: 'typed-early' });
    container.remove();
  });
});
