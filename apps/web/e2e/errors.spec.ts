import { expect, test } from '@playwright/test';
import { settled, snap } from './helpers';

test('an unknown path shows the not-found page', async ({ page }, testInfo) => {
  await page.goto('/this/does/not/exist');
  await settled(page);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await snap(page, testInfo, 'not-found');
});

test('a rendering failure shows the 500 screen', async ({ page }, testInfo) => {
  // Make the about page's lazy chunk fail to load: a genuine failure while rendering the route.
  await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => route.abort('failed'));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/about');
  await expect(page.getByText('500', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Something went wrong/ })).toBeVisible();
  await expect(
    page.getByText('We encountered an unexpected error. Please try reloading the page or go back to the homepage.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/home');
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
  await expect(page.getByRole('link', { name: 'Browse Collections' })).toHaveAttribute('href', '/collections');
  expect(errors.some((text) => text.includes('Rendering failed'))).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  await snap(page, testInfo, 'error-500');

  // Reload Page recovers once the chunk loads again.
  await page.unroute(/\/assets\/about-page-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A maison of light' })).toBeVisible();
});
