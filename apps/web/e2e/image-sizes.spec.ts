import { expect, test, type Page } from '@playwright/test';

/**
 * A piece's image declares the width its card really has (`sizes`, components/media/grid-sizes.ts): the browser
 * then fetches the rendition it shows. A `sizes` that says 50vw for a card of 50vw minus the gutters makes a phone
 * download the next rendition up (at 1.75× density, 16 KB for a card of 5 KB: the largest paint of every list).
 * Each grid (and a piece's gallery of views), at the widths its stylesheet changes between: the declared width is
 * at least the image's (never a blurry image) and at most the image's plus the scrollbar's share (`vw` counts the
 * scrollbar, the grid does not).
 */

const WIDTHS = [375, 412, 800, 1100, 1440];

/** Each matching image's declared width (its `sizes` evaluated here, by a probe) beside its rendered width. */
async function declaredAndRendered(page: Page, selector: string): Promise<{ declared: number; rendered: number; sizes: string }[]> {
  return page.evaluate((selector) => {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;left:0;top:0;height:1px;visibility:hidden';
    document.body.append(probe);
    const topLevel = (text: string): string[] => {
      const parts: string[] = [];
      let depth = 0;
      let start = 0;
      for (let i = 0; i < text.length; i += 1) {
        if (text[i] === '(') depth += 1;
        else if (text[i] === ')') depth -= 1;
        else if (text[i] === ',' && depth === 0) {
          parts.push(text.slice(start, i).trim());
          start = i + 1;
        }
      }
      parts.push(text.slice(start).trim());
      return parts;
    };
    const evaluate = (sizes: string): number => {
      for (const part of topLevel(sizes)) {
        const conditioned = /^(\([^()]*\))\s+(.+)$/.exec(part);
        if (conditioned && !matchMedia(conditioned[1]!).matches) continue;
        probe.style.width = conditioned ? conditioned[2]! : part;
        return probe.getBoundingClientRect().width;
      }
      return Number.NaN;
    };
    const images = [...document.querySelectorAll<HTMLImageElement>(selector)];
    const shown = images.filter((image) => image.getBoundingClientRect().width > 0);
    const result = shown.map((image) => ({
      declared: evaluate(image.sizes),
      rendered: image.getBoundingClientRect().width,
      sizes: image.sizes,
    }));
    probe.remove();
    return result;
  }, selector);
}

const CARD_IMAGES = '[data-testid="product-card"] img[sizes]';

interface Demo {
  collection: string;
  piece: string;
}

const GRIDS: { name: string; path: (demo: Demo) => string; images?: string }[] = [
  { name: 'the list (four columns)', path: () => '/products' },
  { name: 'the list beside its filters', path: () => '/products-left' },
  { name: 'the large list', path: () => '/products-v2' },
  { name: "the home page's pieces", path: () => '/home' },
  { name: "a collection's pieces", path: ({ collection }) => `/collections/${collection}` },
  { name: "the new cut's pieces", path: () => '/new-cut' },
  // The gallery's views: 72 px buttons, the 160w files (a phone fetched the 320w detail view, 18 KB, for each).
  { name: "a piece's views", path: ({ piece }) => `/products/${piece}`, images: 'ul[aria-label="Views"] img[sizes]' },
];

test.describe('card and thumbnail images declare the width they are shown at @one-viewport', () => {
  const demo: Demo = { collection: '', piece: '' };
  test.beforeAll(async ({ request }) => {
    const list = (await (await request.get('/api/collections?size=100')).json()) as {
      content: { id: string; coverImage: unknown; productCount?: number }[];
    };
    // A demo collection (with a cover and pieces), not one another suite creates and empties meanwhile.
    const collection = list.content.find((c) => c.coverImage && (c.productCount ?? 1) > 0);
    expect(collection, 'the demo catalogue has a collection with a cover').toBeTruthy();
    demo.collection = collection!.id;
    const pieces = (await (await request.get('/api/products?size=20')).json()) as { content: { id: string; images: unknown[] }[] };
    const piece = pieces.content.find((p) => p.images.length > 1);
    expect(piece, 'the demo catalogue has a piece with several views').toBeTruthy();
    demo.piece = piece!.id;
  });

  for (const grid of GRIDS) {
    test(grid.name, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      const selector = grid.images ?? CARD_IMAGES;
      await page.goto(grid.path(demo));
      await expect(page.locator(selector).first()).toBeVisible();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const scrollbar = await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
        const cards = await declaredAndRendered(page, selector);
        expect(cards.length, `${grid.name} at ${width} px shows cards`).toBeGreaterThan(0);
        for (const card of cards) {
          const where = `${grid.name} at ${width} px: sizes "${card.sizes}" declares ${card.declared.toFixed(1)} px for a card of ${card.rendered.toFixed(1)} px`;
          expect(card.declared, where).toBeGreaterThanOrEqual(card.rendered - 1);
          expect(card.declared, where).toBeLessThanOrEqual(card.rendered + scrollbar + 2);
        }
      }
    });
  }
});
