import { expect, test, type APIRequestContext, type Page, type Request, type Response } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { settled, signInByApi, snap, asAdmin, type Admin } from './helpers';
import { expectAxeClean } from './axe';

/**
 * Back-office products table (issue 10): search, inline stock, bulk actions with Undo, the Trash,
 * CSV export and import, keyboard use, and who may open it. Every test makes its own pieces (a
 * unique word in their names and SKUs) and finds them by that word: the suite runs in parallel,
 * at 375 and 1440 px, on one database.
 */

// Each test walks a whole flow, with axe on a dense table: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const PRODUCTS = '/dashboard/admin/manage-products';
const TRASH = '/dashboard/admin/manage-products/trash';

interface Piece {
  id: string;
  name: string;
  sku: string;
  stockQuantity: number;
  isFeatured: boolean;
  deletedAt: string | null;
}

/** A word no other test uses: letters only, so the catalog search reads it as one word. */
function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'q';
  for (let i = 0; i < 9; i += 1) word += letters.charAt(Math.floor(Math.random() * letters.length));
  return word;
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function references(admin: Admin): Promise<{ categoryId: string; vendorId: string }> {
  const categories = await json<{ content: { id: string; isActive: boolean }[] }>(
    await admin.request.get('/api/categories?size=50', { headers: admin.headers }),
  );
  const vendors = await json<{ content: { id: string; isActive: boolean }[] }>(
    await admin.request.get('/api/vendors?size=50', { headers: admin.headers }),
  );
  return { categoryId: categories.content.find((c) => c.isActive)!.id, vendorId: vendors.content.find((v) => v.isActive)!.id };
}

const WORDS = ['Aurore', 'Brume', 'Cendre', 'Dune'];

/** Active pieces of the test's own, named '<Word> <word>', SKU 'E2E-PT-<WORD>-<n>'. */
async function createPieces(admin: Admin, word: string, count: number, extra: Record<string, unknown> = {}): Promise<Piece[]> {
  const { categoryId, vendorId } = await references(admin);
  const pieces: Piece[] = [];
  for (let i = 0; i < count; i += 1) {
    pieces.push(
      await json<Piece>(
        await admin.request.post('/api/products', {
          headers: admin.headers,
          data: {
            name: `${WORDS[i]} ${word}`,
            sku: `E2E-PT-${word}-${i + 1}`.toUpperCase(),
            categoryId,
            vendorId,
            metalType: 'WHITE_GOLD',
            price: 250_000 + i * 10_000,
            stockQuantity: 2,
            status: 'ACTIVE',
            ...extra,
          },
        }),
      ),
    );
  }
  return pieces;
}

async function getPiece(admin: Admin, id: string): Promise<Piece> {
  return json<Piece>(await admin.request.get(`/api/products/${id}?includeDeleted=true`, { headers: admin.headers }));
}

async function openProducts(page: Page, query = ''): Promise<void> {
  await page.goto(`${PRODUCTS}${query}`);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
}

/** Resolves when a products-list request sent after the next stock save has been answered. */
function listRefetchAfterSave(page: Page, timeout = 30_000): Promise<void> {
  // Settles once a list request was sent after the save and no list request is in flight any more
  // (a refetch cancelled by a newer one ends as 'requestfailed', so both endings count).
  return new Promise((resolve, reject) => {
    let saved = false;
    let sentAfterSave = false;
    const inflight = new Set<Request>();
    const isList = (req: Request) => req.method() === 'GET' && /^\/api\/products(\/search)?$/.test(new URL(req.url()).pathname);
    const stop = () => {
      clearTimeout(timer);
      page.off('response', onResponse);
      page.off('request', onRequest);
      page.off('requestfinished', onEnded);
      page.off('requestfailed', onEnded);
    };
    const check = () => {
      if (saved && sentAfterSave && inflight.size === 0) {
        stop();
        resolve();
      }
    };
    const onResponse = (res: Response) => {
      if (res.request().method() === 'PUT' && new URL(res.url()).pathname.endsWith('/stock')) saved = true;
    };
    const onRequest = (req: Request) => {
      if (!isList(req)) return;
      inflight.add(req);
      if (saved) sentAfterSave = true;
    };
    const onEnded = (req: Request) => {
      if (!inflight.delete(req)) return;
      check();
    };
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(
          `the products table did not refetch within ${timeout} ms of the stock save (saved: ${saved}, list requests since: ${sentAfterSave}, in flight: ${inflight.size})`,
        ),
      );
    }, timeout);
    page.on('response', onResponse);
    page.on('request', onRequest);
    page.on('requestfinished', onEnded);
    page.on('requestfailed', onEnded);
  });
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Products' });
}

