import { expect, test } from './warm-tab';
import { settled, snap } from './helpers';

/**
 * French accents in the display serif sit on their letters (issue 13 §3): the face's circumflex, acute and
 * grave used to float a tenth of an em above "Forêt", "Émeraude", "Opéra", "à". Measured on the site's own
 * font: the blank rows between the accent and the letter, and the accent's height, drawn on a canvas at
 * 600 px (a unit of the 1000-unit em is 0.6 px), as a share of the size.
 */
const SIZE = 600;
const STYLES = [
  [300, 'normal'],
  [400, 'normal'],
  [300, 'italic'],
] as const;

async function accentGap(page: import('@playwright/test').Page, weight: number, style: string, letter: string) {
  return page.evaluate(
    async ({ size, weight, style, letter }) => {
      const font = `${style} ${weight} ${size}px "Cormorant Garamond"`;
      await document.fonts.load(font, letter);
      if (!document.fonts.check(font, letter)) throw new Error(`${font} did not load`);
      const canvas = document.createElement('canvas');
      canvas.width = size * 2;
      canvas.height = size * 2;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.font = font;
      ctx.textBaseline = 'alphabetic';
      ctx.fillStyle = '#000';
      ctx.fillText(letter, size / 2, size * 1.5);
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const inked = (row: number) => {
        for (let x = 0; x < canvas.width; x += 1) if (data[(row * canvas.width + x) * 4 + 3]! > 40) return true;
        return false;
      };
      const rows = Array.from({ length: canvas.height }, (_, y) => inked(y));
      const top = rows.indexOf(true);
      let y = top;
      while (y < rows.length && rows[y]) y += 1; // the accent
      const accentBottom = y;
      while (y < rows.length && !rows[y]) y += 1; // the gap
      return { gap: (y - accentBottom) / size, accentHeight: (accentBottom - top) / size };
    },
    { size: SIZE, weight, style, letter },
  );
}

test('circumflexes, acutes and graves sit on their letters in the display serif, upright and italic', async ({ page }, testInfo) => {
  await page.goto('/about');
  await settled(page);
  for (const [weight, style] of STYLES) {
    for (const letter of ['ê', 'ô', 'â', 'û', 'é', 'è', 'à']) {
      const { gap, accentHeight } = await accentGap(page, weight, style, letter);
      // The face as published: gap ≈ 0.075 em and a stroke 0.26 em tall; composed: ≈ 0.024 em and 0.19 em.
      expect(gap, `${letter} ${style} ${weight}: gap`).toBeLessThan(0.04);
      expect(gap, `${letter} ${style} ${weight}: the accent still stands apart`).toBeGreaterThan(0);
      expect(accentHeight, `${letter} ${style} ${weight}: accent height`).toBeLessThan(0.22);
    }
    // The capitals of the titles ("Émeraude", "Ô", "À la"): published, 0.04–0.06 em up and 0.106–0.111 em
    // tall; composed, 0.04 em above the letter's top and at most 0.094 em tall.
    for (const letter of ['Ê', 'Ô', 'É', 'È', 'À']) {
      const { gap, accentHeight } = await accentGap(page, weight, style, letter);
      expect(gap, `${letter} ${style} ${weight}: gap`).toBeLessThan(0.047);
      expect(gap, `${letter} ${style} ${weight}: the accent still stands apart`).toBeGreaterThan(0.02);
      expect(accentHeight, `${letter} ${style} ${weight}: accent height`).toBeLessThan(0.1);
    }
  }
  // An accented display title as a client sees it, kept for the eye.
  await page.evaluate(() => {
    const h = document.querySelector('h1')!;
    h.textContent = 'Forêt d’Émeraude, Vendôme à l’Opéra';
  });
  await snap(page, testInfo, 'display-accents');
});
