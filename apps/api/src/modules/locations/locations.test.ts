import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type Session, type TestApp } from '../../../test/helpers';
import { DEMO_LOCATIONS, seedLocations } from '../../db/seed/locations';
import type { ErrorResponse, Health, Location, LocationFacets, LocationPage, LocationStatistics } from '@mirror/contract';

let t: TestApp;
let admin: Session;
let customer: Session;
let vendor: Session;
let designer: Session;
const missingId = '00000000-0000-4000-8000-000000000000';

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mirror Kärntner Strasse',
  type: 'BOUTIQUE',
  address: 'Kärntner Straße 3',
  postalCode: '1010',
  city: 'Vienna',
  country: 'Austria',
  countryCode: 'AT',
  latitude: 48.2066,
  longitude: 16.3707,
  timezone: 'Europe/Vienna',
  phone: '+43 1 512 12 12',
  email: 'wien@mirror.example',
  openingHours: { MONDAY: [{ open: '10:00', close: '18:00' }], SATURDAY: [{ open: '10:00', close: '17:00' }] },
  services: ['CLEANING', 'ENGRAVING'],
  isAppointmentBookable: true,
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.database.db);
  [admin, customer, vendor, designer] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('VENDOR'),
    t.loginAs('DESIGNER'),
  ]);
});
afterAll(() => t.close());

