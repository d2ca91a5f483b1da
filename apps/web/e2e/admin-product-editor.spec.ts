import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { settled, signInByApi, snap, accessToken, keyboardSensorListening } from './helpers';
import { expectAxeClean } from './axe';

// The product editor (issue 10): create with an uploaded image, live SKU check, server 409 on the
// field, the unsaved-changes guard, save / move to trash / undo, and one flow by keyboard alone.
// Every test makes its own pieces (unique names and SKUs): two projects share one database.

type Product = {
  id: string;
  name: string;
  sku: string;
  slug: string;
  price: { amount: number } | null;
  stockQuantity: number;
  status: string;
  gemstone: { type: string; carat: number | null } | null;
  images: { alt: string; url: string; width: number; height: number; srcset: { url: string }[] }[];
  deletedAt: string | null;
};

const tag = () => randomBytes(4).toString('hex').toUpperCase();

// ---------- A PNG made here: no binary fixture to keep in the repository ----------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A width×height RGB gradient PNG (the files API decides the type by these bytes). */
function makePng(width: number, height: number, tint: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const shade = Math.round((x / width) * 60 + (y / height) * 60);
      rows.set([Math.min(255, tint[0] + shade), Math.min(255, tint[1] + shade), Math.min(255, tint[2] + shade)], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Drops a file on an element the way a browser does for a drag from the desktop. */
async function dropFile(page: Page, target: Locator, name: string, bytes: Buffer): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i += 1) data[i] = binary.charCodeAt(i);
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: 'image/png' }));
      return transfer;
    },
    { name, base64: bytes.toString('base64') },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

// ---------- API helpers (an admin token, one piece made directly) ----------
async function firstId(request: APIRequestContext, path: string, token: string): Promise<string> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { content: { id: string }[] }).content[0]!.id;
}

async function createPiece(request: APIRequestContext, token: string, name: string, sku: string): Promise<Product> {
  const [categoryId, vendorId] = await Promise.all([
    firstId(request, '/api/categories?size=1', token),
    firstId(request, '/api/vendors?size=1', token),
  ]);
  const response = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, sku, categoryId, vendorId, metalType: 'ROSE_GOLD', price: 1_250_000, stockQuantity: 4, status: 'DRAFT' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Product;
}

