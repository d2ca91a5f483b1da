import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical axe violation on the page as a person sees it once it has settled (one check for every
 * spec): nothing loading (`aria-busy`), no table dimmed while it refetches, and no animation or transition mid-way —
 * a toast fading in is read by axe as text of too little contrast. Infinite animations (skeletons, spinners) do not
 * settle and are not waited for. `exclude`: selectors axe cannot enter (a `sandbox=""` frame runs no scripts).
 */
export async function expectAxeClean(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect
    .poll(() => page.locator('[data-testid^="table-"]').evaluateAll((tables) => tables.every((t) => getComputedStyle(t).opacity === '1')))
    .toBe(true);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const builder = exclude.reduce((axe, selector) => axe.exclude(selector), new AxeBuilder({ page }));
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