function row(page: Page, piece: Piece) {
  return page.locator('tr[data-row-id]', { hasText: piece.sku });
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: text });
}

/** RFC 4180, enough for the export: quoted cells with commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (isQuoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n') {
      cells.push(cell.replace(/\r$/, ''));
      rows.push(cells);
      cells = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) rows.push([...cells, cell]);
  return rows;
}

test('finds a piece by search in the table', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  const admin = await asAdmin(request);
  const word = uniqueWord();
  const [piece] = await createPieces(admin, word, 1, { status: 'DRAFT', gemstone: { type: 'Sapphire' } });
  await signInByApi(page, 'admin');
  await openProducts(page);
  await expect(table(page).locator('tr[data-row-id]').first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(row(page, piece!)).toHaveCount(1);
  await expect(table(page).locator('tr[data-row-id]')).toHaveCount(1);
  // A DRAFT piece is listed for the admin, with its status and stone.
  await expect(row(page, piece!)).toContainText(piece!.name);
  await expect(row(page, piece!)).toContainText('Draft');
  await expect(row(page, piece!)).toContainText('Sapphire');
  await expect(page.getByText(`1 match for “${word}”`)).toBeVisible();

  // A typo still finds it (one letter changed in a long word).
  const typo = `${word.slice(0, 5)}${word[5] === 'x' ? 'y' : 'x'}${word.slice(6)}`;
  await page.getByRole('searchbox', { name: 'Search' }).fill(typo);
  await expect(page).toHaveURL(new RegExp(`q=${typo}`));
  await expect(row(page, piece!)).toHaveCount(1);

  // Nothing matches: the empty state offers to clear.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${word}zzzz`);
  await expect(page.getByTestId('empty-state')).toContainText('No pieces match');
  await page.getByTestId('empty-state').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expectAxeClean(page);
  await snap(page, testInfo, 'admin-products-table');
});

test('a failed load says so and tries again', { tag: '@desk' }, async ({ page }, testInfo) => {
  await signInByApi(page, 'admin');
  let isDown = true;
  await page.route(/\/api\/products\?/, (route) =>
    isDown
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 503,
            error: 'Service Unavailable',
            code: 'QUERY_TIMEOUT',
            message: 'The request took too long. Please try again.',
          }),
        })
      : route.continue(),
  );
  await page.goto(PRODUCTS);
  await settled(page);
  const error = page.getByTestId('query-error');
  await expect(error).toContainText('The request took too long. Please try again.');
  await snap(page, testInfo, 'admin-products-error');
  isDown = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(table(page).locator('tr[data-row-id]').first()).toBeVisible({ timeout: 20_000 });
});

test(
  'edits stock inline: +, −, a typed quantity, and a refused change rolled back',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    const admin = await asAdmin(request);
    const word = uniqueWord();
    const [piece] = await createPieces(admin, word, 1);
    await signInByApi(page, 'admin');
    await openProducts(page, `?q=${word}`);
    const stock = page.getByLabel(`Stock of ${piece!.name}`, { exact: true });
    await expect(stock).toHaveValue('2');

    await page.getByRole('button', { name: `Increase stock of ${piece!.name}` }).click();
    await expect(stock).toHaveValue('3');
    await expect.poll(async () => (await getPiece(admin, piece!.id)).stockQuantity).toBe(3);

    await page.getByRole('button', { name: `Decrease stock of ${piece!.name}` }).click();
    await expect(stock).toHaveValue('2');
    await expect.poll(async () => (await getPiece(admin, piece!.id)).stockQuantity).toBe(2);

    await stock.fill('7');
    // The table refetches once the change is saved: wait for that answer, or it could land after the
    // outside sale below and show 0 before the click this test is about.
    const refetched = listRefetchAfterSave(page);
    await stock.press('Enter');
    await expect(stock).toHaveValue('7');
    await expect.poll(async () => (await getPiece(admin, piece!.id)).stockQuantity).toBe(7);
    await refetched;

    // Someone sells the last pieces meanwhile: the table still shows 7, the server has 0.
    await json(await admin.request.put(`/api/products/${piece!.id}/stock`, { headers: admin.headers, data: { quantity: 0 } }));
    await expect(stock).toHaveValue('7');
    await page.getByRole('button', { name: `Decrease stock of ${piece!.name}` }).click();
    await expect(toast(page, /Stock of .* was not changed: Only 0 in stock/)).toBeVisible();
    // Rolled back, then refreshed to the server's real figure; never below zero.
    await expect(stock).toHaveValue('0');
    await expect(page.getByRole('button', { name: `Decrease stock of ${piece!.name}` })).toBeDisabled();
    expect((await getPiece(admin, piece!.id)).stockQuantity).toBe(0);
    await expect(row(page, piece!)).toContainText('Out');
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-products-stock');
  },
);

test('a quantity being typed survives the table refreshing around it', { tag: '@desk' }, async ({ page, request }) => {
  const admin = await asAdmin(request);
  const word = uniqueWord();
  const [piece] = await createPieces(admin, word, 1);
  const { categoryId } = await json<{ categoryId: string }>(
    await admin.request.get(`/api/products/${piece!.id}`, { headers: admin.headers }),
  );
  await signInByApi(page, 'admin');
  await openProducts(page, `?q=${word}`);
  const stock = page.getByLabel(`Stock of ${piece!.name}`, { exact: true });
  await expect(stock).toHaveValue('2');

  // After a stock change the filters' counts and labels are fetched again. Hold that answer until the field
  // is being typed into, then let it bring what a busy back office does meanwhile (here another admin
  // renames the piece's category): the table redraws its columns, and the field must keep what is typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let isHeld = false;
  const renamed = `Renamed ${word}`;
  await page.route(/\/api\/products\/filters(\?|$)/, async (route) => {
    // Only the first refetch is held; any later one goes through.
    if (isHeld) return route.fallback();
    isHeld = true;
    const response = await route.fetch();
    const body = (await response.json()) as { categories?: { value: string; label?: string }[] };
    await held;
    const categories = body.categories?.map((c) => (c.value === categoryId ? { ...c, label: renamed } : c));
    await route.fulfill({ response, json: { ...body, categories } });
  });
  await page.getByRole('button', { name: `Increase stock of ${piece!.name}` }).click();
  await expect.poll(async () => (await getPiece(admin, piece!.id)).stockQuantity).toBe(3);
  await expect(stock).toHaveValue('3');
  await expect.poll(() => isHeld).toBe(true);

  await stock.fill('9');
  release();
  await expect(row(page, piece!)).toContainText(renamed);
  await expect(stock).toHaveValue('9');
  await expect(stock).toBeFocused();
  await page.unrouteAll({ behavior: 'wait' });
  await stock.press('Enter');
  await expect.poll(async () => (await getPiece(admin, piece!.id)).stockQuantity).toBe(9);
});

test('features two pieces in bulk, soft-deletes one and undoes it', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  const admin = await asAdmin(request);
  const word = uniqueWord();
  const [first, second] = await createPieces(admin, word, 2);
  await signInByApi(page, 'admin');
  await openProducts(page, `?q=${word}`);
  await expect(table(page).locator('tr[data-row-id]')).toHaveCount(2);

  await page.getByRole('checkbox', { name: `Select ${first!.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${second!.name}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 selected');
  await snap(page, testInfo, 'admin-products-bulk');
  await bar.getByRole('button', { name: 'Feature', exact: true }).click();
  await expect(toast(page, '2 pieces featured')).toBeVisible();
  await expect(row(page, first!)).toContainText('Featured');
  await expect(row(page, second!)).toContainText('Featured');
  expect((await getPiece(admin, first!.id)).isFeatured).toBe(true);
  expect((await getPiece(admin, second!.id)).isFeatured).toBe(true);
  await expect(bar).toHaveCount(0);

  await page.getByRole('checkbox', { name: `Select ${first!.name}` }).check();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move 1 piece to the Trash?' });
  await expect(dialog).toBeVisible();
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Move to Trash' }).click();
  const deleted = toast(page, '1 piece moved to the Trash');
  await expect(deleted).toBeVisible();
  await expect(row(page, first!)).toHaveCount(0);
  expect((await getPiece(admin, first!.id)).deletedAt).not.toBeNull();

  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, '1 piece restored')).toBeVisible();
  await expect(row(page, first!)).toHaveCount(1);
  expect((await getPiece(admin, first!.id)).deletedAt).toBeNull();
});

test(
  'Trash: restores a piece, and deletes one permanently by typing its SKU (refused while an order holds it)',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    const admin = await asAdmin(request);
    const word = uniqueWord();
    const [toRestore, toDelete, ordered] = await createPieces(admin, word, 3);
    await json(
      await admin.request.post('/api/orders', {
        headers: admin.headers,
        data: { guest: { name: 'Trash Test Client', email: `${word}@example.com` }, lines: [{ productId: ordered!.id, quantity: 1 }] },
      }),
    );
    for (const piece of [toRestore!, toDelete!, ordered!]) {
      const response = await admin.request.delete(`/api/products/${piece.id}`, { headers: admin.headers });
      expect(response.status()).toBe(204);
    }

    await signInByApi(page, 'admin');
    await openProducts(page);
    await page.getByRole('link', { name: 'Trash', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${TRASH}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    const trash = page.getByRole('table', { name: 'Deleted pieces' });
    await expect(trash.locator('tr[data-row-id]')).toHaveCount(3);
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-products-trash');

    await page.getByRole('button', { name: `Restore ${toRestore!.name}` }).click();
    await expect(toast(page, `${toRestore!.name} restored`)).toBeVisible();
    await expect(row(page, toRestore!)).toHaveCount(0);
    expect((await getPiece(admin, toRestore!.id)).deletedAt).toBeNull();

    await page.getByRole('button', { name: `Delete ${toDelete!.name} permanently` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${toDelete!.name} permanently?` });
    const confirm = dialog.getByRole('button', { name: 'Delete permanently' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Type .* to confirm/).fill(toDelete!.sku);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(toast(page, `${toDelete!.name} deleted permanently`)).toBeVisible();
    await expect(row(page, toDelete!)).toHaveCount(0);
    expect((await admin.request.get(`/api/products/${toDelete!.id}?includeDeleted=true`, { headers: admin.headers })).status()).toBe(404);

    // An order refers to this one: refused, in plain words, and the piece stays.
    await page.getByRole('button', { name: `Delete ${ordered!.name} permanently` }).click();
    const refused = page.getByRole('dialog', { name: `Delete ${ordered!.name} permanently?` });
    await refused.getByLabel(/Type .* to confirm/).fill(ordered!.sku);
    await refused.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(refused.getByRole('alert')).toContainText('Orders refer to this piece');
    await snap(page, testInfo, 'admin-products-trash-refused');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, ordered!)).toHaveCount(1);
    expect((await getPiece(admin, ordered!.id)).deletedAt).not.toBeNull();
  },
);

test(
  'exports the current filter as CSV, rows as the API lists them, and a selection',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    const admin = await asAdmin(request);
    const word = uniqueWord();
    const stone = `Stone${word}`;
    const pieces = await createPieces(admin, word, 3, {
      gemstone: { type: stone, carat: 1.2 },
      description: 'Line one, with a comma\nand "quotes"',
    });
    await signInByApi(page, 'admin');
    await openProducts(page, `?stone=${stone}&sort=sku`);
    await expect(table(page).locator('tr[data-row-id]')).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`Stone: ${stone}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const [header, ...rows] = parseCsv(text);
    const sku = header!.indexOf('sku');
    const stoneColumn = header!.indexOf('stoneType');
    const listed = await json<{ content: Piece[]; totalElements: number }>(
      await admin.request.get(`/api/products?stone=${stone}&sort=sku,asc&size=100`, { headers: admin.headers }),
    );
    expect(listed.totalElements).toBe(3);
    expect(rows.map((r) => r[sku])).toEqual(listed.content.map((p) => p.sku));
    expect(rows.every((r) => r[stoneColumn] === stone)).toBe(true);
    expect(rows[0]![header!.indexOf('description')]).toBe('Line one, with a comma\nand "quotes"');
    await expect(toast(page, /Exported 3 pieces/)).toBeVisible();

    await page.getByRole('checkbox', { name: `Select ${pieces[1]!.name}` }).check();
    const [selection] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Export selection' }).click(),
    ]);
    const selected = parseCsv(await readFile(await selection.path(), 'utf8'));
    expect(selected.slice(1).map((r) => r[sku])).toEqual([pieces[1]!.sku]);
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-products-export');
  },
);

test(
  'imports a CSV with one bad row: the dry run names its line, apply creates the rest',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    const admin = await asAdmin(request);
    const word = uniqueWord();
    const { categoryId, vendorId } = await references(admin);
    const sku = (n: number) => `E2E-IMP-${word}-${n}`.toUpperCase();
    const csv = [
      'sku,name,categoryId,vendorId,metalType,price,stockQuantity,status',
      `${sku(1)},Import Aurore ${word},${categoryId},${vendorId},PLATINUM,350000,3,ACTIVE`,
      `${sku(2)},Import Brume ${word},${categoryId},${vendorId},BRONZE,360000,3,ACTIVE`,
      `${sku(3)},Import Cendre ${word},${categoryId},${vendorId},YELLOW_GOLD,370000,1,DRAFT`,
    ].join('\r\n');
    const file = path.join(os.tmpdir(), `import-${word}.csv`);
    await writeFile(file, `${csv}\r\n`);
    const notCsv = path.join(os.tmpdir(), `import-${word}.csv.png`);
    await writeFile(notCsv, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));

    await signInByApi(page, 'admin');
    await openProducts(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const drawer = page.getByRole('dialog', { name: 'Import CSV' });
    await expect(drawer).toBeVisible();

    // A file that is not CSV: a clear message, nothing else.
    await drawer.getByLabel('Choose a CSV file').setInputFiles(notCsv);
    await expect(drawer.getByRole('alert')).toContainText('not a CSV file');

    await drawer.getByLabel('Choose a CSV file').setInputFiles(file);
    await expect(drawer.getByTestId('import-create')).toHaveText('2');
    await expect(drawer.getByTestId('import-update')).toHaveText('0');
    await expect(drawer.getByTestId('import-errors')).toHaveText('1');
    const problems = drawer.getByRole('table', { name: 'Rows with problems' });
    await expect(problems.getByRole('row')).toHaveCount(2);
    await expect(problems.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText('3');
    await expect(problems.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('metalType');
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-products-import-report');
    // Nothing was written by the dry run.
    expect((await admin.request.get(`/api/products/sku/${sku(1)}`, { headers: admin.headers })).status()).toBe(404);

    await drawer.getByRole('button', { name: 'Apply 2 rows, leave out 1 row' }).click();
    await expect(toast(page, 'Import done: 2 pieces created, 0 pieces updated; 1 row left out.')).toBeVisible();
    await expect(drawer).toBeHidden();
    expect((await admin.request.get(`/api/products/sku/${sku(1)}`, { headers: admin.headers })).status()).toBe(200);
    expect((await admin.request.get(`/api/products/sku/${sku(3)}`, { headers: admin.headers })).status()).toBe(200);
    expect((await admin.request.get(`/api/products/sku/${sku(2)}`, { headers: admin.headers })).status()).toBe(404);
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    await expect(table(page).locator('tr[data-row-id]')).toHaveCount(2);
  },
);

test('keyboard only: filter, move with the arrows, open a row with Enter', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  const admin = await asAdmin(request);
  const word = uniqueWord();
  const pieces = await createPieces(admin, word, 3);
  // One of them a DRAFT: the status filter leaves it out.
  await json(await admin.request.put(`/api/products/${pieces[2]!.id}`, { headers: admin.headers, data: { status: 'DRAFT' } }));
  await signInByApi(page, 'admin');
  await openProducts(page);

  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(table(page).locator('tr[data-row-id]')).toHaveCount(3);

  // Tab to the status filter (behind 'Filters' on a phone) and choose Active by typing.
  for (let i = 0; i < 12; i += 1) {
    const label = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      return active?.tagName === 'SELECT'
        ? (document.querySelector(`label[for="${active.id}"]`)?.textContent ?? '')
        : (active?.textContent ?? '');
    });
    if (label === 'Status') break;
    if (label.startsWith('Filters')) await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type('Active');
  await expect(page).toHaveURL(/status=ACTIVE/);
  await expect(table(page).locator('tr[data-row-id]')).toHaveCount(2);

  // On to the table's first row, then down one, then open it.
  for (let i = 0; i < 30; i += 1) {
    const isRow = await page.evaluate(() => document.activeElement?.matches('tr[data-row-id]') ?? false);
    if (isRow) break;
    await page.keyboard.press('Tab');
  }
  const first = await page.evaluate(() => document.activeElement?.getAttribute('data-row-id'));
  expect(first).toBeTruthy();
  await page.keyboard.press('ArrowDown');
  const second = await page.evaluate(() => document.activeElement?.getAttribute('data-row-id'));
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);
  expect(pieces.slice(0, 2).map((p) => p.id)).toContain(second);
  await snap(page, testInfo, 'admin-products-keyboard');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${PRODUCTS}/${second}$`));
});

test('the view lives in the URL: sort, page size and filters come back from a link', { tag: '@desk' }, async ({ page }) => {
  const word = uniqueWord();
  await signInByApi(page, 'admin');
  await openProducts(page);
  await page.getByRole('button', { name: /^SKU/ }).click();
  await expect(page).toHaveURL(/sort=sku/);
  await expect(page.getByRole('columnheader', { name: /SKU/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(page).toHaveURL(/size=50/);

  await page.goto(`${PRODUCTS}?stone=None${word}&sort=-price&size=100`);
  await settled(page);
  await expect(page.getByTestId('empty-state')).toContainText('No pieces match');
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`Stone: None${word}`);
  await expect(page.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByLabel('Rows per page')).toHaveValue('100');
  await page.getByRole('button', { name: `Remove filter Stone: None${word}` }).click();
  await expect(page).not.toHaveURL(/stone=/);
  // A hundred rows with their images and controls: slow to arrive on a busy machine.
  await expect(table(page).locator('tr[data-row-id]').first()).toBeVisible({ timeout: 20_000 });
});

for (const user of ['vendor', 'designer'] as const) {
  test(`a ${user} opening the products table gets the 403 screen`, async ({ page }) => {
    await signInByApi(page, user);
    for (const url of [PRODUCTS, TRASH]) {
      await page.goto(url);
      await settled(page);
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Access reserved' })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    }
  });
}

test('signed out, the products table sends to sign-in', { tag: '@desk' }, async ({ page }) => {
  await page.goto(TRASH);
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fdashboard%2Fadmin%2Fmanage-products%2Ftrash$/);
  await expect(page.getByRole('table')).toHaveCount(0);
});
