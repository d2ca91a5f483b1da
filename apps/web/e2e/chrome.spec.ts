import { test as signedInTest } from '@playwright/test';
import { accountButton, settled, signInByApi, type DemoUser } from './helpers';
import { expect, test } from './warm-tab';

/** docs/product.md §2 chrome rules on every route of the table (concrete URLs for the parameterised ones). */
const PUBLIC_ROUTES: ReadonlyArray<[url: string, navbar: boolean, footer: boolean]> = [
  ['/', false, false],
  ['/welcome', false, false],
  ['/home', true, true],
  ['/auth/login', true, true],
  ['/auth/register', true, true],
  ['/products', true, true],
  ['/products-v2', true, true],
  ['/products-left', true, true],
  ['/all-gems', true, true],
  ['/collections', true, true],
  ['/collections/summer-2025', true, true],
  ['/services', true, true],
  ['/services/detail', true, true],
  ['/support', true, true],
  ['/contact', true, true],
  ['/about', true, true],
  ['/locations', true, true],
  ['/news', true, true],
  ['/news/the-blue-diamond', true, true],
  ['/all-news', true, true],
  ['/new-cut', true, true],
  ['/immersive-showroom', true, false],
  ['/mirror-in-milan-digital-jewelry-week', true, false],
  ['/mirror-in-milan-digital-jewelry-week/submit-success', true, false],
  ['/hover-expand', false, false],
  ['/view-360', true, true],
  ['/user-profile', true, true],
  ['/ar/rings/ring-42', false, false],
  ['/universe-final', false, false],
  ['/no-such-page', true, true],
];

async function expectChrome(page: import('@playwright/test').Page, navbar: boolean, footer: boolean) {
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(navbar ? 1 : 0);
  await expect(page.getByRole('contentinfo')).toHaveCount(footer ? 1 : 0);
  if (navbar) {
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(accountButton(page)).toBeVisible();
  }
}

for (const [url, navbar, footer] of PUBLIC_ROUTES) {
  test(`${url}: navbar ${navbar ? 'shown' : 'hidden'}, footer ${footer ? 'shown' : 'hidden'}`, async ({ page }) => {
    await page.goto(url);
    await expectChrome(page, navbar, footer);
  });
}

const DASHBOARDS: ReadonlyArray<[url: string, user: DemoUser]> = [
  ['/dashboard/admin', 'admin'],
  ['/dashboard/admin/manage-products', 'admin'],
  ['/dashboard/vendor', 'vendor'],
  ['/dashboard/designer', 'designer'],
];

for (const [url, user] of DASHBOARDS) {
  signedInTest(`${url} has no site chrome for ${user}`, async ({ page }) => {
    await signInByApi(page, user);
    await page.goto(url);
    // Every dashboard is the back-office workspace (admin, vendor, designer).
    await expect(page.getByTestId('workspace')).toBeVisible();
    await expectChrome(page, false, false);
  });
}

test('the logo is inert on the showroom and jewelry week pages, with the submit variant on the latter', async ({ page }) => {
  await page.goto('/immersive-showroom');
  await settled(page);
  await expect(page.getByTestId('logo')).toHaveAttribute('aria-disabled', 'true');
  await page.goto('/mirror-in-milan-digital-jewelry-week');
  await settled(page);
  await expect(page.getByTestId('logo')).toHaveAttribute('data-variant', 'submit');
  await expect(page.getByRole('link', { name: 'Mirror, home' })).toHaveCount(0);
});

test('the footer carries the brand constants and a newsletter that only clears locally', async ({ page }) => {
  await page.goto('/about');
  await settled(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('All rights reserved © 2025')).toBeVisible();
  await expect(footer.getByText('Legal mentions')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Book an appointment' })).toBeVisible();
  await expect(footer.getByRole('img', { name: 'Instagram' })).toBeVisible();
  await expect(footer.getByRole('link', { name: /@/ })).toBeVisible();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const email = footer.getByLabel('Email');
  await email.fill('collector@example.com');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(email).toHaveValue('');
  expect(requests.filter((url) => url.includes('/api/'))).toEqual([]);
});
