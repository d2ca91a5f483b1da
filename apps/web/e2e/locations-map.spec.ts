import { expect, test, type Locator, type Page } from '@playwright/test';
import { settled, snap } from './helpers';

/**
 * The boutique map on /locations (issue 13 §10): real geography (Natural Earth through world-atlas,
 * finer as one zooms), city labels, clusters that open, markers that are buttons selecting their
 * boutique's card, reachable by keyboard, a Directions link per boutique — and none of it in the
 * page's first load. Reduced motion: every zoom lands at once (no glide to wait for).
 */
test.use({ reducedMotion: 'reduce' });

interface ApiLocation {
  id: string;
  name: string;
  city: string;
  latitude: number;
  longitude: number;
}

async function openMap(page: Page) {
  await page.goto('/locations');
  await settled(page);
  const map = page.getByTestId('boutique-map');
  await expect(map.locator('svg[data-ready]')).toHaveCount(1);
  return map;
}

/** Opens the clusters holding a boutique until its own marker shows (a small map may take two steps). */
async function openUntil(map: Locator, name: string, city: string, keyboard?: Page['keyboard']) {
  const marker = map.getByRole('button', { name, exact: true });
  for (let i = 0; i < 4 && !(await marker.isVisible()); i += 1) {
    const cluster = map.getByRole('button', { name: new RegExp(`^\\d+ boutiques in .*${city}`) });
    if (keyboard) {
      await cluster.focus();
      await keyboard.press('Enter');
    } else await cluster.click();
    await expect(cluster.or(marker)).not.toHaveCount(0);
  }
  await expect(marker).toBeVisible();
  return marker;
}

/** The countries drawn under a point of the map (the markers sit above the geography). */
async function countriesAt(page: Page, x: number, y: number): Promise<string[]> {
  return page.evaluate(
    ([px, py]) =>
      document.elementsFromPoint(px!, py!).flatMap((el) => (el.getAttribute('data-country') ? [el.getAttribute('data-country')!] : [])),
    [x, y],
  );
}

test('the map is not part of the first load: its chunk and its atlas come after', async ({ request }) => {
  const html = await (await request.get('/locations')).text();
  expect(html).not.toMatch(/interactive-map-[\w-]+\.js/);
  expect(html).not.toMatch(/world-[\w-]+\.json/);
  expect(html).not.toContain('data-country');
});

test('countries, labels, a cluster that opens, France drawn at Paris, a marker selecting its card', async ({ page }, testInfo) => {
  const map = await openMap(page);
  // The world's countries, named, and city labels on the map.
  expect(await map.locator('path[data-country]').count()).toBeGreaterThan(100);
  await expect(map.locator('[data-map-label]').filter({ hasText: 'New York' })).toBeVisible();
  await snap(page, testInfo, 'locations-map-world');

  // Europe's boutiques start as one cluster (a button naming them) hiding London's marker.
  const london = map.getByRole('button', { name: 'Mirror New Bond Street' });
  await expect(london).toHaveCount(0);
  await expect(map.getByRole('button', { name: /^\d+ boutiques in .*London/ })).toHaveCount(1);
  const zoomBefore = Number(await map.getAttribute('data-zoom'));
  await openUntil(map, 'Mirror New Bond Street', 'London');
  expect(Number(await map.getAttribute('data-zoom'))).toBeGreaterThan(zoomBefore);

  // Two boutiques a street apart: no zoom separates them, so the cluster opens around Paris — at a
  // zoom where France itself is drawn, from the finest atlas.
  await expect(map.getByRole('button', { name: /^\d+ boutiques in .*Paris/ })).toHaveCount(1);
  const vendome = await openUntil(map, 'Mirror Place Vendôme', 'Paris');
  await expect(map.getByRole('button', { name: 'Atelier Rue de la Paix' })).toBeVisible();
  await expect(map).toHaveAttribute('data-level', '10m');
  expect(await map.locator('path[data-country="France"]').count()).toBeGreaterThan(0);
  await expect(map.locator('[data-map-label]').filter({ hasText: /^Paris$/ })).toBeVisible();
  // Between the two opened markers lies Paris itself: on French land.
  await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const a = (await vendome.boundingBox())!;
  const b = (await map.getByRole('button', { name: 'Atelier Rue de la Paix' }).boundingBox())!;
  expect(await countriesAt(page, (a.x + a.width / 2 + b.x + b.width / 2) / 2, (a.y + a.height / 2 + b.y + b.height / 2) / 2)).toContain(
    'France',
  );
  await expect(map.locator('[data-map-label]').filter({ hasText: 'Geneva' })).toBeVisible();
  await snap(page, testInfo, 'locations-map-paris');

  // A marker selects its boutique's card (and says so); hovering another card lights its marker.
  await vendome.click();
  await expect(vendome).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByTestId('boutique').filter({ has: page.getByRole('heading', { name: 'Mirror Place Vendôme' }) });
  await expect(card).toHaveAttribute('data-active', 'true');
  await expect(card).toBeInViewport();
  const rueDeLaPaix = page.getByTestId('boutique').filter({ has: page.getByRole('heading', { name: 'Atelier Rue de la Paix' }) });
  await rueDeLaPaix.hover();
  await expect(map.getByRole('button', { name: 'Atelier Rue de la Paix' })).toHaveAttribute('data-active', 'true');
  await expect(vendome).not.toHaveAttribute('data-active', 'true');
});

test('the keyboard reaches the markers, zooms and moves the map', async ({ page }) => {
  const map = await openMap(page);
  await map.focus();
  const zoom = Number(await map.getAttribute('data-zoom'));
  await page.keyboard.press('+');
  await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeCloseTo(zoom * 2, 1);
  await page.keyboard.press('-');
  await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeCloseTo(zoom, 1);

  // Tab from the map goes through its pins (buttons named for a boutique or a cluster).
  const names: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() =>
      document.activeElement?.closest('[data-testid="boutique-map"]') ? (document.activeElement.getAttribute('aria-label') ?? '') : null,
    );
    if (name === null) break;
    names.push(name);
  }
  expect(names).toContain('Mirror Fifth Avenue');
  expect(names.some((n) => /^\d+ boutiques in /.test(n))).toBe(true);

  // Enter on a cluster opens it; Enter on a marker selects its card.
  const london = await openUntil(map, 'Mirror New Bond Street', 'London', page.keyboard);
  await london.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('boutique').filter({ has: page.getByRole('heading', { name: 'Mirror New Bond Street' }) })).toHaveAttribute(
    'data-active',
    'true',
  );
  await expect(london).toBeFocused();
});

test('every boutique has a Directions link to its coordinates', async ({ page, request }) => {
  const locations = ((await (await request.get('/api/locations/filter?size=100')).json()) as { content: ApiLocation[] }).content;
  await page.goto('/locations');
  await settled(page);
  const cards = page.getByTestId('boutique');
  await expect(cards).toHaveCount(locations.length);
  for (const location of locations) {
    const link = cards
      .filter({ has: page.getByRole('heading', { name: location.name, exact: true }) })
      .getByRole('link', { name: /^Directions/ });
    await expect(link).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${location.latitude},${location.longitude}`,
    );
    await expect(link).toHaveAttribute('target', '_blank');
  }
});
