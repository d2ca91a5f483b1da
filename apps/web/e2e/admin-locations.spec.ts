import { expect, test, type Page } from '@playwright/test';
import type { Location } from '@mirror/contract';
import { settled, signInByApi, snap, asAdmin, type Admin } from './helpers';
import { expectAxeClean } from './axe';

/**
 * Back-office locations (issue 11): the table filtered by city, type and state in the URL; a new
 * boutique with split hours, a closed Sunday and a dated closure, placed by a click on the offline
 * map, whose hours then show on the site's /locations; deactivate, soft delete with Undo, the Trash,
 * delete for good.
 * Every test makes its own locations (unique names and cities): the suite runs in parallel on one database.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Created {
  id: string;
  name: string;
}

async function createLocation(admin: Admin, data: Record<string, unknown>): Promise<Created> {
  const response = await admin.request.post('/api/locations', {
    headers: admin.headers,
    data: {
      address: '1 Rue du Test',
      country: 'France',
      countryCode: 'FR',
      latitude: 45.9,
      longitude: 6.12,
      timezone: 'Europe/Paris',
      ...data,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Created;
}

async function purge(admin: Admin, ids: string[]): Promise<void> {
  for (const id of ids) await admin.request.delete(`/api/locations/${id}/permanent`, { headers: admin.headers });
}

/** Projects coordinates like the editor's map (equirectangular, 1000 wide, latitudes 84 to -58). */
function mapUnits(longitude: number, latitude: number) {
  const height = (1000 * (84 - -58)) / 360;
  return { x: ((longitude + 180) / 360) * 1000, y: ((84 - latitude) / (84 - -58)) * height };
}

/** Clicks the map where the given coordinates are drawn in its current view. */
async function clickMapAt(page: Page, longitude: number, latitude: number): Promise<void> {
  const map = page.getByTestId('location-map');
  const [vx, vy, vw, vh] = (await map.getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number, number];
  const box = (await map.boundingBox())!;
  const p = mapUnits(longitude, latitude);
  await map.click({ position: { x: ((p.x - vx) / vw) * box.width, y: ((p.y - vy) / vh) * box.height } });
}

