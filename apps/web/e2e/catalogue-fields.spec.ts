import type { Locator, Page } from '@playwright/test';
import { expect, test } from './warm-tab';
import { settled, snap } from './helpers';

/**
 * The catalogue's own fields, as a client reads them (issue 13 §13): the price range says its currency, to
 * the eye and to a screen reader, and the search field's clear button is the house's thin cross, not the
 * browser's grey one.
 */

async function openFilters(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Show filters' });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole('complementary', { name: 'Filters' });
}

test('/products-left: the price fields show the currency before the figure, and name it', async ({ page }, testInfo) => {
  await page.goto('/products-left');
  await settled(page);
  const filters = await openFilters(page);
  const price = filters.getByRole('form', { name: 'Price' });
  for (const [i, bound] of ['From', 'To'].entries()) {
    // Heard: the field's name carries the currency.
    const field = price.getByRole('spinbutton').nth(i);
    await expect(field).toHaveAccessibleName(`${bound} in euros`);
    await field.fill('12000');
    // Seen: the euro sign inside the field's box, before the figure (the figure starts after it).
    const sign = price.locator('label').nth(i).getByText('€', { exact: true });
    await expect(sign).toBeVisible();
    const [box, mark] = [(await field.boundingBox())!, (await sign.boundingBox())!];
    expect(mark.x, `${bound}: the sign inside the field`).toBeGreaterThanOrEqual(box.x);
    expect(mark.y, `${bound}: the sign inside the field`).toBeGreaterThanOrEqual(box.y);
    expect(mark.y + mark.height, `${bound}: the sign inside the field`).toBeLessThanOrEqual(box.y + box.height);
    const textStart = await field.evaluate((el) => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft));
    expect(mark.x + mark.width, `${bound}: the figure starts after the sign`).toBeLessThanOrEqual(textStart + 0.5);
  }
  await price.scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'catalogue-price-currency');
});

/**
 * What differs between two screenshots of the same box (decoded in the page: no image library here): the
 * changed pixels' bounding box, how many there are, the darkest of them in the first, and the difference
 * at a few points of the box (the centre, the middle of its top and left sides).
 */
async function difference(page: Page, a: Buffer, b: Buffer) {
  return page.evaluate(
    async (urls) => {
      const decode = async (url: string) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return { width: c.width, data: ctx.getImageData(0, 0, c.width, c.height).data };
      };
      const [pa, pb] = [await decode(urls[0]!), await decode(urls[1]!)];
      const at = (x: number, y: number) => {
        const i = (Math.round(y) * pa.width + Math.round(x)) * 4;
        return Math.max(...[0, 1, 2].map((c) => Math.abs(pa.data[i + c]! - pb.data[i + c]!)));
      };
      let [left, top, right, bottom, changed, darkest] = [Infinity, Infinity, -1, -1, 0, 255];
      const height = pa.data.length / 4 / pa.width;
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < pa.width; x += 1) {
          if (at(x, y) < 24) continue;
          changed += 1;
          [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
          const i = (y * pa.width + x) * 4;
          darkest = Math.min(darkest, pa.data[i]!, pa.data[i + 1]!, pa.data[i + 2]!);
        }
      }
      if (!changed) return { changed, width: 0, height: 0, darkest, centre: 0, topMiddle: 0, leftMiddle: 0 };
      const [cx, cy] = [(left + right) / 2, (top + bottom) / 2];
      return {
        changed,
        width: right - left + 1,
        height: bottom - top + 1,
        darkest,
        centre: Math.max(at(cx, cy), at(Math.floor(cx), Math.floor(cy)), at(Math.ceil(cx), Math.ceil(cy))),
        topMiddle: at(cx, top),
        leftMiddle: at(left, cy),
      };
    },
    [a, b].map((png) => `data:image/png;base64,${png.toString('base64')}`),
  );
}

test('/products: the search field clears with the house’s thin cross, not the browser’s', async ({ page }, testInfo) => {
  await page.goto('/products');
  await settled(page);
  const field = page.getByRole('searchbox', { name: 'Search the collections' });
  await field.fill('sapphire');
  // The mouse away from the field: the cross at rest.
  await page.mouse.move(0, 0);
  const shot = () => field.screenshot({ animations: 'disabled', caret: 'hide' });
  const withCross = await shot();
  await snap(page, testInfo, 'catalogue-search-cancel');
  // The same field without its clear button: what differs is the cross, wherever the browser draws it.
  await page.addStyleTag({ content: '#product-search::-webkit-search-cancel-button { display: none; }' });
  const cross = await difference(page, withCross, await shot());
  expect(cross.changed, 'the clear button shows while the field holds a search').toBeGreaterThan(0);
  const rootPx = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  // The house's: a cross whose strokes span three quarters of a 0.85 rem square (the mask's 1.5–10.5 of 12),
  // 11 px at 16 px; Chromium's own is 15 px…
  expect(cross.width, 'cross width').toBeGreaterThan(0.55 * 0.85 * rootPx);
  expect(cross.width, 'cross width').toBeLessThan(0.85 * rootPx);
  expect(Math.abs(cross.width - cross.height), 'a square cross').toBeLessThanOrEqual(1);
  // …in the text colour at 70 % (ink #111 over ivory: ≈ 87 at its darkest; Chromium's is near black, 34)…
  expect(cross.darkest, 'the cross’s darkest pixel: ink at 70 %').toBeGreaterThan(65);
  expect(cross.darkest, 'the cross’s darkest pixel: ink at 70 %').toBeLessThan(110);
  // …and a ✕: the diagonals meet in the middle and leave the middle of each side empty.
  expect(cross.centre, 'the diagonals cross in the middle').toBeGreaterThan(40);
  expect(cross.topMiddle, 'the top side’s middle is empty').toBeLessThan(24);
  expect(cross.leftMiddle, 'the left side’s middle is empty').toBeLessThan(24);
});
