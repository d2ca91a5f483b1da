import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, settled, signInByApi } from './helpers';

test('signed out, a dashboard sends to sign-in and back after signing in', async ({ page }) => {
  await page.goto('/dashboard/admin/manage-products');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fdashboard%2Fadmin%2Fmanage-products$/);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/manage-products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.locator('nav[aria-label="Back-office"]')).toBeAttached();
});

for (const [url, user] of [
  ['/dashboard/admin', 'vendor'],
  ['/dashboard/admin/collections', 'designer'],
  ['/dashboard/admin/manage-products/new', 'vendor'],
  ['/dashboard/vendor', 'customer'],
  ['/dashboard/designer', 'admin'],
] as const) {
  test(`${user} gets the 403 page on ${url}`, async ({ page }) => {
    await signInByApi(page, user);
    await page.goto(url);
    await settled(page);
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Access reserved' })).toBeVisible();
    await expect(page.getByTestId('workspace')).toHaveCount(0);
  });
}

test('each dashboard opens for its role', async ({ page }) => {
  await signInByApi(page, 'designer');
  await page.goto('/dashboard/designer');
  await expect(page.getByTestId('workspace')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
});
