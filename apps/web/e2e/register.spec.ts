import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { accountButton, confirmationLink, settled, snap } from './helpers';

const form = (page: Page) => page.getByRole('form', { name: 'Create an account' });

/** No serious or critical accessibility problem on the screen as it stands. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('register validates with the contract messages', async ({ page }) => {
  await page.goto('/auth/register');
  // The app's own validation and answers (a form sent before the app starts is auth-forms.spec.ts's).
  await settled(page);
  await form(page).getByRole('button', { name: 'Create account' }).click();
  await expect(form(page).getByText('Enter a valid email address')).toBeVisible();
  await expect(form(page).getByLabel('Username')).toBeFocused();
  await form(page).getByLabel('Username').fill('ab');
  await form(page).getByLabel('Email').fill('not-an-email');
  await form(page).getByLabel('Password').fill('short');
  await form(page).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();
  await expect(form(page).getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('the server’s field problems land on the fields', async ({ page }) => {
  await page.goto('/auth/register');
  await settled(page);
  await form(page).getByLabel('Username').fill('admin');
  await form(page).getByLabel('Email').fill(`taken-${Date.now()}@example.com`);
  await form(page).getByLabel('Password').fill('Pearls-and-Platinum');
  await form(page).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This username is already taken.')).toBeVisible();
  await expect(form(page).getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
});

test('a new account: "check your inbox", the link from the outbox confirms it, then sign in (issue 14)', async ({
  page,
  request,
}, testInfo) => {
  const username = `client.${testInfo.project.name}.${Date.now()}`;
  const email = `${username}@example.com`;
  await page.goto('/auth/register');
  await settled(page);
  await form(page).getByLabel('Username').fill(username);
  await form(page).getByLabel('Email').fill(email);
  await form(page).getByLabel('Password').fill('Pearls-and-Platinum');
  await form(page).getByLabel('First name').fill('Camille');
  await form(page).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await snap(page, testInfo, 'register-check-inbox');
  await expectAccessible(page);

  // Nothing signs in before the address is confirmed: the same answer as an unknown name, with a hint.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('Pearls-and-Platinum');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await expect(page.getByText('Just created your account? Open the link we emailed you first')).toBeVisible();

  // The house's administrator reads the email in the outbox; the visitor opens its link.
  const link = await confirmationLink(request, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your address is confirmed' })).toBeVisible();
  await expect(page.getByText(username)).toBeVisible();
  await snap(page, testInfo, 'confirm-email-confirmed');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill('Pearls-and-Platinum');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await accountButton(page).click();
  await expect(page.getByTestId('account-username')).toHaveText(username);

  // A link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This link has already been used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your profile' })).toBeVisible();
});

test('a link that is not valid asks for the address and answers alike', async ({ page }, testInfo) => {
  await page.goto('/auth/confirm?token=00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await expect(page).toHaveTitle('Confirm your address — Mirror');
  await snap(page, testInfo, 'confirm-email-invalid');
  await expectAccessible(page);
  await page.getByLabel('The email you registered with').fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a new link is on its way' })).toBeVisible();
});

test('an address that already has an account gets the same screen (issue 14: no enumeration)', async ({ page, request }, testInfo) => {
  const owner = `owner.${testInfo.project.name}.${Date.now()}`;
  const email = `${owner}@example.com`;
  expect((await request.post('/api/users', { data: { username: owner, email, password: 'Original-Pass-2025' } })).status()).toBe(202);
  expect(
    (
      await request.post('/api/users/confirm-email', {
        data: { token: new URL(await confirmationLink(request, email), 'http://x').searchParams.get('token') },
      })
    ).status(),
  ).toBe(200);
  await page.goto('/auth/register');
  await settled(page);
  await form(page).getByLabel('Username').fill(`${owner}.again`);
  await form(page).getByLabel('Email').fill(email.toUpperCase());
  await form(page).getByLabel('Password').fill('Pearls-and-Platinum');
  await form(page).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText('If an account already uses this address, our note explains how to reach it.')).toBeVisible();
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'If a registration is waiting for this address, a new link is on its way.' }),
  ).toBeVisible();
});
