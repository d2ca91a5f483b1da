import type { Page } from '@playwright/test';

/**
 * Decodes PNG screenshots in the page (no image library here) and measures them there: how many
 * colours the first holds (quantised to 5 bits a channel; 1 for a flat canvas), the share of its
 * pixels that are not the backdrop (its commonest colour), the variance of its luma, and the share
 * of pixels that differ noticeably between the first and the second, and how much warmer (red over green) those
 * changed pixels became from the first to the second (a metal switched to rose gold). Used by the 3D specs.
 */
export async function measure(
  page: Page,
  a: Buffer,
  b?: Buffer,
): Promise<{ colours: number; drawn: number; changed: number; variance: number; warmer: number }> {
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
        return ctx.getImageData(0, 0, c.width, c.height).data;
      };
      const pa = await decode(urls[0]!);
      const counts = new Map<number, number>();
      let sum = 0;
      let sumSq = 0;
      for (let i = 0; i < pa.length; i += 4) {
        const colour = ((pa[i]! >> 3) << 10) | ((pa[i + 1]! >> 3) << 5) | (pa[i + 2]! >> 3);
        counts.set(colour, (counts.get(colour) ?? 0) + 1);
        const luma = 0.2126 * pa[i]! + 0.7152 * pa[i + 1]! + 0.0722 * pa[i + 2]!;
        sum += luma;
        sumSq += luma * luma;
      }
      const pixels = pa.length / 4;
      const mean = sum / pixels;
      const variance = sumSq / pixels - mean * mean;
      const drawn = 1 - Math.max(...counts.values()) / pixels;
      if (urls.length < 2) return { colours: counts.size, drawn, changed: 0, variance, warmer: 0 };
      const pb = await decode(urls[1]!);
      if (pa.length !== pb.length) return { colours: counts.size, drawn, changed: 1, variance, warmer: 0 };
      let changed = 0;
      let warmth = 0;
      for (let i = 0; i < pa.length; i += 4) {
        if (Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!) + Math.abs(pa[i + 2]! - pb[i + 2]!) > 24) {
          changed++;
          warmth += pb[i]! - pb[i + 1]! - (pa[i]! - pa[i + 1]!);
        }
      }
      return { colours: counts.size, drawn, changed: changed / pixels, variance, warmer: changed ? warmth / changed : 0 };
    },
    [a, ...(b ? [b] : [])].map((png) => `data:image/png;base64,${png.toString('base64')}`),
  );
}
