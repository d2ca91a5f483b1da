import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { measure } from './canvas-measure';
import { settled, snap, withoutWebGL } from './helpers';
import { expectAxeClean } from './axe';

type Piece = { id: string; name: string; sku: string; images: { variant: string }[] };
type CollectionSummary = { id: string; name: string; season: string; year: number; coverImage: unknown };

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A seeded ring with at least a front and a detail render: a ring fills the turntable the same way
 * whatever else the catalogue holds (the first piece by name may be a fine chain on a fresh database,
 * or a band another suite created on a shared one: the demo's own rings come first, by their SKUs).
 */
const SEEDED = /^MIR-/;

async function pieceWithViews(request: APIRequestContext): Promise<Piece> {
  const response = await request.get('/api/products?size=100&sort=name,asc');
  expect(response.ok()).toBe(true);
  const { content } = (await response.json()) as { content: Piece[] };
  const piece =
    content.find((p) => SEEDED.test(p.sku) && p.images.length >= 2 && /\b(ring|solitaire)\b/i.test(p.name)) ??
    content.find((p) => p.images.length >= 2);
  expect(piece, 'the demo catalogue has a piece with two studio images').toBeTruthy();
  return piece!;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * This headless browser draws WebGL in software (SwiftShader), where the turntable waits to be asked
 * (decision 0108). Before the page's scripts, WebGL here names a phone's GPU instead (the renderer's
 * unmasked name, the one thing the turntable reads it from), so the scene takes the GPU's path: it starts
 * once the page is idle and turns by itself. The drawing itself is the same software GL.
 */
async function asIfOnAGpu(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const UNMASKED_RENDERER_WEBGL = 0x9246;
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- kept unbound on purpose: called with .call(this) on each context
      const original = proto.getParameter;
      proto.getParameter = function (this: WebGLRenderingContext, name: number): unknown {
        return name === UNMASKED_RENDERER_WEBGL
          ? 'ANGLE (Qualcomm, Adreno (TM) 650, OpenGL ES 3.2)'
          : (original.call(this, name) as unknown);
      } as typeof original;
    }
    // The graphics probe asks a worker first (decision 0125), whose contexts an init script cannot reach: without
    // OffscreenCanvas it asks the page's own, which say a GPU.
    Reflect.deleteProperty(window, 'OffscreenCanvas');
  });
}

/** Whether three.js has been loaded into the page (it marks the window with its revision). */
function threeLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => '__THREE__' in window);
}

/** The mark three.js's USDZExporter leaves in its code and in every file it writes (the USD layer's creator). */
const USDZ_EXPORTER = 'Three.js USDZExporter';

/** Which of `scripts` (URLs the page fetched) hold the USDZ exporter: told by content, chunk names say nothing. */
async function scriptsWithExporter(page: Page, scripts: Iterable<string>): Promise<string[]> {
  const found: string[] = [];
  for (const url of new Set(scripts)) {
    if ((await (await page.request.get(url)).text()).includes(USDZ_EXPORTER)) found.push(new URL(url).pathname);
  }
  return found;
}

/** The model is loaded and drawn: the poster and the progress bar are gone. */
async function waitForModel(page: Page): Promise<void> {
  await expect(page.getByTestId('turntable-stage')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('turntable-progress')).toHaveCount(0);
}

async function expectDrawn(page: Page, png: Buffer): Promise<void> {
  const { colours, drawn } = await measure(page, png);
  expect(colours, 'the piece is drawn, not a flat canvas').toBeGreaterThan(30);
  expect(drawn, 'the piece fills a fair part of the stage').toBeGreaterThan(0.04);
}

async function changedShare(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return (await measure(page, a, b)).changed;
}

/** The text on the stage that names the view in front ('Front · 1 / 2'). */
function stageStatus(page: Page) {
  return page.getByTestId('stage-status');
}

