import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { settled, signInByApi, snap, asAdmin, keyboardSensorListening, type Admin } from './helpers';
import { expectAxeClean } from './axe';

/**
 * Back-office collections (issue 10): the table, the editor, the pieces in order (keyboard
 * reorder seen on the storefront), the hero, soft delete with Undo, the Trash. Every test makes
 * its own collections and pieces (unique names): the suite runs in parallel on one database.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Piece {
  id: string;
  name: string;
  sku: string;
}

/** Three active pieces of its own for a test (a demo category and vendor hold them). */
async function createPieces(admin: Admin, tag: string, count: number): Promise<Piece[]> {
  const categories = await json<{ content: { id: string; isActive: boolean; productCount: number }[] }>(
    await admin.request.get('/api/categories?size=50', { headers: admin.headers }),
  );
  const category = categories.content.find((c) => c.isActive && c.productCount > 0)!;
  const vendors = await json<{ content: { id: string; isActive: boolean }[] }>(
    await admin.request.get('/api/vendors?size=50', { headers: admin.headers }),
  );
  const vendor = vendors.content.find((v) => v.isActive)!;
  const pieces: Piece[] = [];
  for (const [i, word] of ['Aurore', 'Brume', 'Cendre'].slice(0, count).entries()) {
    const sku = `E2E-COL-${tag}-${i + 1}`.toUpperCase();
    const created = await json<Piece>(
      await admin.request.post('/api/products', {
        headers: admin.headers,
        data: {
          name: `${word} ${tag}`,
          sku,
          categoryId: category.id,
          vendorId: vendor.id,
          metalType: 'YELLOW_GOLD',
          price: 120_000 + i * 10_000,
          stockQuantity: 2,
          status: 'ACTIVE',
        },
      }),
    );
    pieces.push({ id: created.id, name: created.name, sku: created.sku });
  }
  return pieces;
}

async function createCollection(admin: Admin, name: string, year = 2031): Promise<{ id: string; name: string }> {
  return json(
    await admin.request.post('/api/collections', {
      headers: admin.headers,
      data: { name, year, season: 'WINTER', description: 'Made by the collections e2e test.' },
    }),
  );
}

function memberNames(page: Page) {
  return page.getByTestId('collection-member').locator('a').allInnerTexts();
}

async function expectOrder(page: Page, names: string[]): Promise<void> {
  await expect.poll(() => memberNames(page)).toEqual(names);
}

/** Adds a piece through the picker, by keyboard: type its SKU, arrow to it, Enter. */
async function addThroughPicker(page: Page, piece: Piece): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Add a piece' });
  await picker.fill(piece.sku);
  const option = page.getByRole('option', { name: new RegExp(piece.name) });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await picker.press('Enter');
  await expect(page.getByTestId('collection-member').filter({ hasText: piece.sku })).toBeVisible();
}

