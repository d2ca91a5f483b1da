import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { accountButton } from './helpers';

const form = (page: Page) => page.getByRole('form', { name: 'Create an account' });

test('register validates with the contract messages', async ({ page }) => {
  await page.goto('/auth/register');
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
  await form(page).getByLabel('Username').fill('admin');
  await form(page).getByLabel('Email').fill(`taken-${Date.now()}@example.com`);
  await form(page).getByLabel('Password').fill('Pearls-and-Platinum');
  await form(page).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This username is already taken.')).toBeVisible();
  await expect(form(page).getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
});

test('a new account: "check your inbox", then Continue signs in', async ({ page }, testInfo) => {
  const username = `client.${testInfo.project.name}.${Date.now()}`;
  await page.goto('/auth/register');
  await form(page).getByLabel('Username').fill(username);
  await form(page).getByLabel('Email').fill(`${username}@example.com`);
  await form(page).getByLabel('Password').fill('Pearls-and-Platinum');
  await form(page).getByLabel('First name').fill('Camille');
  await form(page).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`${username}@example.com`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account is ready' })).toBeVisible();
  await accountButton(page).click();
  await expect(page.getByTestId('account-username')).toHaveText(username);
});

test('an address that already has an account gets the same screen (issue 14: no enumeration)', async ({ page, request }, testInfo) => {
  const owner = `owner.${testInfo.project.name}.${Date.now()}`;
  const email = `${owner}@example.com`;
  expect((await request.post('/api/users', { data: { username: owner, email, password: 'Original-Pass-2025' } })).status()).toBe(202);
  await page.goto('/auth/register');
  await form(page).getByLabel('Username').fill(`${owner}.again`);
  await form(page).getByLabel('Email').fill(email.toUpperCase());
  await form(page).getByLabel('Password').fill('Pearls-and-Platinum');
  await form(page).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('our note explains how to reach it');
  await expect(page).toHaveURL(/\/auth\/register$/);
});