async function getPiece(request: APIRequestContext, token: string, id: string): Promise<Product> {
  const response = await request.get(`/api/products/${id}?includeDeleted=true`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

/** Picks the first real option of a native select (after its placeholder). */
async function chooseFirst(select: Locator): Promise<void> {
  const value = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(value);
}

async function openEditor(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page);
  await expect(page.getByRole('form', { name: /^(New piece|Edit )/ })).toBeVisible();
}

test(
  'admin creates a piece with uploaded images, then finds it in the table by search',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const id = tag();
    const name = `Editor Aurora ${id}`;
    const sku = `E2E-ED-${id}`;
    await signInByApi(page, 'admin');
    await openEditor(page, '/dashboard/admin/manage-products/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New piece' })).toBeVisible();
    await expect(page.getByTestId('no-image')).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill(name);
    // The slug follows the name while untouched.
    await expect(page.getByLabel('Slug')).toHaveValue(`editor-aurora-${id.toLowerCase()}`);
    await page.getByLabel('SKU', { exact: true }).fill(sku);
    await expect(page.getByTestId('sku-status')).toHaveText('This SKU is free.');
    await page.getByLabel('Description').fill('A rose-gold ring made by the e2e suite.');

    // Two photographs: one dropped on the zone, one through the file button. The network is slowed
    // for the first so its progress bar can be seen.
    let isSlow = true;
    await page.route('**/api/files/upload', async (route) => {
      if (isSlow) await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await dropFile(page, page.getByTestId('image-drop-zone'), 'front.png', makePng(640, 800, [180, 150, 110]));
    await expect(page.getByRole('progressbar', { name: 'Uploading front.png' })).toBeVisible();
    await page.getByTestId('image-upload').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snap(page, testInfo, 'product-editor-uploading');
    isSlow = false;
    const images = page.getByTestId('product-image');
    await expect(images).toHaveCount(1, { timeout: 20_000 });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose images' }).click();
    await (await chooser).setFiles({ name: 'side.png', mimeType: 'image/png', buffer: makePng(600, 600, [90, 90, 110]) });
    await expect(images).toHaveCount(2, { timeout: 20_000 });
    await expect(page.getByTestId('image-upload')).toHaveCount(0);
    await expect(page.getByText('Main image')).toBeVisible();
    // The alt text starts as the piece's name; give each its own, then reorder with the buttons.
    await page.getByLabel('Alt text, image 1').fill('Front view');
    await page.getByLabel('Alt text, image 2').fill('Side view');
    await page.getByRole('button', { name: 'Move image 2 left' }).click();
    await expect(page.getByLabel('Alt text, image 1')).toHaveValue('Side view');
    await expect(page.getByLabel('Alt text, image 2')).toHaveValue('Front view');
    await expect(page.getByRole('button', { name: 'Move image 1 left' })).toBeDisabled();
    // The drag handle sorts by keyboard too (dnd-kit's keyboard sensor): pick up, move right, drop.
    // (Centred first: near the viewport's edge the sensor scrolls the page rather than move the image.)
    await images.first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.getByRole('button', { name: 'Drag image 1 to reorder' }).focus();
    // Each step waits for what the library announces to screen readers, as a person would hear it.
    const announcer = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await expect(announcer).toHaveText('Picked up image 1 of 2.');
    await keyboardSensorListening(page);
    await page.keyboard.press('ArrowRight');
    await expect(announcer).toHaveText('Image 1 is over position 2.');
    await page.keyboard.press('Space');
    await expect(announcer).toHaveText('Image 1 moved to position 2.');
    await expect(page.getByLabel('Alt text, image 1')).toHaveValue('Front view');
    await page.getByRole('button', { name: 'Move image 2 left' }).click();
    await expect(page.getByLabel('Alt text, image 1')).toHaveValue('Side view');

    await page.getByRole('radio', { name: 'Set with a stone' }).check();
    await page.getByLabel('Stone', { exact: true }).fill('Diamond');
    await page.getByLabel('Carat').fill('1.25');
    await page.getByLabel('Cut').fill('Oval');
    await page.getByLabel('Price', { exact: true }).fill('24,500');
    await expect(page.getByText('€24,500 on the site')).toBeVisible();
    await page.getByLabel('Stock', { exact: true }).fill('3');
    await page.getByLabel('Status').selectOption('ACTIVE');
    await chooseFirst(page.getByLabel('Category'));
    await page.getByLabel('Metal').selectOption('ROSE_GOLD');
    await chooseFirst(page.getByLabel('Vendor'));
    await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
    await expectAxeClean(page);
    await snap(page, testInfo, 'product-editor-new-filled');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/manage-products\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status').filter({ hasText: `“${name}” was created.` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name: /View on site/ })).toHaveAttribute('href', /^\/products\/[0-9a-f-]{36}$/);
    await expect(images).toHaveCount(2);
    await expect(page.getByTestId('save-state')).toContainText('Saved');
    await snap(page, testInfo, 'product-editor-saved');

    // What was saved, as the API has it: minor units, the stone, the images in their order with their renditions.
    const token = await accessToken(request, 'admin');
    const productId = page.url().split('/').pop()!;
    const saved = await getPiece(request, token, productId);
    expect(saved).toMatchObject({
      name,
      sku,
      price: { amount: 2_450_000 },
      stockQuantity: 3,
      status: 'ACTIVE',
      gemstone: { type: 'Diamond', carat: 1.25 },
    });
    expect(saved.images.map((i) => i.alt)).toEqual(['Side view', 'Front view']);
    expect(saved.images[0]!.url).toMatch(/^\/api\/files\/mirror-storage\/products\/uploads\/[0-9a-f-]{36}-w\d+\.webp$/);
    expect(saved.images[1]!.height / saved.images[1]!.width).toBeCloseTo(800 / 640, 2);
    const served = await request.get(saved.images[0]!.url);
    expect(served.headers()['content-type']).toBe('image/webp');

    // The table finds it by its name.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/manage-products/);
    await page.getByLabel('Search', { exact: true }).fill(name);
    await expect(page).toHaveURL(/[?&]q=Editor/);
    await expect(page.getByText(/\bmatch(es)? for “Editor Aurora/)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: sku })).toHaveCount(1, { timeout: 15_000 });
    await snap(page, testInfo, 'product-editor-found-in-table');
  },
);

test('a SKU already in use is flagged while typing and on save', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const id = tag();
  const token = await accessToken(request, 'admin');
  const taken = await createPiece(request, token, `Editor Holder ${id}`, `E2E-DUP-${id}`);
  await signInByApi(page, 'admin');
  await openEditor(page, '/dashboard/admin/manage-products/new');

  await page.getByLabel('Name', { exact: true }).fill(`Editor Twin ${id}`);
  // Case does not make a SKU different.
  const skuField = page.getByLabel('SKU', { exact: true });
  await skuField.fill(taken.sku.toLowerCase());
  await expect(page.getByText('Another piece already uses this SKU.')).toBeVisible();
  await expect(skuField).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Price', { exact: true }).fill('900');
  await chooseFirst(page.getByLabel('Category'));
  await page.getByLabel('Metal').selectOption('SILVER');
  await chooseFirst(page.getByLabel('Vendor'));
  await page.getByRole('button', { name: 'Save' }).click();
  // The 409 lands on the field, in plain words; nothing was created.
  await expect(
    page.getByText('Another piece already uses this SKU (a piece in the Trash keeps its SKU). Choose another one.'),
  ).toBeVisible();
  await expect(skuField).toBeFocused();
  await expect(page).toHaveURL(/\/manage-products\/new$/);
  await expectAxeClean(page);
  await snap(page, testInfo, 'product-editor-duplicate-sku');

  // A free SKU clears it and the piece is created.
  await skuField.fill(`E2E-TWIN-${id}`);
  await expect(page.getByTestId('sku-status')).toHaveText('This SKU is free.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/manage-products\/[0-9a-f-]{36}$/);
});

