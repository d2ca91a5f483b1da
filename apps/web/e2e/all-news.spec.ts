import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './warm-tab';
import { settled, snap } from './helpers';

/** The journal's archive (issue 13 §15): every article by year, filtered by year and topic in the URL. */
test('all the news: every article by year, filtered by topic and year, reached from the journal', async ({ page }, testInfo) => {
  await page.goto('/news');
  await settled(page);
  const total = await page.getByTestId('news-list').getByRole('listitem').count();
  await page.getByRole('link', { name: 'Every article, by year' }).click();
  await expect(page).toHaveURL(/\/all-news$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All the news' })).toBeVisible();
  const rows = page.getByTestId('archive-list').getByRole('listitem');
  await expect(rows).toHaveCount(total);
  await expect(page.getByRole('status')).toHaveText(`${total} articles`);
  // The page is never wider than the screen: on a phone each filter row scrolls inside itself (a page as
  // wide as the row would make a phone zoom out to show it all).
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
    topics: document.querySelector('nav[aria-label="Topics"] ul')!.scrollWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  if (testInfo.project.name === 'mobile') expect(widths.topics).toBeGreaterThan(widths.screen);
  // Years as headings, newest first.
  const years = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
  expect(years.length).toBeGreaterThan(0);
  expect([...years].sort().reverse()).toEqual(years);

  await page.getByRole('navigation', { name: 'Topics' }).getByRole('link', { name: 'Diamonds' }).click();
  await expect(page).toHaveURL(/\/all-news\?tag=Diamonds$/);
  await expect(page.getByRole('status')).not.toHaveText(`${total} articles`);
  await expect.poll(() => rows.count()).toBeLessThan(total);
  const diamondRows = await rows.count();
  expect(diamondRows).toBeGreaterThan(0);
  expect(diamondRows).toBeLessThan(total);
  const topics = page.getByTestId('archive-list').locator('li a > span:last-child');
  await expect.poll(async () => (await topics.allTextContents()).every((t) => t.includes('Diamonds'))).toBe(true);

  await page.getByRole('navigation', { name: 'Years' }).getByRole('link', { name: years[0]! }).click();
  await expect(page).toHaveURL(new RegExp(`/all-news\\?year=${years[0]}&tag=Diamonds$`));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await snap(page, testInfo, 'all-news');

  await page.goBack();
  await expect(page).toHaveURL(/\/all-news\?tag=Diamonds$/);
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/news\/[a-z0-9-]+$/);
});
