import type { Page } from '@playwright/test';
import { expect, test } from './warm-tab';
import { settled } from './helpers';

/**
 * Page meta through React 19's <title>/<meta> (issue 15 §6, decision 0101): the served page's head
 * has the page's own title and description, once each (no JavaScript needed to read them); hydration
 * claims them, and client navigation replaces them — never a second title or description in the head.
 */
async function headMeta(page: Page) {
  return page.evaluate(() => ({
    titles: [...document.head.querySelectorAll('title')].map((t) => t.textContent),
    descriptions: [...document.head.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute('content')),
    elsewhere: document.querySelectorAll('body title, body meta[name="description"]').length,
  }));
}

async function expectOnlyMeta(page: Page, title: string, description: RegExp) {
  await expect(page).toHaveTitle(title);
  const meta = await headMeta(page);
  expect(meta.titles).toEqual([title]);
  expect(meta.descriptions).toHaveLength(1);
  expect(meta.descriptions[0]).toMatch(description);
  expect(meta.elsewhere).toBe(0);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the served page's head names the page, once", async ({ page }) => {
    await page.goto('/collections');
    await expectOnlyMeta(page, 'Collections — Mirror', /^The Mirror high jewelry collections/);
    await page.goto('/contact');
    await expectOnlyMeta(page, 'Contact us — Mirror', /^Write to the Mirror concierge/);
  });
});

test('one title and one description through hydration, client navigation and Back', async ({ page }) => {
  await page.goto('/collections');
  await settled(page);
  await expectOnlyMeta(page, 'Collections — Mirror', /^The Mirror high jewelry collections/);
  const footer = page.getByRole('contentinfo');
  for (const [link, title, description] of [
    ['Services', 'Services — Mirror', /^Bespoke design, resizing/],
    ['News', 'News — Mirror', /^News from the Mirror Maison/],
    ['Boutiques', 'Boutiques — Mirror', /^Find a Mirror boutique/],
  ] as const) {
    await footer.getByRole('link', { name: link, exact: true }).click();
    await expectOnlyMeta(page, title, description);
    // The title changes as the new page renders, before its transition ends and resets the scroll: the next link is
    // clicked on the settled page (a click in between can land where the footer was a moment earlier).
    await settled(page);
  }
  // The navigations were the app's own: the first page's document is still the one loaded.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  await page.goBack();
  await expectOnlyMeta(page, 'News — Mirror', /^News from the Mirror Maison/);
  await page.goBack();
  await expectOnlyMeta(page, 'Services — Mirror', /^Bespoke design, resizing/);
});

test('a page rendered in the browser replaces index.html’s title and description', async ({ page }) => {
  // The sign-in page is not prepared on the server: index.html comes with its defaults.
  await page.goto('/auth/login');
  await settled(page);
  await expectOnlyMeta(page, 'Sign in — Mirror', /^Mirror — maison of diamonds/);
  await page.getByRole('link', { name: 'Create an account' }).first().click();
  await expectOnlyMeta(page, 'Create an account — Mirror', /^Mirror — maison of diamonds/);
});
