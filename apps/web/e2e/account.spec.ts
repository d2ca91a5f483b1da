import { expect, test } from '@playwright/test';
import { accountButton, settled, signIn, type DemoUser } from './helpers';

const EXPECTED: Record<DemoUser, string[]> = {
  admin: ['My Profile', 'Admin Dashboard', 'Logout'],
  vendor: ['My Profile', 'Vendor Dashboard', 'Logout'],
  designer: ['My Profile', 'Logout'],
  customer: ['My Profile', 'Logout'],
};

/** What the page keeps in localStorage, key by key (runs in the page). */
const storedItems = () => Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));

test('signed out, the account popup offers Login only', async ({ page }) => {
  await page.goto('/home');
  await settled(page);
  await accountButton(page).click();
  const popup = page.getByRole('region', { name: 'Account' });
  await expect(popup.getByRole('link')).toHaveText(['Login']);
  await popup.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

for (const user of Object.keys(EXPECTED) as DemoUser[]) {
  test(`account popup for ${user}`, async ({ page }) => {
    await signIn(page, user);
    await accountButton(page).click();
    const popup = page.getByRole('region', { name: 'Account' });
    await expect(popup.getByTestId('account-username')).toHaveText(user);
    await expect(popup.getByRole('link').or(popup.getByRole('button'))).toHaveText(EXPECTED[user]);
    await expect(popup.getByText('Designer Dashboard')).toHaveCount(0);
  });
}

test('sign in stores the tokens and the user; logout clears them and goes to the sign-in page', async ({ page }) => {
  await page.goto('/auth/login');
  await settled(page);
  const button = page.getByRole('button', { name: 'Sign in' });
  // Never disabled: an incomplete sign-in marks what is missing and sends nothing (decisions §63).
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.getByLabel('Username').fill('customer');
  await button.click();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Password').fill('Mirror-Demo-2025');
  await button.click();
  await expect(page).toHaveURL(/\/home$/);
  const stored = await page.evaluate(storedItems);
  expect(stored.accessToken).toBeTruthy();
  expect(stored.refreshToken).toBeTruthy();
  expect(JSON.parse(stored.userData ?? '{}')).toMatchObject({ username: 'customer' });
  expect(Number(stored.userCacheTimestamp)).toBeGreaterThan(0);

  // The session survives a reload (of a server-rendered page: its controls answer once hydrated).
  await page.reload();
  await settled(page);
  await accountButton(page).click();
  await expect(page.getByTestId('account-username')).toHaveText('customer');

  const logout = page.waitForRequest((request) => request.url().endsWith('/api/auth/logout'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await logout;
  await expect(page).toHaveURL(/\/auth\/login$/);
  const after = await page.evaluate(storedItems);
  expect(after.accessToken).toBeUndefined();
  expect(after.refreshToken).toBeUndefined();
  expect(after.userData).toBeUndefined();
});

test('a wrong password shows the server message and keeps the person signed out', async ({ page }) => {
  await page.goto('/auth/login');
  // The app's answer (a form sent before the app starts is auth-forms.spec.ts's: it comes back with ?error=).
  await settled(page);
  await page.getByLabel('Username').fill('customer');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