async function create(overrides: Record<string, unknown> = {}) {
  const res = await t.request<Location>('/api/locations', { token: admin.accessToken, body: body(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('reading locations', () => {
  it('lists the seeded boutiques publicly, paged and sorted by name', async () => {
    const res = await t.request<LocationPage>('/api/locations?size=5');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      page: 0,
      size: 5,
      totalElements: DEMO_LOCATIONS.length,
      totalPages: Math.ceil(DEMO_LOCATIONS.length / 5),
    });
    const names = res.body.content.map((l) => l.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    const vendome = (await t.request<LocationPage>('/api/locations/search?q=vend%C3%B4me')).body.content[0];
    expect(vendome).toMatchObject({ city: 'Paris', slug: 'mirror-place-vendome-paris', isAppointmentBookable: true });
    expect(vendome!.openingHours.MONDAY).toEqual([{ open: '10:30', close: '19:00' }]);
    expect(vendome!.openingHours.SUNDAY).toEqual([]);
  });

  it('reads one by id, 404 for missing, 400 for malformed', async () => {
    const first = (await t.request<LocationPage>('/api/locations?size=1')).body.content[0];
    const one = await t.request<Location>(`/api/locations/${first!.id}`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(first!.id);
    const missing = await t.request<ErrorResponse>(`/api/locations/${missingId}`);
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404, 'LOCATION_NOT_FOUND');
    expect((await t.request('/api/locations/abc')).status).toBe(400);
  });

  it('finds by city (any case) and by type', async () => {
    const paris = await t.request<LocationPage>('/api/locations/city/paris');
    expect(paris.body.content.map((l) => l.city)).toEqual(['Paris', 'Paris']);
    const ateliers = await t.request<LocationPage>('/api/locations/type/ATELIER');
    expect(ateliers.body.content.length).toBeGreaterThan(0);
    expect(ateliers.body.content.every((l) => l.type === 'ATELIER')).toBe(true);
    expect((await t.request('/api/locations/type/CASTLE')).status).toBe(400);
  });

  it('filters by country, type, service and bookable together', async () => {
    const res = await t.request<LocationPage>('/api/locations/filter?country=CH&service=APPRAISAL');
    expect(res.status).toBe(200);
    expect(res.body.content.map((l) => l.name).sort()).toEqual(['Mirror Geneva Service Centre', 'Mirror Rue du Rhône']);
    const typed = await t.request<LocationPage>('/api/locations/filter?country=switzerland&type=SERVICE_CENTER');
    expect(typed.body.content.map((l) => l.name)).toEqual(['Mirror Geneva Service Centre']);
    const notBookable = await t.request<LocationPage>('/api/locations/filter?bookable=false');
    expect(notBookable.body.content.map((l) => l.city)).toEqual(['Antwerp']);
    expect((await t.request('/api/locations/filter?service=JUGGLING')).status).toBe(400);
    expect((await t.request('/api/locations/filter?active=maybe')).status).toBe(400);
  });

  it('searches name, city, country and address case-insensitively', async () => {
    for (const [q, expected] of [
      ['GINZA', 'Tokyo'],
      ['montenapoleone', 'Milan'],
      ['united arab', 'Dubai'],
    ] as const) {
      const res = await t.request<LocationPage>(`/api/locations/search?q=${encodeURIComponent(q)}`);
      expect(
        res.body.content.map((l) => l.city),
        q,
      ).toContain(expected);
    }
    expect((await t.request('/api/locations/search')).status).toBe(400);
  });

  it('returns facets with counts for the current filter', async () => {
    const all = (await t.request<LocationFacets>('/api/locations/filters')).body;
    expect(all.total).toBe(DEMO_LOCATIONS.length);
    expect(all.cities.find((c) => c.value === 'Paris')!.count).toBe(2);
    expect(all.types.find((c) => c.value === 'BOUTIQUE')!.count).toBe(DEMO_LOCATIONS.filter((l) => l.type === 'BOUTIQUE').length);
    expect(all.services.find((c) => c.value === 'APPRAISAL')!.count).toBe(
      DEMO_LOCATIONS.filter((l) => l.services.includes('APPRAISAL')).length,
    );
    const swiss = (await t.request<LocationFacets>('/api/locations/filters?country=CH')).body;
    expect(swiss.total).toBe(2);
    expect(swiss.types.map((x) => x.value).sort()).toEqual(['BOUTIQUE', 'SERVICE_CENTER']);
    // A facet ignores its own dimension: choosing Geneva still shows the other cities' counts.
    const geneva = (await t.request<LocationFacets>('/api/locations/filters?city=Geneva')).body;
    expect(geneva.total).toBe(2);
    expect(geneva.cities.length).toBeGreaterThan(5);
  });

  it('has statistics for ADMIN only and a public health check', async () => {
    const stats = await t.request<LocationStatistics>('/api/locations/statistics', { token: admin.accessToken });
    expect(stats.status).toBe(200);
    expect(stats.body.total).toBeGreaterThanOrEqual(DEMO_LOCATIONS.length);
    expect(stats.body.active + stats.body.inactive).toBe(stats.body.total);
    expect(Object.values(stats.body.byType as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(stats.body.total);
    for (const s of [customer, vendor, designer])
      expect((await t.request('/api/locations/statistics', { token: s.accessToken })).status).toBe(403);
    expect((await t.request('/api/locations/statistics')).status).toBe(401);
    expect((await t.request<Health>('/api/locations/health')).body).toMatchObject({ status: 'UP', service: 'locations' });
  });
});

describe('writing locations', () => {
  it('creates for ADMIN only, with defaults, and validates input', async () => {
    for (const s of [customer, vendor, designer])
      expect((await t.request('/api/locations', { token: s.accessToken, body: body() })).status).toBe(403);
    expect((await t.request('/api/locations', { body: body() })).status).toBe(401);
    const created = await create();
    expect(created).toMatchObject({ slug: 'mirror-karntner-strasse-vienna', isActive: true, services: ['CLEANING', 'ENGRAVING'] });
    expect(created.openingHours.TUESDAY).toEqual([]);
    const again = await create();
    expect(again.slug).toBe('mirror-karntner-strasse-vienna-2');
    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: 91 }, 'latitude'],
      [{ longitude: -181 }, 'longitude'],
      [{ countryCode: 'Austria' }, 'countryCode'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ type: 'CASTLE' }, 'type'],
      [{ email: 'not-mail' }, 'email'],
      [{ services: ['JUGGLING'] }, 'services.0'],
      [{ openingHours: { MONDAY: [{ open: '19:00', close: '10:00' }] } }, 'openingHours.MONDAY.0.close'],
      [{ openingHours: { MONDAY: [{ open: '9am', close: '10:00' }] } }, 'openingHours.MONDAY.0.open'],
      [{ name: '' }, 'name'],
      [{ unknownField: 1 }, 'unknownField'],
    ];
    for (const [overrides, path] of cases) {
      const res = await t.request<ErrorResponse>('/api/locations', { token: admin.accessToken, body: body(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.details!.map((d) => d.path).join(' '), JSON.stringify(overrides)).toContain(path);
    }
  });

  it('updates for ADMIN only and keeps the slug in step with the name', async () => {
    const loc = await create({ name: 'Mirror Graben' });
    for (const s of [customer, vendor, designer])
      expect((await t.request(`/api/locations/${loc.id}`, { method: 'PUT', token: s.accessToken, body: { phone: '+43 1' } })).status).toBe(
        403,
      );
    const res = await t.request<Location>(`/api/locations/${loc.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { name: 'Mirror Kohlmarkt', services: ['APPRAISAL'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Mirror Kohlmarkt', slug: 'mirror-kohlmarkt-vienna', services: ['APPRAISAL'], city: 'Vienna' });
    expect(
      (await t.request(`/api/locations/${missingId}`, { method: 'PUT', token: admin.accessToken, body: { phone: '+1' } })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/locations/${loc.id}`, { method: 'PUT', token: admin.accessToken, body: { latitude: 'north' } })).status,
    ).toBe(400);
  });

  it('deactivates and activates: visitors stop seeing it, admins still do', async () => {
    const loc = await create({ name: 'Mirror Seasonal' });
    for (const s of [customer, vendor, designer])
      expect((await t.request(`/api/locations/${loc.id}/deactivate`, { method: 'POST', token: s.accessToken })).status).toBe(403);
    // The web client always sends a JSON content type, even with no body.
    const off = await t.request<Location>(`/api/locations/${loc.id}/deactivate`, {
      method: 'POST',
      token: admin.accessToken,
      headers: { 'content-type': 'application/json' },
    });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await t.request(`/api/locations/${loc.id}`)).status).toBe(404);
    expect((await t.request<LocationPage>('/api/locations/search?q=Mirror%20Seasonal')).body.totalElements).toBe(0);
    expect((await t.request<LocationPage>('/api/locations/filter?active=false')).body.totalElements).toBe(0);
    expect((await t.request(`/api/locations/${loc.id}`, { token: admin.accessToken })).status).toBe(200);
    const adminInactive = await t.request<LocationPage>('/api/locations/filter?active=false', { token: admin.accessToken });
    expect(adminInactive.body.content.map((l) => l.id)).toContain(loc.id);
    const on = await t.request<Location>(`/api/locations/${loc.id}/activate`, { method: 'POST', token: admin.accessToken });
    expect(on.body.isActive).toBe(true);
    expect((await t.request(`/api/locations/${loc.id}`)).status).toBe(200);
    expect((await t.request(`/api/locations/${missingId}/activate`, { method: 'POST', token: admin.accessToken })).status).toBe(404);
  });

  it('soft-deletes (hidden everywhere, restorable by ADMIN) and deletes permanently', async () => {
    const loc = await create({ name: 'Mirror Pop-up' });
    for (const s of [customer, vendor, designer]) {
      expect((await t.request(`/api/locations/${loc.id}`, { method: 'DELETE', token: s.accessToken })).status).toBe(403);
      expect((await t.request(`/api/locations/${loc.id}/permanent`, { method: 'DELETE', token: s.accessToken })).status).toBe(403);
    }
    expect((await t.request(`/api/locations/${loc.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/locations/${loc.id}`)).status).toBe(404);
    const listed = await t.request<LocationPage>('/api/locations?size=100', { token: admin.accessToken });
    expect(listed.body.content.map((l) => l.id)).not.toContain(loc.id);
    const withDeleted = await t.request<LocationPage>('/api/locations?size=100&includeDeleted=true', { token: admin.accessToken });
    expect(withDeleted.body.content.find((l) => l.id === loc.id)!.deletedAt).toBeTruthy();
    // A visitor asking for deleted records gets the public view.
    const sneaky = await t.request<LocationPage>('/api/locations?size=100&includeDeleted=true');
    expect(sneaky.body.content.map((l) => l.id)).not.toContain(loc.id);
    const restored = await t.request<Location>(`/api/locations/${loc.id}/restore`, { method: 'POST', token: admin.accessToken });
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeNull();
    expect((await t.request(`/api/locations/${loc.id}`)).status).toBe(200);
    expect((await t.request(`/api/locations/${loc.id}/permanent`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
    expect((await t.request(`/api/locations/${loc.id}`, { token: admin.accessToken })).status).toBe(404);
    expect((await t.request(`/api/locations/${loc.id}/permanent`, { method: 'DELETE', token: admin.accessToken })).status).toBe(404);
    expect((await t.request(`/api/locations/${loc.id}/restore`, { method: 'POST', token: admin.accessToken })).status).toBe(404);
  });
});

describe('split hours and the Trash (issue 11)', () => {
  it('stores several ranges a day in time order and refuses overlapping ones on the overlapping range', async () => {
    const loc = await create({
      name: 'Mirror Split Hours',
      openingHours: {
        MONDAY: [
          { open: '14:00', close: '19:00' },
          { open: '10:00', close: '12:30' },
        ],
        TUESDAY: [
          { open: '10:00', close: '12:00' },
          { open: '12:00', close: '18:00' },
        ],
      },
    });
    expect(loc.openingHours.MONDAY).toEqual([
      { open: '10:00', close: '12:30' },
      { open: '14:00', close: '19:00' },
    ]);
    // Touching ranges are not overlapping.
    expect(loc.openingHours.TUESDAY).toHaveLength(2);
    expect(loc.openingHours.SUNDAY).toEqual([]);

    const overlapping = await t.request<ErrorResponse>(`/api/locations/${loc.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: {
        openingHours: {
          FRIDAY: [
            { open: '10:00', close: '13:00' },
            { open: '12:00', close: '18:00' },
          ],
        },
      },
    });
    expect(overlapping.status).toBe(400);
    expectErrorShape(overlapping.body, 400, 'VALIDATION_FAILED');
    expect(overlapping.body.details).toContainEqual(
      expect.objectContaining({ path: 'openingHours.FRIDAY.1.open', message: 'Overlaps 10:00–13:00' }),
    );

    const tooMany = await t.request<ErrorResponse>(`/api/locations/${loc.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: {
        openingHours: {
          FRIDAY: ['08:00', '10:00', '12:00', '14:00'].map((open, i) => ({ open, close: `${String(9 + i * 2).padStart(2, '0')}:00` })),
        },
      },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details!.map((d) => d.path)).toContain('openingHours.FRIDAY');

    const updated = await t.request<Location>(`/api/locations/${loc.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: {
        openingHours: {
          SUNDAY: [
            { open: '15:00', close: '18:00' },
            { open: '11:00', close: '13:00' },
          ],
        },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.openingHours.SUNDAY).toEqual([
      { open: '11:00', close: '13:00' },
      { open: '15:00', close: '18:00' },
    ]);
    // A replaced week: the days left out are closed.
    expect(updated.body.openingHours.MONDAY).toEqual([]);
  });

  it('lists the Trash alone with deleted=only (ADMIN; visitors get none), searchable and sorted by deletion', async () => {
    const first = await create({ name: 'Mirror Trash First' });
    const second = await create({ name: 'Mirror Trash Second' });
    const kept = await create({ name: 'Mirror Trash Kept' });
    for (const loc of [first, second])
      expect((await t.request(`/api/locations/${loc.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);

    const trash = await t.request<LocationPage>('/api/locations?deleted=only&size=100&sort=deletedAt,desc', { token: admin.accessToken });
    expect(trash.status).toBe(200);
    const ids = trash.body.content.map((l) => l.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).toContain(first.id);
    expect(ids).not.toContain(kept.id);
    expect(trash.body.content.every((l) => l.deletedAt !== null)).toBe(true);

    const searched = await t.request<LocationPage>('/api/locations/search?q=Trash%20Second&deleted=only', { token: admin.accessToken });
    expect(searched.body.content.map((l) => l.id)).toEqual([second.id]);
    const searchedAndFiltered = await t.request<LocationPage>(
      '/api/locations/filter?deleted=only&city=vienna&type=BOUTIQUE&q=trash%20first',
      { token: admin.accessToken },
    );
    expect(searchedAndFiltered.body.content.map((l) => l.id)).toEqual([first.id]);
    const filtered = await t.request<LocationPage>('/api/locations/filter?deleted=only&city=Vienna&size=100', { token: admin.accessToken });
    expect(filtered.body.content.map((l) => l.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(filtered.body.content.map((l) => l.id)).not.toContain(kept.id);

    expect((await t.request<LocationPage>('/api/locations?deleted=only')).body.totalElements).toBe(0);
    expect((await t.request<LocationPage>('/api/locations?deleted=only', { token: customer.accessToken })).body.totalElements).toBe(0);
    const bad = await t.request<ErrorResponse>('/api/locations?deleted=yes', { token: admin.accessToken });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body, 400, 'VALIDATION_FAILED');
  });
});

describe('dated closures and partial updates (issue 11)', () => {
  it('stores dated closures in date order, one per date, and refuses bad ones on their path', async () => {
    const loc = await create({
      name: 'Mirror Closures',
      closures: [{ date: '2031-12-25', note: 'Christmas' }, { date: '2031-08-15', note: ' Assumption ' }, { date: '2031-01-01' }],
    });
    expect(loc.closures).toEqual([
      { date: '2031-01-01', note: '' },
      { date: '2031-08-15', note: 'Assumption' },
      { date: '2031-12-25', note: 'Christmas' },
    ]);
    expect((await create({ name: 'Mirror No Closures' })).closures).toEqual([]);

    const cases: [unknown, string, string][] = [
      [[{ date: '2031-12-25' }, { date: '2031-12-25', note: 'again' }], 'closures.1.date', 'This date is already listed'],
      [[{ date: '25/12/2031' }], 'closures.0.date', 'Use a date such as 2026-12-25'],
      [[{ date: '2031-02-30' }], 'closures.0.date', 'Use a date such as 2026-12-25'],
      [[{ date: '2031-12-24', note: 'x'.repeat(121) }], 'closures.0.note', 'At most 120 characters'],
    ];
    for (const [closures, path, message] of cases) {
      const res = await t.request<ErrorResponse>(`/api/locations/${loc.id}`, {
        method: 'PUT',
        token: admin.accessToken,
        body: { closures },
      });
      expect(res.status, JSON.stringify(closures)).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.details, JSON.stringify(closures)).toContainEqual({ path, message });
    }

    const replaced = await t.request<Location>(`/api/locations/${loc.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { closures: [{ date: '2032-05-01', note: 'Labour Day' }] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.closures).toEqual([{ date: '2032-05-01', note: 'Labour Day' }]);
    expect((await t.request<Location>(`/api/locations/${loc.id}`)).body.closures).toEqual([{ date: '2032-05-01', note: 'Labour Day' }]);
  });

  it('changes only the fields a PUT sends: hours, closures, services and state stay', async () => {
    const loc = await create({ name: 'Mirror Partial', closures: [{ date: '2031-12-25', note: 'Christmas' }], isActive: false });
    const res = await t.request<Location>(`/api/locations/${loc.id}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { phone: '+43 1 000' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      phone: '+43 1 000',
      isActive: false,
      isAppointmentBookable: true,
      services: ['CLEANING', 'ENGRAVING'],
      closures: [{ date: '2031-12-25', note: 'Christmas' }],
    });
    expect(res.body.openingHours.MONDAY).toEqual([{ open: '10:00', close: '18:00' }]);
  });
});
