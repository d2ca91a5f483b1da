import { expect, test } from './warm-tab';
import { isDesktop, settled, snap } from './helpers';

/** Screenshots of the key screens, kept as artifacts for review (they also must render their h1). */
test.describe('screens', () => {
  for (const [name, url, heading] of [
    ['home', '/home', /The art of/],
    ['login', '/auth/login', 'Sign in'],
    ['register', '/auth/register', 'Create an account'],
    ['not-found', '/this-page-does-not-exist', 'This page could not be found'],
    ['welcome', '/welcome', 'Mirror'],
  ] as const) {
    test(`${name} renders`, async ({ page }, testInfo) => {
      await page.goto(url);
      await settled(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(800);
      await snap(page, testInfo, name);
    });
  }

  test('menu open', async ({ page }, testInfo) => {
    await page.goto('/home');
    await settled(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    if (isDesktop(testInfo)) await menu.hover();
    else await menu.click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.waitForTimeout(600);
    await snap(page, testInfo, 'menu-open');
  });
});
