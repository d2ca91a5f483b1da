import { test as base, type BrowserContext } from '@playwright/test';

/**
 * For tests that only look at pages (no sign-in, nothing stored): each test's `page` is a new tab of one
 * browsing context its worker keeps, so the app's scripts, styles and fonts come from that context's HTTP
 * cache with their compiled code, as for a visitor's second page. A new context per test fetched and
 * compiled the whole app again (chrome.spec's 72 tests: 166 s → 140 s; decision 0130).
 *
 * A test that signs in, stores something or needs a fresh visitor (a first load, what is fetched) takes
 * Playwright's own `test`.
 */
export const test = base.extend<object, { warmContext: BrowserContext }>({
  warmContext: [
    async ({ browser }, provide, workerInfo) => {
      const { viewport, baseURL, isMobile, hasTouch, userAgent, deviceScaleFactor } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, baseURL, isMobile, hasTouch, userAgent, deviceScaleFactor });
      await provide(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ warmContext, baseURL }, provide) => {
    const page = await warmContext.newPage();
    await provide(page);
    // What a page left (a draft, a cookie) is not the next test's.
    if (baseURL && page.url().startsWith(new URL(baseURL).origin)) await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    for (const tab of warmContext.pages()) await tab.close();
    await warmContext.clearCookies();
  },
});

export { expect } from '@playwright/test';
