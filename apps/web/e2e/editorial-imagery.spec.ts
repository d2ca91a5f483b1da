import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { expectAxeClean } from './axe';
import { settled, snap } from './helpers';

/**
 * Issue 13 §9, decisions §109: a journal cover is cut around the point its article names (its focal point,
 * or its crop for the slot's aspect), in every slot that shows it — the journal's cards, an article's hero,
 * the home page's news — at this project's width (375 and 1440 px). The focal points are read from the
 * Markdown files themselves, not from the page.
 */
type Point = { x: number; y: number };
const NEWS = path.join(import.meta.dirname, '../src/content/news');
const art = new Map(
  readdirSync(NEWS)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const front = parseYaml(/^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(NEWS, file), 'utf8'))![1]!) as {
        coverFocus?: Point;
        coverCrops?: Record<string, Point>;
      };
      return [file.replace(/\.md$/, ''), { focus: front.coverFocus ?? { x: 0.5, y: 0.5 }, crops: front.coverCrops ?? {} }] as const;
    }),
);

/** The focal point of a slot of this box's aspect: the crop named for that aspect, else the focus. */
function focusFor(slug: string, boxAspect: number): Point {
  const { focus, crops } = art.get(slug)!;
  const named = Object.entries(crops).find(([aspect]) => {
    const [w, h] = aspect.split(':').map(Number) as [number, number];
    return Math.abs(w / h - boxAspect) < 0.03;
  });
  return named?.[1] ?? focus;
}

/**
 * Where the focal point is drawn, as a share of the cover's visible box: the browser's own cut
 * (`object-fit: cover` at the computed `object-position`) applied to the image it loaded.
 */
async function landing(cover: Locator, slug: string) {
  const img = cover.locator('img');
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const cut = await img.evaluate((el: HTMLImageElement) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const [px, py] = style.objectPosition.split(' ').map((v) => Number.parseFloat(v) / 100) as [number, number];
    return { fit: style.objectFit, box: { w: box.width, h: box.height }, natural: { w: el.naturalWidth, h: el.naturalHeight }, px, py };
  });
  expect(cut.fit).toBe('cover');
  const focus = focusFor(slug, cut.box.w / cut.box.h);
  const scale = Math.max(cut.box.w / cut.natural.w, cut.box.h / cut.natural.h);
  const drawn = { w: cut.natural.w * scale, h: cut.natural.h * scale };
  return {
    x: ((cut.box.w - drawn.w) * cut.px + focus.x * drawn.w) / cut.box.w,
    y: ((cut.box.h - drawn.h) * cut.py + focus.y * drawn.h) / cut.box.h,
    aspect: cut.box.w / cut.box.h,
  };
}

/** Inside the visible box, with a margin: a stone on the very edge is half cut off. */
function expectInside(at: { x: number; y: number }, what: string) {
  for (const axis of ['x', 'y'] as const) {
    expect(at[axis], `${what}: focal ${axis}`).toBeGreaterThan(0.1);
    expect(at[axis], `${what}: focal ${axis}`).toBeLessThan(0.9);
  }
}

const slugOf = async (link: Locator) => (await link.getAttribute('href'))!.split('/').pop()!;

/** The list's cards once every cover has its image (each comes with its collection's query). */
async function coversOf(page: Page, list: Locator, count: number) {
  await expect(list.locator('[data-slot] img')).toHaveCount(count);
  const links = list.getByRole('link').filter({ has: page.locator('[data-slot] img') });
  return Promise.all((await links.all()).map(async (link) => ({ link, slug: await slugOf(link) })));
}

test('journal covers keep their focal point in view in every slot (issue 13 §9)', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/news');
  await settled(page);
  const cards = await coversOf(page, page.getByTestId('news-list'), art.size);
  for (const { link, slug } of cards) {
    const at = await landing(link.locator('[data-slot="card"]'), slug);
    expect(at.aspect).toBeCloseTo(16 / 9, 1);
    expectInside(at, `/news card ${slug}`);
  }
  await snap(page, testInfo, 'news-covers');

  for (const slug of art.keys()) {
    await page.goto(`/news/${slug}`);
    await settled(page);
    const at = await landing(page.locator('[data-slot="hero"]'), slug);
    // A 21:9 band on a wide screen, 3:2 on a phone.
    expect(at.aspect).toBeCloseTo(testInfo.project.name === 'desktop' ? 21 / 9 : 3 / 2, 1);
    expectInside(at, `/news/${slug} hero`);
  }

  await page.goto('/home');
  await settled(page);
  const news = page.getByRole('region', { name: 'News from the Maison' });
  await news.scrollIntoViewIfNeeded();
  const teasers = await coversOf(page, news.getByRole('list'), 3);
  for (const { link, slug } of teasers) expectInside(await landing(link.locator('[data-slot="card"]'), slug), `/home ${slug}`);
});

test('services and the about page show their own drawings: self-hosted, sized, described (issue 13 §9)', async ({ page }, testInfo) => {
  const drawingsOf = async (scope: Locator) => {
    const images = scope.locator('figure img');
    await expect(images.first()).toBeAttached();
    const found = [];
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      found.push(
        await img.evaluate((el: HTMLImageElement) => {
          const box = el.getBoundingClientRect();
          return {
            src: new URL(el.src).pathname,
            isSameOrigin: new URL(el.src).origin === location.origin,
            alt: el.alt,
            width: Number(el.getAttribute('width')),
            height: Number(el.getAttribute('height')),
            boxAspect: box.width / box.height,
          };
        }),
      );
    }
    for (const image of found) {
      expect(image.isSameOrigin).toBe(true);
      expect(image.src).toMatch(/^\/assets\/[\w-]+\.svg$/);
      expect(image.alt.split(' ').length).toBeGreaterThanOrEqual(8);
      expect(image.width).toBeGreaterThan(0);
      // The reserved box has the drawing's own shape: nothing moves when it arrives, nothing is stretched.
      expect(image.boxAspect).toBeCloseTo(image.width / image.height, 1);
    }
    return found;
  };

  await page.goto('/services');
  await settled(page);
  const list = await drawingsOf(page.getByTestId('services-list'));
  expect(list.length).toBe(5);
  expect(new Set(list.map((i) => i.src)).size).toBe(5);
  await expectAxeClean(page);

  await page.getByRole('link', { name: 'Discover Engraving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engraving' })).toBeVisible();
  const [engraving] = await drawingsOf(page.getByRole('main'));
  expect(engraving!.alt).toMatch(/graver/i);
  await snap(page, testInfo, 'service-engraving');

  await page.goto('/about');
  await settled(page);
  const about = await drawingsOf(page.getByRole('main'));
  expect(about.length).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('main').locator('figcaption').first()).toBeVisible();
  await expectAxeClean(page);
  await snap(page, testInfo, 'about');
});