test('filters the table by city, type and state, held in the URL', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const tag = unique();
  const admin = await asAdmin(request);
  const city = `Annecy ${tag}`;
  const boutique = await createLocation(admin, { name: `Mirror Lac ${tag}`, type: 'BOUTIQUE', city });
  const atelier = await createLocation(admin, { name: `Atelier Lac ${tag}`, type: 'ATELIER', city });
  const office = await createLocation(admin, { name: `Bureau Lac ${tag}`, type: 'OFFICE', city });
  expect((await admin.request.post(`/api/locations/${office.id}/deactivate`, { headers: admin.headers })).ok()).toBe(true);
  const rows = () => page.getByRole('row').filter({ hasText: tag });

  try {
    await signInByApi(page, 'admin');
    await page.goto('/dashboard/admin/locations');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();

    await page.getByLabel('City', { exact: true }).selectOption(city);
    await expect(page).toHaveURL(/city=Annecy/);
    await expect(rows()).toHaveCount(3);
    await expect(page.getByText('3 locations match')).toBeVisible();

    await page.getByLabel('Type', { exact: true }).selectOption('ATELIER');
    await expect(page).toHaveURL(/type=ATELIER/);
    await expect(rows()).toHaveCount(1);
    await expect(rows().first()).toContainText(atelier.name);
    await expect(page.getByRole('button', { name: 'Remove filter Atelier' })).toBeVisible();

    // The URL alone brings the same table back.
    await page.reload();
    await settled(page);
    await expect(rows()).toHaveCount(1);
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('ATELIER');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue(city);

    // Any type (the chip goes), inactive ones only: the office.
    await page.getByRole('button', { name: 'Remove filter Atelier' }).click();
    await page.getByLabel('State', { exact: true }).selectOption('inactive');
    await expect(page).toHaveURL(/state=inactive/);
    await expect(page).not.toHaveURL(/type=/);
    await expect(rows()).toHaveCount(1);
    await expect(rows().first()).toContainText(office.name);
    await expect(rows().first()).toContainText('Inactive');

    await page.getByLabel('State', { exact: true }).selectOption('active');
    await expect(rows()).toHaveCount(2);
    await expect(rows().filter({ hasText: boutique.name })).toHaveCount(1);
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-locations-filtered');

    // Search combines with the filters.
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Mirror Lac ${tag}`);
    await expect(page).toHaveURL(/q=Mirror/);
    await expect(rows()).toHaveCount(1);
  } finally {
    await purge(admin, [boutique.id, atelier.id, office.id]);
  }
});

test(
  'creates a boutique with split hours, a closed Sunday and a dated closure, placed on the map; the ' + 'site shows them',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    const tag = unique();
    const admin = await asAdmin(request);
    const name = `Mirror Presqu'île ${tag}`;
    const city = `Lyon ${tag}`;
    let createdId: string | null = null;

    try {
      await signInByApi(page, 'admin');
      await page.goto('/dashboard/admin/locations');
      await settled(page);
      await page.getByRole('link', { name: 'New location' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'New location' })).toBeVisible();

      // The contract's rules run in the browser: nothing typed, the fields say so.
      await page.getByRole('button', { name: 'Create location' }).click();
      await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Latitude')).toHaveAttribute('aria-invalid', 'true');

      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Type').selectOption('BOUTIQUE');
      await page.getByLabel('Appraisal').check();
      await page.getByLabel('Engraving').check();
      await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Rue de la République');
      await page.getByRole('textbox', { name: /^Postal code/ }).fill('69002');
      await page.getByRole('textbox', { name: 'City', exact: true }).fill(city);
      await page.getByRole('textbox', { name: 'Country', exact: true }).fill('France');
      await page.getByRole('textbox', { name: 'Country code', exact: true }).fill('fr');
      await page.getByRole('textbox', { name: /^Phone/ }).fill('+33 4 72 00 00 00');
      await page.getByRole('textbox', { name: /^Email/ }).fill(`lyon-${tag}@mirror-maison.com`);

      // The map frames the typed country, and a click places the boutique in Lyon.
      await page.getByRole('button', { name: 'Country', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Country', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await clickMapAt(page, 4.835, 45.76);
      await expect(page.getByTestId('map-marker')).toBeVisible();
      await expect(page.getByText(/· France$/)).toBeVisible();
      const latitude = Number(await page.getByLabel('Latitude').inputValue());
      const longitude = Number(await page.getByLabel('Longitude').inputValue());
      expect(Math.abs(latitude - 45.76)).toBeLessThan(0.2);
      expect(Math.abs(longitude - 4.835)).toBeLessThan(0.2);
      // Typed coordinates move the marker: the city view centres on them.
      await page.getByLabel('Latitude').fill('45.7640');
      await page.getByLabel('Longitude').fill('4.8357');
      await page.getByRole('button', { name: 'City', exact: true }).click();
      await expect(page.getByText('45.7640, 4.8357 · France')).toBeVisible();
      await page.getByTestId('location-map').scrollIntoViewIfNeeded();
      await snap(page, testInfo, 'admin-location-map');

      // Monday split for lunch; the overlap is refused on Monday first.
      const monday = page.getByTestId('hours-MONDAY');
      await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
      await monday.getByLabel('Monday closes (1)').fill('12:30');
      await monday.getByLabel('Monday opens (2)').fill('12:00');
      await monday.getByLabel('Monday closes (2)').fill('19:00');
      await page.getByRole('button', { name: 'Create location' }).click();
      await expect(monday.getByText('Overlaps 10:00–12:30')).toBeVisible();
      await expect(page.getByTestId('hours-TUESDAY').getByText(/Overlaps/)).toHaveCount(0);
      await monday.getByLabel('Monday opens (2)').fill('14:00');
      await expect(monday.getByText(/Overlaps/)).toHaveCount(0);
      // Sunday stays closed.
      await expect(page.getByRole('checkbox', { name: 'Open on Sunday' })).not.toBeChecked();
      await expect(page.getByTestId('hours-SUNDAY')).toContainText('Closed');
      // A dated closure; the same date twice is refused on the second row.
      await page.getByRole('button', { name: 'Add a closure' }).click();
      await page.getByLabel('Closure 1 date').fill('2031-12-25');
      await page.getByRole('textbox', { name: /^Closure 1 note/ }).fill('Christmas');
      await page.getByRole('button', { name: 'Add a closure' }).click();
      await page.getByLabel('Closure 2 date').fill('2031-12-25');
      await page.getByRole('button', { name: 'Create location' }).click();
      await expect(page.getByText('This date is already listed')).toBeVisible();
      await expect(page.getByLabel('Closure 2 date')).toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('button', { name: 'Remove closure 2' }).click();
      await expect(page.getByText('This date is already listed')).toHaveCount(0);
      await expectAxeClean(page);
      await snap(page, testInfo, 'admin-location-new');

      await page.getByRole('button', { name: 'Create location' }).click();
      await expect(page).toHaveURL(/\/dashboard\/admin\/locations\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      createdId = page.url().split('/').pop()!;
      const saved = (await (await admin.request.get(`/api/locations/${createdId}`, { headers: admin.headers })).json()) as Location;
      expect(saved.openingHours.MONDAY).toEqual([
        { open: '10:00', close: '12:30' },
        { open: '14:00', close: '19:00' },
      ]);
      expect(saved.openingHours.SUNDAY).toEqual([]);
      expect(saved).toMatchObject({ latitude: 45.764, longitude: 4.8357, countryCode: 'FR', postalCode: '69002', isActive: true });
      expect([...saved.services].sort()).toEqual(['APPRAISAL', 'ENGRAVING']);
      expect(saved.closures).toEqual([{ date: '2031-12-25', note: 'Christmas' }]);

      // An edit: Saturday closes earlier; the editor's hours reach the site.
      await page.getByTestId('hours-SATURDAY').getByLabel('Saturday closes').fill('17:00');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('All changes saved')).toBeVisible();
      await expectAxeClean(page);
      await snap(page, testInfo, 'admin-location-edit');

      const edited = (await (await admin.request.get(`/api/locations/${createdId}`, { headers: admin.headers })).json()) as Location;
      expect(edited.openingHours.SATURDAY).toEqual([{ open: '10:00', close: '17:00' }]);
      expect(edited.openingHours.MONDAY).toHaveLength(2);
      expect([...edited.services].sort()).toEqual(['APPRAISAL', 'ENGRAVING']);
      expect(edited.closures).toHaveLength(1);
      await page.goto(`/locations?city=${encodeURIComponent(city)}`);
      await settled(page);
      const card = page.getByTestId('boutique').filter({ hasText: name });
      await expect(card).toBeVisible();
      await card.getByText('Opening hours').click();
      const hours = card.locator('dl > div');
      await expect(hours.filter({ hasText: 'Mon' })).toContainText('10:00–12:30, 14:00–19:00');
      await expect(hours.filter({ hasText: 'Sat' })).toContainText('10:00–17:00');
      await expect(hours.filter({ hasText: 'Sun' })).toContainText('Closed');
      await expect(card.getByTestId('closures')).toHaveText('Closed 25 Dec 2031 (Christmas)');
      await snap(page, testInfo, 'admin-location-on-site');
    } finally {
      if (createdId) await purge(admin, [createdId]);
    }
  },
);

test(
  'deactivates a boutique, moves it to the Trash with Undo, restores it from the Trash, deletes it for good',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const tag = unique();
    const admin = await asAdmin(request);
    const name = `Mirror Bellecour ${tag}`;
    let createdId: string | null = (await createLocation(admin, { name, type: 'BOUTIQUE', city: `Lyon ${tag}` })).id;

    try {
      await signInByApi(page, 'admin');
      // Deactivate: visitors stop seeing it.
      await page.goto(`/dashboard/admin/locations/${createdId}`);
      await settled(page);
      await page.getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByText(`“${name}” is hidden from the site`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();
      expect((await request.get(`/api/locations/${createdId}`)).status()).toBe(404);

      // Move to Trash, then Undo from the toast.
      await page.getByRole('button', { name: 'Move to Trash' }).click();
      await expect(page).toHaveURL(/\/dashboard\/admin\/locations$/);
      await expect(page.getByText(`“${name}” moved to the Trash`)).toBeVisible();
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText(`“${name}” is restored`)).toBeVisible();
      expect(
        (
          (await (await admin.request.get(`/api/locations/${createdId}`, { headers: admin.headers })).json()) as {
            deletedAt: string | null;
          }
        ).deletedAt,
      ).toBeNull();

      // Delete again, and restore it from the Trash.
      await page.goto(`/dashboard/admin/locations/${createdId}`);
      await settled(page);
      await page.getByRole('button', { name: 'Move to Trash' }).click();
      await expect(page.getByText(`“${name}” moved to the Trash`)).toBeVisible();
      await page.getByRole('link', { name: 'Trash', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
      await expect(page).toHaveURL(new RegExp(`q=${tag}`));
      await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
      await expectAxeClean(page);
      await snap(page, testInfo, 'admin-locations-trash');
      await page.getByRole('button', { name: `Restore ${name}` }).click();
      await expect(page.getByText(`“${name}” is restored`)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

      // For good: into the Trash once more, then deleted permanently once the name is typed.
      await page.goto(`/dashboard/admin/locations/${createdId}`);
      await settled(page);
      await page.getByRole('button', { name: 'Move to Trash' }).click();
      await expect(page.getByText(`“${name}” moved to the Trash`)).toBeVisible();
      await page.goto(`/dashboard/admin/locations/trash?q=${tag}`);
      await settled(page);
      await page.getByRole('button', { name: `Delete permanently ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this location permanently?' });
      await expect(dialog.getByRole('button', { name: 'Delete permanently' })).toBeDisabled();
      await dialog.getByLabel(/Type .* to confirm/).fill(name);
      await dialog.getByRole('button', { name: 'Delete permanently' }).click();
      await expect(page.getByText(`“${name}” is deleted permanently`)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
      expect((await admin.request.get(`/api/locations/${createdId}`, { headers: admin.headers })).status()).toBe(404);
      createdId = null;
    } finally {
      if (createdId) await purge(admin, [createdId]);
    }
  },
);
