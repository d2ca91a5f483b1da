import { expect, test } from '@playwright/test';
import { settled } from './helpers';

declare global {
  interface Window {
    __transitions?: Array<{ to: string; variant: string }>;
  }
}

test('a page transition completes and fires its completion event', async ({ page }) => {
  await page.goto('/home');
  await settled(page);
  await page.evaluate(() => {
    window.__transitions = [];
    window.addEventListener('mirror:transition-complete', (event) => {
      window.__transitions!.push((event as CustomEvent<{ to: string; variant: string }>).detail);
    });
  });
  await page.mouse.wheel(0, 600);
  await page.getByRole('link', { name: 'Discover the collections' }).click();
  // The old page is frozen as an overlay while the new one arrives.
  await expect(page.getByTestId('page-transition-overlay')).toHaveCount(1);
  await expect(page).toHaveURL(/\/collections$/);
  await expect.poll(() => page.evaluate(() => window.__transitions)).toEqual([{ to: '/collections', variant: 'slide' }]);
  await expect(page.getByTestId('page-transition-overlay')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Seasons of light' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The navigation left the scroll-to-top flag for the shell, which consumed it.
  expect(await page.evaluate(() => sessionStorage.getItem('scrollToTop'))).toBeNull();
});

test('choosing the page already shown scrolls to the top without a transition', async ({ page }) => {
  await page.goto('/about');
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'About Mirror' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('page-transition-overlay')).toHaveCount(0);
});

test('hovering an internal link prefetches it once', async ({ page }) => {
  await page.goto('/home');
  await settled(page);
  const prefetches: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['x-prefetch'] === '1') prefetches.push(new URL(request.url()).pathname);
  });
  const link = page.getByRole('link', { name: 'Discover the collections' });
  await link.hover();
  await expect.poll(() => prefetches).toEqual(['/collections']);
  await page.mouse.move(0, 0);
  await link.hover();
  await page.waitForTimeout(400);
  expect(prefetches).toEqual(['/collections']);
});