test(
  'builds a collection, orders its pieces by keyboard, sets the hero, and the storefront follows',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const tag = unique();
    const admin = await asAdmin(request);
    const [a, b, c] = (await createPieces(admin, tag, 3)) as [Piece, Piece, Piece];
    const name = `Lumière ${tag}`;

    await signInByApi(page, 'admin');
    await page.goto('/dashboard/admin/collections');
    await settled(page);
    await page.getByRole('link', { name: 'New collection' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'New collection' })).toBeVisible();

    // The contract's rules run in the browser: an empty name is refused on its field.
    await page.getByRole('button', { name: 'Create collection' }).click();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Year').fill('2031');
    await page.getByLabel('Season').selectOption('WINTER');
    await page.getByLabel('Description').fill('Dawn light on white gold.');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/collections\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const collectionId = page.url().split('/').pop()!;

    for (const piece of [a, b, c]) await addThroughPicker(page, piece);
    await expectOrder(page, [a.name, b.name, c.name]);

    // Move up twice with the keyboard: focus stays on the button while the row climbs.
    const upC = page.getByRole('button', { name: `Move up: ${c.name}` });
    await upC.focus();
    await page.keyboard.press('Enter');
    await expectOrder(page, [a.name, c.name, b.name]);
    await expect(upC).toBeFocused();
    await page.keyboard.press('Enter');
    await expectOrder(page, [c.name, a.name, b.name]);
    // At the top Move up is off, and focus lands on its twin.
    await expect(upC).toBeDisabled();
    await expect(page.getByRole('button', { name: `Move down: ${c.name}` })).toBeFocused();

    // The drag-and-drop library's keyboard sensor: Space picks up, an arrow moves, Space drops.
    const handleB = page.getByRole('button', { name: new RegExp(`^Reorder ${b.name}`) });
    const dndStatus = page.locator('[id^="DndLiveRegion"]');
    await handleB.focus();
    await page.keyboard.press('Space');
    await expect(dndStatus).toContainText(`Picked up ${b.name}, at position 3 of 3.`);
    await keyboardSensorListening(page);
    await page.keyboard.press('ArrowUp');
    await expect(dndStatus).toContainText(`${b.name} is over position 2 of 3.`);
    await page.keyboard.press('Space');
    await expect(dndStatus).toContainText(`${b.name} dropped at position 2 of 3.`);
    await expectOrder(page, [c.name, b.name, a.name]);
    await expect(page.getByTestId('order-state')).toHaveText('Order saved');

    // The hero: one at a time, marked with a gold dot and the word.
    await page.getByRole('button', { name: `Make hero: ${b.name}` }).click();
    await expect(page.getByTestId('collection-member').filter({ hasText: b.sku }).getByTestId('hero-mark')).toHaveText('Hero');
    await page.getByRole('button', { name: `Make hero: ${a.name}` }).click();
    await expect(page.getByTestId('collection-member').filter({ hasText: a.sku }).getByTestId('hero-mark')).toBeVisible();
    await expect(page.getByTestId('hero-mark')).toHaveCount(1);
    await expect(page.getByText(`pieces · hero: ${a.name}`)).toBeVisible();

    // The saved state is the server's (once its queued saves have landed): a reload shows the same order and hero.
    await expect
      .poll(
        async () =>
          (
            await json<{ product: { id: string }; isHero: boolean }[]>(
              await admin.request.get(`/api/collections/${collectionId}/products-list`, { headers: admin.headers }),
            )
          ).find((i) => i.isHero)?.product.id,
      )
      .toBe(a.id);
    await page.reload();
    await settled(page);
    await expectOrder(page, [c.name, b.name, a.name]);
    await expect(page.getByTestId('collection-member').filter({ hasText: a.sku }).getByTestId('hero-mark')).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole('heading', { level: 2, name: 'Pieces' }).scrollIntoViewIfNeeded();
    await page.getByRole('heading', { level: 2, name: 'Pieces' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await snap(page, testInfo, 'admin-collection-pieces');

    // An edit left unsaved is guarded; saved, it shows in the table.
    await page.getByLabel('Description').fill('Dawn light on white gold, and frost.');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Collections' }).click();
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();

    // The storefront shows the pieces in the new order, and the hero.
    await page.goto(`/collections/${collectionId}`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect
      .poll(() => page.getByTestId('collection-pieces').getByTestId('product-card').getByRole('heading').allInnerTexts())
      .toEqual([c.name, b.name, a.name]);
    await expect(page.getByText('The hero piece')).toBeVisible();
    await expect(page.getByRole('link', { name: a.name }).first()).toBeVisible();
    await snap(page, testInfo, 'admin-collection-on-site');
  },
);

test('removes a piece and puts it back with Undo', { tag: '@desk' }, async ({ page, request }) => {
  test.setTimeout(60_000);
  const tag = unique();
  const admin = await asAdmin(request);
  const [a, b, c] = (await createPieces(admin, tag, 3)) as [Piece, Piece, Piece];
  const collection = await createCollection(admin, `Brume ${tag}`);
  for (const piece of [a, b, c])
    await json(
      await admin.request.post(`/api/collections/${collection.id}/products`, { headers: admin.headers, data: { productId: piece.id } }),
    );

  await signInByApi(page, 'admin');
  await page.goto(`/dashboard/admin/collections/${collection.id}`);
  await settled(page);
  await expectOrder(page, [a.name, b.name, c.name]);
  await page.getByRole('button', { name: `Remove: ${b.name}` }).click();
  await expectOrder(page, [a.name, c.name]);
  // Focus moves to the next piece's Remove, not to the page's start.
  await expect(page.getByRole('button', { name: `Remove: ${c.name}` })).toBeFocused();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expectOrder(page, [a.name, b.name, c.name]);
  const saved = await json<{ product: { id: string } }[]>(
    await admin.request.get(`/api/collections/${collection.id}/products-list`, { headers: admin.headers }),
  );
  expect(saved.map((item) => item.product.id)).toEqual([a.id, b.id, c.id]);
});

test('finds collections by search and filters kept in the URL', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const tag = unique();
  const admin = await asAdmin(request);
  const name = `Givre ${tag}`;
  await createCollection(admin, name, 2031);
  const taken = await createCollection(admin, `Sillage ${tag}`, 2030);

  await signInByApi(page, 'admin');
  await page.goto('/dashboard/admin/collections');
  await settled(page);
  await expect(page.getByRole('table', { name: 'Collections' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByLabel('Year').selectOption('2031');
  await page.getByLabel('Season').selectOption('WINTER');
  await expect(page).toHaveURL(/year=2031/);
  await expect(page).toHaveURL(/season=WINTER/);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Year 2031');
  await expectAxeClean(page);
  await snap(page, testInfo, 'admin-collections-table');

  // Another season: no match, and the empty state offers the way back.
  await page.getByLabel('Season').selectOption('SUMMER');
  await expect(page.getByText('No collection matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter Summer' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();

  // The link reproduces the view; Enter on a row opens the collection.
  await page.reload();
  await settled(page);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The server's answer lands on the field it is about: a name already used (409) on Name.
  await page.getByLabel('Name').fill(taken.name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('This name is already used.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).toBeFocused();
});

test(
  'soft-deletes a collection with Undo, restores one from the Trash, deletes one for good',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    const tag = unique();
    const admin = await asAdmin(request);
    const kept = await createCollection(admin, `Cendre ${tag}`);
    const trashed = await createCollection(admin, `Opale ${tag}`);
    const purged = await createCollection(admin, `Nacre ${tag}`);
    for (const c of [trashed, purged])
      expect((await admin.request.delete(`/api/collections/${c.id}`, { headers: admin.headers })).status()).toBe(204);

    await signInByApi(page, 'admin');
    // Move to Trash, then Undo from the toast.
    await page.goto(`/dashboard/admin/collections/${kept.id}`);
    await settled(page);
    await page.getByRole('button', { name: 'Move to Trash' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/collections$/);
    await expect(page.getByText(`“${kept.name}” moved to the Trash`)).toBeVisible();
    expect(
      (
        await json<{ deletedAt: string | null }>(
          await admin.request.get(`/api/collections/${kept.id}?includeDeleted=true`, { headers: admin.headers }),
        )
      ).deletedAt,
    ).not.toBeNull();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(`“${kept.name}” is restored`)).toBeVisible();
    expect(
      (await json<{ deletedAt: string | null }>(await admin.request.get(`/api/collections/${kept.id}`, { headers: admin.headers })))
        .deletedAt,
    ).toBeNull();

    // The Trash: Restore one.
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(page.getByText('1–2 of 2 collections')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: trashed.name })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: purged.name })).toBeVisible();
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-collections-trash');
    await page.getByRole('button', { name: `Restore ${trashed.name}` }).click();
    await expect(page.getByText(`“${trashed.name}” is restored`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: trashed.name })).toHaveCount(0);
    expect(
      (await json<{ deletedAt: string | null }>(await admin.request.get(`/api/collections/${trashed.id}`, { headers: admin.headers })))
        .deletedAt,
    ).toBeNull();

    // Delete permanently: only once the name is typed.
    await page.getByRole('button', { name: `Delete permanently ${purged.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this collection permanently?' });
    await expect(dialog.getByRole('button', { name: 'Delete permanently' })).toBeDisabled();
    await dialog.getByLabel(/Type .* to confirm/).fill(purged.name);
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(page.getByText(`“${purged.name}” is deleted permanently`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: purged.name })).toHaveCount(0);
    expect((await admin.request.get(`/api/collections/${purged.id}?includeDeleted=true`, { headers: admin.headers })).status()).toBe(404);
  },
);
