import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './warm-tab';
import { settled } from './helpers';

/**
 * The keyboard focus is visible everywhere (issue 13 §13, WCAG 2.2 focus appearance): tabbing through a
 * page, every focused control shows a ring (an outline, or a field's underline) at least 2 px thick whose
 * colour has ≥ 3:1 contrast against the surface behind it. The surface is the nearest opaque background
 * colour among the element and its ancestors; a control over a photograph or gradient has no single
 * surface, so only its width is checked there (and each page must have several measured stops).
 */
interface Ring {
  name: string;
  width: number;
  contrast: number | null;
  /** The relative luminance of the surface the ring was measured against (null: none). */
  surface: number | null;
}

async function ringOfFocused(page: Page): Promise<Ring | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    // The ring as it settles: finish its transition rather than sample it halfway.
    for (const animation of el.getAnimations()) animation.finish();
    const parse = (c: string): [number, number, number, number] | null => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const parts = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    // The surface: the nearest ancestor (the element included) with an opaque background colour.
    let surface: number[] | null = null;
    for (let node: HTMLElement | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none' && node !== el) break; // over an image or a gradient
      const bg = parse(style.backgroundColor);
      if (bg && bg[3] >= 0.9) {
        surface = bg;
        break;
      }
    }
    const style = getComputedStyle(el);
    let width = style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : 0;
    let color = parse(style.outlineColor);
    // A field marks focus with its underline (its own, or its search form's): border plus a 1 px shadow.
    for (const node of [el, el.parentElement]) {
      if (width > 0 || !node) break;
      const s = getComputedStyle(node);
      const border = parseFloat(s.borderBottomWidth);
      const shadow = s.boxShadow.match(/(rgba?\([^)]+\))\s+0px\s+([\d.]+)px\s+0px\s+0px/);
      if (border > 0 && shadow) {
        width = border + Number(shadow[2]);
        color = parse(s.borderBottomColor);
      }
    }
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent).trim().slice(0, 40)}"`;
    if (!color || !surface) return { name, width, contrast: null, surface: surface ? lum(surface) : null };
    const [a, b] = [lum(color), lum(surface)].sort((x, y) => y - x) as [number, number];
    return { name, width, contrast: (a + 0.05) / (b + 0.05), surface: lum(surface) };
  });
}

for (const route of ['/home', '/products-left', '/locations', '/contact', '/auth/login', '/hover-expand']) {
  test(`${route}: every keyboard stop shows a 2 px ring at 3:1`, async ({ page }) => {
    await page.goto(route);
    await settled(page);
    let measured = 0;
    for (let i = 0; i < 18; i += 1) {
      await page.keyboard.press('Tab');
      const ring = await ringOfFocused(page);
      if (!ring) continue;
      expect(ring.width, `${route} ${ring.name}: ring width`).toBeGreaterThanOrEqual(2);
      if (ring.contrast === null) continue;
      measured += 1;
      expect(ring.contrast, `${route} ${ring.name}: ring contrast`).toBeGreaterThanOrEqual(3);
    }
    expect(measured, `${route}: stops measured`).toBeGreaterThan(3);
  });
}

/** A demo ring (by its category: other suites add pieces whose names say "ring"). */
async function aDemoRing(request: APIRequestContext): Promise<string> {
  const categories = (await (await request.get('/api/categories?size=100')).json()) as { content: { id: string; name: string }[] };
  const rings = categories.content.find((c) => c.name === 'Engagement Rings')!;
  const pieces = (await (await request.get(`/api/products?categoryId=${rings.id}&size=1`)).json()) as { content: { id: string }[] };
  return pieces.content[0]!.id;
}

/**
 * The same on a dark surface (the night of the 360° view, #0B0B0C): the ring the light pages use would be
 * lost there, so the dark room sets its own. Every stop is measured against the surface it sits on, and the
 * page must give several on the night itself (not only on the light navbar above it).
 */
test('/view-360: every keyboard stop on the dark room shows a 2 px ring at 3:1', async ({ page, request }) => {
  await page.goto(`/view-360?product=${await aDemoRing(request)}`);
  await settled(page);
  await expect(page.getByTestId('view-price')).toBeVisible();
  let onNight = 0;
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press('Tab');
    const ring = await ringOfFocused(page);
    if (!ring) continue;
    expect(ring.width, `${ring.name}: ring width`).toBeGreaterThanOrEqual(2);
    if (ring.contrast === null) continue;
    expect(ring.contrast, `${ring.name}: ring contrast`).toBeGreaterThanOrEqual(3);
    if (ring.surface !== null && ring.surface < 0.01) onNight += 1;
  }
  expect(onNight, 'stops measured on the dark surface').toBeGreaterThanOrEqual(3);
});
