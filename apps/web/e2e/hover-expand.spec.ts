import { expect, test } from '@playwright/test';
import { isDesktop, settled, snap } from './helpers';

/**
 * /hover-expand's closed panels (issue 13 §4): on phones each strip's name sits wholly inside its own
 * strip; on wide screens the vertical names are set like rotated lines, so an apostrophe ("Nuit à
 * l’Opéra") keeps its place — the name's length on screen equals the same text set horizontally.
 */
test('closed panels carry their whole name, set as a line', async ({ page }, testInfo) => {
  await page.goto('/hover-expand');
  await settled(page);
  const panels = page.getByTestId('expand-panels').locator(':scope > li');
  await expect(panels.first()).toBeVisible();
  const measures = await panels.evaluateAll((items) =>
    items
      .filter((li) => !li.hasAttribute('data-active'))
      .map((li) => {
        const name = li.querySelector<HTMLElement>('[class*="name"]')!;
        const panel = li.getBoundingClientRect();
        const box = name.getBoundingClientRect();
        const style = getComputedStyle(name);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return {
          text: name.textContent,
          isInside:
            box.top >= panel.top - 0.5 &&
            box.bottom <= panel.bottom + 0.5 &&
            box.left >= panel.left - 0.5 &&
            box.right <= panel.right + 0.5,
          isVertical: style.writingMode.startsWith('vertical') || style.writingMode.startsWith('sideways'),
          length: Math.max(box.width, box.height),
          horizontal: ctx.measureText(name.textContent).width,
        };
      }),
  );
  expect(measures.length).toBeGreaterThan(2);
  for (const m of measures) {
    expect(m.isInside, `${m.text}: inside its strip`).toBe(true);
    if (isDesktop(testInfo)) {
      expect(m.isVertical, `${m.text}: vertical on wide screens`).toBe(true);
      // Set upright, the apostrophe alone adds most of an em to the line.
      expect(Math.abs(m.length - m.horizontal), `${m.text}: ${m.length} vs ${m.horizontal}`).toBeLessThan(4);
    }
  }
  await snap(page, testInfo, 'hover-expand-panels');
});
