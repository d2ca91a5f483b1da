import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { settled, signInByApi, snap, accessToken } from './helpers';

/*
 * The back-office on a phone. The staff's flows (creating, editing, ordering, paying…) are tested at a
 * desk's width (tag @desk, playwright.config.ts): what they do does not depend on the width, and running
 * each twice cost the suite minutes. What the width does change is checked here, on every screen: it
 * opens, names itself, and fits — nothing wider than the phone but a table scrolling in its own frame —
 * and the sections are one tap away in the drawer.
 */

async function firstId(request: APIRequestContext, token: string, path: string): Promise<string> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} answers`).toBe(true);
  const body = (await response.json()) as { content: { id: string }[] };
  const first = body.content[0];
  expect(first, `${path} lists at least one record`).toBeDefined();
  return first!.id;
}

/** Opens a screen (its address, as from a bookmark) and checks that it fits a phone. */
async function expectFits(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await settled(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 })).not.toHaveText('');
  // Data arrived (no skeleton left) before the width is measured.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider: string[] = [];
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Inside a frame that scrolls sideways (a table's), being wider is the point.
      let parent = el.parentElement;
      let scrolls = false;
      while (parent && parent !== document.body) {
        const style = getComputedStyle(parent);
        if (/(auto|scroll|hidden|clip)/.test(style.overflowX) && parent.getBoundingClientRect().right <= width + 1) {
          scrolls = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (scrolls) continue;
      // The class attribute, not `className`: an SVG element's className is an object.
      const classes = el.getAttribute('class');
      wider.push(`${el.tagName.toLowerCase()}${classes ? `.${classes.split(' ')[0]}` : ''} → ${Math.round(box.right)} px`);
    }
    return { page: document.scrollingElement!.scrollWidth - width, wider: wider.slice(0, 5) };
  });
  expect(overflow.page, `${url}: the page does not scroll sideways`).toBeLessThanOrEqual(0);
  expect(overflow.wider, `${url}: nothing wider than the phone outside a scrolling frame`).toEqual([]);
}

test.describe('the back-office on a phone', { tag: '@phone-only' }, () => {
  test('every admin screen opens, names itself and fits 375 px; the drawer lists the sections', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const token = await accessToken(request, 'admin');
    const ids = {
      product: await firstId(request, token, '/api/products?size=1'),
      collection: await firstId(request, token, '/api/collections?size=1'),
      order: await firstId(request, token, '/api/orders?size=1'),
      designer: await firstId(request, token, '/api/designers?size=1'),
      vendor: await firstId(request, token, '/api/vendors?size=1'),
      location: await firstId(request, token, '/api/locations?size=1'),
    };
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInByApi(page, 'admin');
    const screens = [
      '/dashboard/admin',
      '/dashboard/admin/manage-products',
      '/dashboard/admin/manage-products/new',
      `/dashboard/admin/manage-products/${ids.product}`,
      '/dashboard/admin/manage-products/trash',
      '/dashboard/admin/collections',
      `/dashboard/admin/collections/${ids.collection}`,
      '/dashboard/admin/taxonomy',
      '/dashboard/admin/orders',
      '/dashboard/admin/orders/new',
      `/dashboard/admin/orders/${ids.order}`,
      '/dashboard/admin/payments',
      '/dashboard/admin/designers',
      `/dashboard/admin/designers/${ids.designer}`,
      '/dashboard/admin/vendors',
      `/dashboard/admin/vendors/${ids.vendor}`,
      '/dashboard/admin/locations',
      `/dashboard/admin/locations/${ids.location}`,
      '/dashboard/admin/users',
      '/dashboard/admin/emails',
      '/dashboard/admin/submissions',
      '/dashboard/admin/activity',
    ];
    for (const url of screens) await expectFits(page, url);
    await snap(page, testInfo, 'back-office-phone-activity');

    // The sections, from the drawer.
    await page.getByRole('button', { name: 'Open the back-office menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Back-office' });
    await expect(nav).toBeVisible();
    for (const name of [
      'Overview',
      'Products',
      'Collections',
      'Taxonomy',
      'Orders',
      'Payments',
      'Designers',
      'Vendors',
      'Locations',
      'Users',
      'Emails',
      'Submissions',
      'Activity',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/orders$/);
    await expect(nav).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('the vendor and the designer dashboards fit 375 px', async ({ page }) => {
    test.setTimeout(120_000);
    await signInByApi(page, 'vendor');
    for (const url of ['/dashboard/vendor', '/dashboard/vendor/products', '/dashboard/vendor/products/new', '/dashboard/vendor/orders'])
      await expectFits(page, url);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInByApi(page, 'designer');
    for (const url of [
      '/dashboard/designer',
      '/dashboard/designer/designs',
      '/dashboard/designer/submissions',
      '/dashboard/designer/profile',
    ])
      await expectFits(page, url);
  });
});