test('editing: leaving with unsaved changes asks; save; move to trash and undo', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const id = tag();
  const token = await accessToken(request, 'admin');
  const piece = await createPiece(request, token, `Editor Edit ${id}`, `E2E-EDIT-${id}`);
  await signInByApi(page, 'admin');
  await openEditor(page, `/dashboard/admin/manage-products/${piece.id}`);
  await expect(page.getByRole('heading', { level: 1, name: piece.name })).toBeVisible();
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('12500');
  // A saved piece keeps its slug when the name changes.
  await page.getByLabel('Name', { exact: true }).fill(`Editor Edited ${id}`);
  await expect(page.getByLabel('Slug')).toHaveValue(piece.slug);

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expectAxeClean(page);
  await snap(page, testInfo, 'product-editor-unsaved-guard');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/manage-products/${piece.id}$`));
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Editor Edited ${id}`);

  // Switch to a price range and save.
  await page.getByRole('radio', { name: 'On request, within a range' }).check();
  await page.getByLabel('Price from').fill('10,000');
  await page.getByLabel('Price to').fill('18,000');
  await page.getByLabel('Stock', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
  await expect(page.getByTestId('save-state')).toContainText('Saved');
  const saved = await getPiece(request, token, piece.id);
  expect(saved).toMatchObject({
    name: `Editor Edited ${id}`,
    price: null,
    priceRange: { min: 1_000_000, max: 1_800_000 },
    stockQuantity: 7,
  });

  // Saved: leaving no longer asks. Move it to the Trash instead, then undo from the table.
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/manage-products$/);
  const toast = page.getByRole('status').filter({ hasText: 'was moved to the Trash.' });
  await expect(toast).toBeVisible();
  expect((await getPiece(request, token, piece.id)).deletedAt).not.toBeNull();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was restored.' })).toBeVisible();
  expect((await getPiece(request, token, piece.id)).deletedAt).toBeNull();
});

test('an unknown piece says so, with a way back', { tag: '@desk' }, async ({ page }, testInfo) => {
  await signInByApi(page, 'admin');
  await page.goto('/dashboard/admin/manage-products/00000000-0000-4000-8000-000000000000');
  await settled(page);
  await expect(page.getByText('This piece does not exist')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the products' })).toHaveAttribute('href', '/dashboard/admin/manage-products');
  await expectAxeClean(page);
  await snap(page, testInfo, 'product-editor-not-found');
});

test('a failed load shows the error and a retry that works', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  const id = tag();
  const piece = await createPiece(request, await accessToken(request, 'admin'), `Editor Retry ${id}`, `E2E-RETRY-${id}`);
  // The API is down (the query's own retries fail too) until the person presses Try again.
  let isDown = true;
  await page.route(`**/api/products/${piece.id}?**`, async (route) => {
    if (!isDown || route.request().method() !== 'GET') return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 503, error: 'Service Unavailable', code: 'UNAVAILABLE', message: 'The catalog is resting.' }),
    });
  });
  await signInByApi(page, 'admin');
  await page.goto(`/dashboard/admin/manage-products/${piece.id}`);
  await settled(page);
  const error = page.getByTestId('query-error');
  await expect(error).toContainText('This piece could not be loaded', { timeout: 15_000 });
  await expect(error).toContainText('The catalog is resting.');
  await snap(page, testInfo, 'product-editor-load-error');
  isDown = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: piece.name })).toBeVisible();
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue(piece.sku);
});

test('a piece created with the keyboard alone', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const id = tag();
  const name = `Editor Keys ${id}`;
  await signInByApi(page, 'admin');
  await openEditor(page, '/dashboard/admin/manage-products/new');

  /** Presses Tab until the element has focus (as a person tabbing through the page). */
  const tabTo = async (target: Locator, max = 60) => {
    for (let i = 0; i < max; i += 1) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('Tab never reached the field');
  };
  await page.locator('body').focus();
  await tabTo(page.getByLabel('Name', { exact: true }));
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Slug')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('SKU', { exact: true })).toBeFocused();
  await page.keyboard.type(`E2E-KEY-${id}`);
  await tabTo(page.getByLabel('Price', { exact: true }));
  await page.keyboard.type('3,200');
  await tabTo(page.getByLabel('Stock', { exact: true }));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2');
  for (const label of ['Category', 'Metal', 'Vendor']) {
    const select = page.getByLabel(label, { exact: true });
    await tabTo(select);
    await page.keyboard.press('ArrowDown');
    await expect(select).not.toHaveValue('');
  }
  await tabTo(page.getByRole('button', { name: 'Save' }));
  await snap(page, testInfo, 'product-editor-keyboard');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manage-products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const token = await accessToken(request, 'admin');
  const saved = await getPiece(request, token, page.url().split('/').pop()!);
  expect(saved).toMatchObject({ name, sku: `E2E-KEY-${id}`, price: { amount: 320_000 }, stockQuantity: 2, status: 'DRAFT' });
});