test.describe('/view-360', () => {
  test('shows the piece in 3D on a turntable, lit, with the metal switch, drag and keys; links back', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const piece = await pieceWithViews(request);
    const errors = watchConsole(page);
    // On a GPU the scene starts by itself once the page is idle; reduced motion: it does not turn by
    // itself, so every change of the picture below comes from the visitor.
    await asIfOnAGpu(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const firstModel = page.waitForRequest((r) => r.url().endsWith(`/api/products/${piece.id}/model.glb`));
    await page.goto(`/view-360?product=${piece.id}`);
    // The scene starts right after the page is live and idle; its setup (environment map, shaders) holds
    // this software GL's main thread for seconds on a loaded machine, longer than settled() polls for:
    // the model drawn first, then the page's readiness.
    await waitForModel(page);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: piece.name })).toBeVisible();
    await expect(page).toHaveTitle(`${piece.name}, up close — Mirror`);
    await expect(page.getByTestId('view-price')).toHaveText(/€[\d,]+|Price on request/);
    await firstModel;
    const stage = page.getByRole('img', { name: new RegExp(`^${escapeRegExp(piece.name)}, 3D view`) });
    await expect(stage).toHaveAttribute('tabindex', '0');
    await expect(stage).toHaveAttribute('data-graphics', 'hardware');
    await waitForModel(page);
    await expect(stage).toHaveAttribute('data-auto-rotate', 'false');
    // No "View in your space" in a desktop or headless browser.
    await expect(page.getByRole('link', { name: 'View in your space' })).toHaveCount(0);

    const canvas = page.getByTestId('turntable-canvas');
    const still = await canvas.screenshot();
    await expectDrawn(page, still);
    await page.waitForTimeout(1200);
    expect(await changedShare(page, still, await canvas.screenshot()), 'reduced motion: the turntable stands still').toBeLessThan(0.002);
    await page.evaluate(() => document.fonts.ready);
    await snap(page, testInfo, 'view-360-turntable');

    // The metal switch: radio buttons, reachable by keyboard; it asks for the model in that metal.
    const metals = page.getByRole('radiogroup', { name: 'Metal' });
    await expect(metals.getByRole('radio')).toHaveCount(5);
    const own = metals.getByRole('radio', { checked: true });
    await expect(own).toHaveCount(1);
    const rose = page.waitForRequest((r) => r.url().endsWith(`/api/products/${piece.id}/model.glb?metal=ROSE_GOLD`));
    await metals.getByRole('radio', { name: 'Rose gold' }).check();
    await rose;
    await waitForModel(page);
    await page.waitForTimeout(300);
    const roseShot = await canvas.screenshot();
    await expectDrawn(page, roseShot);
    // The metal's pixels change, and towards rose: more than the stillness above allows, and warmer (red over green) by
    // a clear step wherever they changed — whatever share of the piece is metal (a solitaire is mostly its stone).
    const rosed = await measure(page, still, roseShot);
    expect(rosed.changed, 'the metal switch changes the picture').toBeGreaterThan(0.004);
    expect(rosed.warmer, `the piece is shown in rose gold (${(rosed.changed * 100).toFixed(2)} % of the stage changed)`).toBeGreaterThan(8);
    await snap(page, testInfo, 'view-360-rose-gold');
    await metals.getByRole('radio', { name: 'Rose gold' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(metals.getByRole('radio', { name: 'Platinum' })).toBeChecked();
    await waitForModel(page);
    await metals.getByRole('radio', { name: 'Rose gold' }).check();
    await waitForModel(page);
    await page.waitForTimeout(300);

    // Dragging turns the piece.
    const before = await canvas.screenshot();
    const box = (await canvas.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, y, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(800);
    const dragged = await canvas.screenshot();
    expect(await changedShare(page, before, dragged), 'a drag turns the piece').toBeGreaterThan(0.01);

    // The arrow keys turn it too.
    await stage.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(800);
    expect(await changedShare(page, dragged, await canvas.screenshot()), 'the arrow keys turn the piece').toBeGreaterThan(0.01);

    await expectAxeClean(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
      'href',
      `/contact?${new URLSearchParams({ appointment: '1', piece: piece.name }).toString()}`,
    );
    await main.getByRole('link', { name: 'Back to the piece' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${piece.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: piece.name })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('on a GPU it starts once the page is idle and turns by itself until touched', async ({ page, request }) => {
    test.setTimeout(120_000);
    const piece = await pieceWithViews(request);
    await asIfOnAGpu(page);
    await page.goto(`/view-360?product=${piece.id}`);
    // As above: the model drawn first (the scene's setup holds the main thread), then the page's readiness.
    await waitForModel(page);
    await settled(page);
    const stage = page.getByTestId('turntable-stage');
    await expect(stage).toHaveAttribute('data-graphics', 'hardware');
    await expect(page.getByTestId('turntable-hint')).toHaveCount(0);
    await expect(stage).toHaveAttribute('data-auto-rotate', 'true');
    const canvas = page.getByTestId('turntable-canvas');
    const first = await canvas.screenshot();
    // It keeps turning: the picture moves away from the first one (slowly, on a busy software GPU).
    await expect
      .poll(async () => changedShare(page, first, await canvas.screenshot()), {
        message: 'the turntable turns',
        timeout: 30_000,
        intervals: [1_500],
      })
      .toBeGreaterThan(0.01);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await expect(stage).toHaveAttribute('data-auto-rotate', 'false');
  });

  test('drawn in software it waits on the studio image until asked, then turns by drag, not by itself', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const piece = await pieceWithViews(request);
    const errors = watchConsole(page);
    let modelAsked = false;
    const scripts: string[] = [];
    page.on('request', (r) => {
      modelAsked ||= r.url().includes('model.glb');
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`/view-360?product=${piece.id}`);
    await settled(page);
    const stage = page.getByTestId('turntable-stage');
    await expect(stage).toHaveAttribute('data-graphics', 'software');
    await expect(stage).toHaveAttribute('data-state', 'waiting');
    // The page has long been idle: on a GPU the scene would have started by now.
    await page.waitForTimeout(2500);
    await expect(stage).toHaveAttribute('data-state', 'waiting');
    expect(modelAsked, 'no model is fetched before the visitor asks').toBe(false);
    expect(await threeLoaded(page), 'three.js is not loaded before the visitor asks').toBe(false);
    // The still: the studio image, with a word on how to turn it; nothing says anything is missing.
    await expect(stage.locator('img')).toBeVisible();
    await expect(page.getByTestId('turntable-hint')).toHaveText('Drag to turn in 3D');
    await expect(page.getByTestId('turntable-progress')).toHaveCount(0);
    await expect(page.getByTestId('turntable-fallback')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await snap(page, testInfo, 'view-360-waiting');

    // A touch asks: the scene loads and shows the piece, standing still.
    const canvas = page.getByTestId('turntable-canvas');
    const box = (await canvas.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.up();
    await waitForModel(page);
    expect(await threeLoaded(page)).toBe(true);
    await expect(stage).toHaveAttribute('data-auto-rotate', 'false');
    await expect(page.getByTestId('turntable-hint')).toHaveCount(0);
    await page.waitForTimeout(800);
    const still = await canvas.screenshot();
    await expectDrawn(page, still);
    await page.waitForTimeout(1500);
    const later = await canvas.screenshot();
    expect(await changedShare(page, still, later), 'it does not turn by itself').toBeLessThan(0.002);

    // A drag turns it.
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, y, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(800);
    expect(await changedShare(page, later, await canvas.screenshot()), 'a drag turns the piece').toBeGreaterThan(0.01);
    await expectAxeClean(page);
    // No Quick Look here: its USDZ exporter is never fetched, and there is no "View in your space".
    expect(await scriptsWithExporter(page, scripts), 'the USDZ exporter stays off browsers without Quick Look').toEqual([]);
    await expect(page.getByRole('link', { name: 'View in your space' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('while the model is on its way a progress bar says how far it is, over the studio image; then the piece', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const piece = await pieceWithViews(request);
    const errors = watchConsole(page);
    // The model's answer is held until the bar has been read: a slow network, made to measure.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let onRequested!: () => void;
    const requested = new Promise<void>((resolve) => (onRequested = resolve));
    await page.route('**/model.glb*', async (route) => {
      const response = await route.fetch();
      onRequested();
      await held;
      await route.fulfill({ response });
    });
    await page.goto(`/view-360?product=${piece.id}`);
    await settled(page);
    const stage = page.getByTestId('turntable-stage');
    // Drawn in software here: the scene and its model come when the visitor asks (a tap on the stage).
    await stage.click();
    await requested;
    const progress = page.getByRole('progressbar', { name: `Loading the 3D view of ${piece.name}` });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
    const now = Number(await progress.getAttribute('aria-valuenow'));
    expect(now).toBeGreaterThanOrEqual(0);
    expect(now).toBeLessThanOrEqual(100);
    await expect(stage).toHaveAttribute('data-state', 'loading');
    await expect(stage.locator('img'), 'the studio image stays while the model is on its way').toBeVisible();
    // However long the model takes, the bar stays until it is there.
    await page.waitForTimeout(1500);
    await expect(progress).toBeVisible();
    release();
    await expect(progress).toHaveCount(0, { timeout: 60_000 });
    await expect(stage).toHaveAttribute('data-state', 'ready');
    expect(errors).toEqual([]);
  });

  test('on iOS (a link that supports rel="ar") "View in your space" opens Quick Look on a USDZ written in the page', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const piece = await pieceWithViews(request);
    const errors = watchConsole(page);
    // What Safari on iOS answers, and Chromium does not: links support rel="ar" (Quick Look).
    await page.addInitScript(() => {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- kept unbound on purpose: called with .call(this) on each list
      const original = DOMTokenList.prototype.supports;
      DOMTokenList.prototype.supports = function (this: DOMTokenList, token: string) {
        return token === 'ar' || original.call(this, token);
      };
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`/view-360?product=${piece.id}`);
    await settled(page);
    const link = page.getByRole('link', { name: 'View in your space' });
    // Before the piece is drawn: no link, and nothing of the exporter fetched.
    await expect(link).toHaveCount(0);
    expect(await scriptsWithExporter(page, scripts), 'the exporter is not in the first load').toEqual([]);

    await page.getByTestId('turntable-stage').click();
    await waitForModel(page);
    await expect(link).toHaveAttribute('rel', 'ar', { timeout: 60_000 });
    await expect(link).toHaveAttribute('href', /^blob:/);
    // Quick Look opens a rel="ar" link whose one child element is an image.
    expect(await link.evaluate((a) => [...a.children].map((c) => c.tagName))).toEqual(['IMG']);
    expect(await link.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect((await scriptsWithExporter(page, scripts)).length, 'the exporter came once Quick Look was offered').toBe(1);
    await page.evaluate(() => document.fonts.ready);
    await snap(page, testInfo, 'view-360-quick-look');

    // The link is the file itself: a USDZ (a zip whose first entry is the USD layer, stored), of this piece's meshes.
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const usdz = readFileSync(await download.path());
    expect(usdz.subarray(0, 4).toString('latin1'), 'a zip').toBe('PK\x03\x04');
    const firstName = usdz.subarray(30, 30 + usdz.readUInt16LE(26)).toString('latin1');
    expect(firstName).toBe('model.usda');
    const layer = usdz.toString('latin1');
    expect(layer).toContain('#usda 1.0');
    expect(layer).toContain(`creator = "${USDZ_EXPORTER}"`);
    expect(layer).toContain('metersPerUnit = 1');
    expect(layer).toContain('token preliminary:anchoring:type = "plane"');
    expect(layer.match(/def Mesh "/g)?.length ?? 0, "the piece's meshes are in it").toBeGreaterThan(0);
    expect(layer).toContain('def Material "');
    expect(usdz.length).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
  });

  test(
    'a piece whose model fails shows its studio images and says so; arrow keys, view buttons and a drag ' + 'switch views',
    async ({ page, request }, testInfo) => {
      const piece = await pieceWithViews(request);
      const errors = watchConsole(page);
      await page.route('**/model.glb*', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ status: 404, code: 'NOT_FOUND', message: 'Not found' }),
        }),
      );
      await page.goto(`/view-360?product=${piece.id}`);
      await settled(page);
      // Drawn in software here: the scene, and its model, come when the visitor asks (a tap on the stage).
      await page.getByTestId('turntable-stage').click();
      await expect(page.getByTestId('turntable-fallback')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('The 3D view of this piece is not available just now: here are its studio images.')).toBeVisible();
      await expect(page.getByTestId('turntable-canvas')).toHaveCount(0);
      const stage = page.getByRole('region', { name: `Views of ${piece.name}` });
      await expect(stage.locator('img[alt]:not([alt=""])')).toHaveCount(1);
      await expect(stageStatus(page)).toHaveText(/^Front · 1 \/ \d$/);
      await expect(stage.getByRole('button', { name: 'Front' })).toHaveAttribute('aria-pressed', 'true');
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(800);
      await snap(page, testInfo, 'view-360-fallback');

      await page.keyboard.press('ArrowRight');
      await expect(stageStatus(page)).toHaveText(/^Detail · 2 \/ \d$/);
      await expect(stage.getByRole('button', { name: 'Detail' })).toHaveAttribute('aria-pressed', 'true');
      await expect(stage.getByRole('img', { name: /detail/i })).toBeVisible();
      await page.keyboard.press('ArrowLeft');
      await expect(stageStatus(page)).toHaveText(/^Front · 1 \//);

      await stage.getByRole('button', { name: 'Detail' }).click();
      await expect(stageStatus(page)).toHaveText(/^Detail · 2 \//);
      await stage.getByRole('button', { name: 'Next view' }).click();
      await expect(stageStatus(page)).not.toHaveText(/^Detail · 2 \//);

      // Dragging the piece to the left brings the next view in; a short nudge does nothing.
      const box = (await page.getByTestId('studio-stage').locator('[data-draggable]').boundingBox())!;
      const y = box.y + box.height / 2;
      const before = await stageStatus(page).textContent();
      await page.mouse.move(box.x + box.width * 0.5, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5 - 10, y);
      await page.mouse.up();
      await expect(stageStatus(page)).toHaveText(before!);
      await page.mouse.move(box.x + box.width * 0.7, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
      await page.mouse.up();
      await expect(stageStatus(page)).not.toHaveText(before!);
      await expectAxeClean(page);
      // The only error is the failed model request itself.
      expect(errors.filter((e) => !/Failed to load resource.*404/.test(e))).toEqual([]);
    },
  );

  test('without WebGL the studio images show, with a sentence', async ({ page, request }) => {
    const piece = await pieceWithViews(request);
    await withoutWebGL(page);
    let asked = false;
    page.on('request', (r) => (asked ||= r.url().includes('model.glb')));
    await page.goto(`/view-360?product=${piece.id}`);
    await settled(page);
    await expect(page.getByText('Your browser cannot show this piece in 3D: here are its studio images.')).toBeVisible();
    await expect(page.getByRole('region', { name: `Views of ${piece.name}` }).locator('img[alt]:not([alt=""])')).toHaveCount(1);
    await expect(page.getByTestId('turntable-canvas')).toHaveCount(0);
    expect(asked, 'no model is fetched without WebGL').toBe(false);
  });

  test('without a piece it says how to choose one; an unknown or malformed piece is not found; each offers the collections', async ({
    page,
  }, testInfo) => {
    const main = page.getByRole('main');
    await page.goto('/view-360');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a piece to see it up close' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Browse the pieces' })).toHaveAttribute('href', '/products');
    await expect(main.getByRole('link', { name: 'See the collections' })).toHaveAttribute('href', '/collections');
    await expectAxeClean(page);
    await snap(page, testInfo, 'view-360-no-piece');

    // An id no piece has, and one that is no id at all.
    for (const product of ['00000000-0000-4000-8000-000000000000', 'not-a-piece']) {
      await page.goto(`/view-360?product=${product}`);
      await settled(page);
      await expect(page.getByRole('heading', { level: 1, name: 'This piece could not be found' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Browse the pieces' })).toHaveAttribute('href', '/products');
      await expect(main.getByRole('link', { name: 'See the collections' })).toHaveAttribute('href', '/collections');
      await expect(main, 'the id itself is never shown').not.toContainText(product);
      await expect(page.getByTestId('studio-stage')).toHaveCount(0);
      await expect(page.getByTestId('turntable')).toHaveCount(0);
    }
    await snap(page, testInfo, 'view-360-not-found');
    await main.getByRole('link', { name: 'See the collections' }).click();
    await expect(page).toHaveURL(/\/collections$/);
  });
});

test.describe('/immersive-showroom', () => {
  test('walks through the featured collections, each with its cover, season, link and pieces', async ({ page, request }, testInfo) => {
    const response = await request.get('/api/collections/featured?size=12&sort=year,desc');
    expect(response.ok()).toBe(true);
    const featured = ((await response.json()) as { content: CollectionSummary[] }).content;
    expect(featured.length).toBeGreaterThan(0);
    const errors = watchConsole(page);

    await page.goto('/immersive-showroom');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('After dark, the collections');
    await expect(page).toHaveTitle('Immersive Showroom — Mirror');
    const rooms = page.getByTestId('showroom-collection');
    await expect(rooms).toHaveCount(featured.length);
    // The page is the dark room (docs/product.md §2: navbar yes, footer no).
    await expect(page.getByTestId('showroom')).toHaveCSS('background-color', 'rgb(11, 11, 12)');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    for (const [i, collection] of featured.entries()) {
      const room = rooms.nth(i);
      await expect(room.getByRole('heading', { level: 2, name: collection.name })).toBeVisible();
      const season = collection.season.charAt(0) + collection.season.slice(1).toLowerCase();
      await expect(room.getByText(`${season} ${collection.year}`, { exact: true })).toBeVisible();
      const link = room.getByRole('link', { name: /^Discover the collection/ });
      await expect(link).toHaveAccessibleName(new RegExp(`${collection.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(link).toHaveAttribute('href', `/collections/${collection.id}`);
      if (collection.coverImage) {
        const cover = room.locator('img').first();
        await cover.scrollIntoViewIfNeeded();
        await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }
    }
    const firstPieces = rooms.first().getByTestId('showroom-pieces');
    await firstPieces.scrollIntoViewIfNeeded();
    await expect(firstPieces.getByTestId('product-card').first()).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAxeClean(page);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(800);
    await snap(page, testInfo, 'showroom-top');
    await rooms.first().getByRole('heading', { level: 2 }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
    await snap(page, testInfo, 'showroom-room');
    await firstPieces.scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
    await snap(page, testInfo, 'showroom-pieces');

    // The closing invitation to the jewelry week: in view, the logo takes its submit variant.
    await expect(page.getByTestId('logo')).toHaveAttribute('data-variant', 'default');
    const submit = page.getByRole('region', { name: 'Your collection could be the next room' });
    await submit.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('logo')).toHaveAttribute('data-variant', 'submit');
    await expect(submit.getByRole('link', { name: 'Submit a portfolio' })).toHaveAttribute('href', '/mirror-in-milan-digital-jewelry-week');
    await page.waitForTimeout(800);
    await snap(page, testInfo, 'showroom-submit');
    // Scrolled away from it, back to the top, the logo is the house's own again; and it comes back with the section.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(submit).not.toBeInViewport();
    await expect(page.getByTestId('logo')).toHaveAttribute('data-variant', 'default');
    await expect(page.getByText('Digital Jewelry Week · Submit')).toHaveCount(0);
    await submit.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('logo')).toHaveAttribute('data-variant', 'submit');
    expect(errors).toEqual([]);
  });
});
