import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ARTIFACTS, withoutWebGL } from './helpers';

/**
 * The ring try-on (/ar/rings/{id}) through Chromium's fake camera. Each camera is a still photo
 * from e2e/fixtures/ar (provenance in its README) played in a loop as Motion-JPEG: a file of
 * JPEG frames back to back, which is what `--use-file-for-fake-video-capture=*.mjpeg` reads.
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'ar');
const CAMERAS = path.join(os.tmpdir(), `mirror-ar-e2e-${process.pid}`);

function camera(photo: string): string {
  mkdirSync(CAMERAS, { recursive: true });
  const file = path.join(CAMERAS, photo.replace(/\.jpg$/, '.mjpeg'));
  const jpeg = readFileSync(path.join(FIXTURES, photo));
  writeFileSync(file, Buffer.concat([jpeg, jpeg, jpeg, jpeg]));
  return file;
}

const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A browser of its own whose camera films `photo` (launch arguments cannot change per test in one
 * worker), with the project's viewport and base URL; closed after `run`.
 */
async function withCamera(
  testInfo: TestInfo,
  photo: string,
  options: { isAllowed: boolean },
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const args = [...BASE_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera(photo)}`];
  if (!options.isAllowed) args.push('--deny-permission-prompts');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
  try {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: testInfo.project.use.viewport ?? null,
      permissions: options.isAllowed ? ['camera'] : [],
      acceptDownloads: true,
    });
    await run(await context.newPage());
  } finally {
    await browser.close();
  }
}

/**
 * A screenshot for the record. The hand tracker keeps the main thread busy between frames (very
 * much so on a software GPU), so the screenshot may wait for a gap.
 */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, testInfo.project.name, `${name}.png`), timeout: 120_000 });
}

type Piece = { id: string; name: string; categoryId: string; metalType: string };

/** The demo catalogue's rings and one piece that is not a ring. */
async function catalogue(request: APIRequestContext): Promise<{ ring: Piece; other: Piece }> {
  const products = (await (await request.get('/api/products?size=100&sort=name,asc')).json()) as { content: Piece[] };
  const names = new Map<string, string>();
  for (const id of new Set(products.content.map((p) => p.categoryId))) {
    const category = (await (await request.get(`/api/categories/${id}`)).json()) as { name: string };
    names.set(id, category.name);
  }
  const isRing = (p: Piece) => /ring/i.test(names.get(p.categoryId) ?? '') && !/earring/i.test(names.get(p.categoryId) ?? '');
  const ring = products.content.find(isRing);
  const other = products.content.find((p) => !isRing(p));
  expect(ring, 'the demo catalogue has a ring').toBeTruthy();
  expect(other, 'the demo catalogue has a piece that is not a ring').toBeTruthy();
  return { ring: ring!, other: other! };
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // hands.js asks for a WebGL canvas with alert() when it cannot have one: that must never happen.
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return errors;
}

/** Opens the try-on of `ring` and the camera; returns the stage once frames reach the hand tracker. */
async function openMirror(page: Page, ring: Piece) {
  await page.goto(`/ar/rings/${ring.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ring.name })).toBeVisible();
  await page.getByRole('button', { name: 'Open the camera' }).click();
  const stage = page.getByTestId('ar-stage');
  await expect(stage).toHaveAttribute('data-model', 'ready', { timeout: 180_000 });
  // Camera frames have gone through MediaPipe and come back (the counter moves on every result). The
  // bounds are for a software GPU on a busy machine: a frame there takes seconds, not milliseconds.
  await expect.poll(async () => Number(await stage.getAttribute('data-frames')), { timeout: 240_000 }).toBeGreaterThan(1);
  return stage;
}

type Point = { x: number; y: number };
type PhotoBox = { x0: number; y0: number; x1: number; y1: number };

/**
 * hand.jpg (480 × 640) read by eye, with a 20 px grid laid over it: no tracker involved. The photo shows the
 * hand from its thumb side (fixtures/ar/README.md): the raised index finger, whose proximal phalanx runs
 * from its knuckle at the palm up to its middle joint; the middle finger folded in front of the ring finger
 * (which the photo hides); a point on the index's tip and one on the wall beside it, on the same row.
 */
const HAND_PHOTO = {
  frame: { width: 480, height: 640 },
  indexPhalanx: { x0: 180, y0: 230, x1: 245, y1: 370 },
  middleFolded: { x0: 250, y0: 290, x1: 330, y1: 400 },
  indexTip: { x: 215, y: 130 },
  wallBeside: { x: 275, y: 130 },
};

/**
 * open-hand.jpg (640 × 480) read by eye, with a 20 px grid laid over it (the photo at twice its size): no tracker
 * involved. The palm faces the camera, the fingers spread and point right. Each box is a finger's proximal
 * phalanx, from where it leaves the palm to its first joint (the crease across it): the ring finger runs between
 * the dark gaps at y ≈ 283 (to the middle finger) and y ≈ 348 (to the little finger), from its webs at x ≈ 295–320
 * to its first crease at x ≈ 385; the middle finger between y ≈ 230 and the gap at 283, from its web at x ≈ 320 to
 * its crease at x ≈ 400; the little finger, slanting down to the right, from its web at x ≈ 295 to its crease at
 * x ≈ 370, between y ≈ 355 and 425. The boxes keep a few pixels inside those edges, and apart from one another. The
 * wall is a patch of the pale table top above the index finger, in the picture on a phone too.
 */
const OPEN_HAND_PHOTO = {
  frame: { width: 640, height: 480 },
  ringPhalanx: { x0: 290, y0: 285, x1: 390, y1: 347 },
  middlePhalanx: { x0: 320, y0: 234, x1: 400, y1: 278 },
  littlePhalanx: { x0: 300, y0: 362, x1: 370, y1: 415 },
  wall: { x0: 400, y0: 30, x1: 430, y1: 60 },
};

/**
 * A point of the camera's frame (its pixels) → where the stage shows it (CSS px): the frame "cover"-fitted
 * and, for the front camera, mirrored. Written again here, not taken from ring-fit.ts, so that the check
 * does not lean on the code it checks.
 */
function photoToScreen(point: Point, frame: { width: number; height: number }, view: { width: number; height: number }): Point {
  const s = Math.max(view.width / frame.width, view.height / frame.height);
  const u = point.x * s + (view.width - frame.width * s) / 2;
  return { x: view.width - u, y: point.y * s + (view.height - frame.height * s) / 2 };
}

/** The box of the stage (CSS px) a box of the frame is shown in. */
function photoBoxToScreen(box: PhotoBox, frame: { width: number; height: number }, view: { width: number; height: number }) {
  const [a, b] = [photoToScreen({ x: box.x0, y: box.y0 }, frame, view), photoToScreen({ x: box.x1, y: box.y1 }, frame, view)];
  const [x, y] = [Math.round(Math.min(a.x, b.x)), Math.round(Math.min(a.y, b.y))];
  return { x, y, width: Math.round(Math.max(a.x, b.x)) - x, height: Math.round(Math.max(a.y, b.y)) - y };
}

/** Whether a point (CSS px) is inside a box of the stage. */
const isInside = (p: Point, box: { x: number; y: number; width: number; height: number }) =>
  p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;

/**
 * Where the ring was fitted (the stage's data attributes, all written by the same tracked frame): its
 * seat and width on the canvas, and how it sits on the ring finger's proximal phalanx — `along` the
 * share of the way from the knuckle (landmark 13) to the middle joint (14), `across` its distance from
 * that line over the phalanx's length, `axisDegrees` the angle between the band's axis as drawn and
 * the finger.
 */
async function ringOnFinger(stage: Locator) {
  const data = await stage.evaluate((el) => Object.fromEntries(Object.entries((el as HTMLElement).dataset)));
  const pair = (value: string | undefined) => (value ?? 'NaN,NaN').split(',').map(Number) as [number, number];
  const [x, y, width] = [Number(data.ringX), Number(data.ringY), Number(data.ringWidth)];
  const [mcp, pip, axis] = [pair(data.ringMcp), pair(data.ringPip), pair(data.ringAxis)];
  const finger = [pip[0] - mcp[0], pip[1] - mcp[1]] as const;
  const phalanxPx = Math.hypot(finger[0], finger[1]);
  const along = ((x - mcp[0]) * finger[0] + (y - mcp[1]) * finger[1]) / phalanxPx ** 2;
  const across = Math.abs((x - mcp[0]) * finger[1] - (y - mcp[1]) * finger[0]) / phalanxPx ** 2;
  const cos = (axis[0] * finger[0] + axis[1] * finger[1]) / (Math.hypot(axis[0], axis[1]) * phalanxPx);
  return { x, y, width, phalanxPx, along, across, axisDegrees: (Math.acos(Math.min(1, Math.max(-1, cos))) * 180) / Math.PI };
}

/**
 * The mean colour around each point (5 × 5 px), on the camera picture canvas (points in CSS px) and on the
 * photo itself (points in its pixels), decoded in the page.
 */
async function coloursAt(
  page: Page,
  jpeg: Buffer,
  onPicture: Point[],
  onPhoto: Point[],
): Promise<{ picture: number[][]; photo: number[][] }> {
  return page.evaluate(
    async ({ url, onPicture, onPhoto }) => {
      const mean = (ctx: CanvasRenderingContext2D, x: number, y: number) => {
        const d = ctx.getImageData(Math.round(x) - 2, Math.round(y) - 2, 5, 5).data;
        const sum = [0, 0, 0];
        for (let i = 0; i < d.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += d[i + c]!;
        return sum.map((v) => v / 25);
      };
      const picture = document.querySelector<HTMLCanvasElement>('[data-testid="ar-picture"]')!;
      const ratio = picture.width / picture.getBoundingClientRect().width;
      const pictureCtx = picture.getContext('2d')!;
      const img = new Image();
      img.src = url;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const photoCtx = c.getContext('2d')!;
      photoCtx.drawImage(img, 0, 0);
      return {
        picture: onPicture.map((p) => mean(pictureCtx, p.x * ratio, p.y * ratio)),
        photo: onPhoto.map((p) => mean(photoCtx, p.x, p.y)),
      };
    },
    { url: `data:image/jpeg;base64,${jpeg.toString('base64')}`, onPicture, onPhoto },
  );
}

const colourDistance = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0);

/**
 * Pixels in a box of a photo taken in the mirror (a PNG: the camera picture with the ring drawn over
 * it) that differ from the camera picture alone (the 2D canvas the tracker's frames are drawn on):
 * their share of the box and their centre (CSS px) — what the ring added there. Decoded in the page,
 * which has the picture.
 */
async function drawnOverPicture(
  page: Page,
  png: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<{ share: number; centre: { x: number; y: number } }> {
  return page.evaluate(
    async ({ url, box }) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      const picture = document.querySelector<HTMLCanvasElement>('[data-testid="ar-picture"]')!;
      const ratio = picture.width / picture.getBoundingClientRect().width;
      const read = (source: CanvasImageSource) => {
        const c = document.createElement('canvas');
        c.width = Math.round(box.width * ratio);
        c.height = Math.round(box.height * ratio);
        const ctx = c.getContext('2d')!;
        ctx.drawImage(source, box.x * ratio, box.y * ratio, c.width, c.height, 0, 0, c.width, c.height);
        return ctx.getImageData(0, 0, c.width, c.height).data;
      };
      const shown = read(img);
      const under = read(picture);
      const columns = Math.round(box.width * ratio);
      let changed = 0;
      let sumX = 0;
      let sumY = 0;
      for (let i = 0; i < shown.length; i += 4) {
        if (Math.abs(shown[i]! - under[i]!) + Math.abs(shown[i + 1]! - under[i + 1]!) + Math.abs(shown[i + 2]! - under[i + 2]!) > 60) {
          changed++;
          sumX += (i / 4) % columns;
          sumY += Math.floor(i / 4 / columns);
        }
      }
      const centre = changed ? { x: box.x + sumX / changed / ratio, y: box.y + sumY / changed / ratio } : { x: Number.NaN, y: Number.NaN };
      return { share: changed / (shown.length / 4), centre };
    },
    { url: `data:image/png;base64,${png.toString('base64')}`, box },
  );
}

/** Mean brightness (0–255) of the camera picture canvas: 0 while nothing has been drawn on it. */
async function pictureLuma(page: Page): Promise<number> {
  return page.evaluate(() => {
    const picture = document.querySelector<HTMLCanvasElement>('[data-testid="ar-picture"]')!;
    const data = picture.getContext('2d')!.getImageData(0, 0, picture.width, picture.height).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    return sum / (data.length / 4);
  });
}

/** How many distinct colours (5 bits a channel) the camera picture canvas holds: 1 when nothing was drawn. */
async function pictureColours(page: Page): Promise<number> {
  return page.evaluate(() => {
    const picture = document.querySelector<HTMLCanvasElement>('[data-testid="ar-picture"]')!;
    const data = picture.getContext('2d')!.getImageData(0, 0, picture.width, picture.height).data;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 16) colours.add(((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3));
    return colours.size;
  });
}

test.describe('with a hand before the camera', () => {
  // @phone-only: the try-on is a phone's (a camera held at arm's length); the tracker and the fit do not depend on
  // the viewport, and each browser pays minutes to start MediaPipe on a software GPU. The desktop project keeps the
  // page's other states (dark room, camera refused, not a ring).
  test(
    'finds a hand seen edge-on and puts no ring on the fingers that hide its ring finger, shows the camera as ' +
      'a mirror, takes a photo, changes the metal, and leaves for the piece',
    { tag: '@phone-only' },
    async ({ request }, testInfo) => {
      test.setTimeout(600_000);
      await withCamera(testInfo, 'hand.jpg', { isAllowed: true }, async (page) => {
        const errors = watchErrors(page);
        const { ring } = await catalogue(request);
        const requests: string[] = [];
        page.on('request', (r) => requests.push(new URL(r.url()).pathname));

        await page.goto(`/ar/rings/${ring.id}`);
        await expect(page.getByRole('heading', { level: 1, name: ring.name })).toBeVisible();
        // Full screen, no site chrome, and the id itself never shown.
        await expect(page.getByRole('navigation')).toHaveCount(0);
        await expect(page.locator('footer')).toHaveCount(0);
        await expect(page.locator('body')).not.toContainText(ring.id);
        await shot(page, testInfo, 'ar-intro');
        // Nothing heavy before the camera is asked for.
        expect(requests.filter((p) => /mediapipe|hand_landmark|\.wasm$/.test(p))).toEqual([]);

        const stage = await openMirror(page, ring);
        // MediaPipe came from our own assets, the model from the API; nothing else was fetched from elsewhere.
        expect(requests.some((p) => /^\/assets\/mediapipe-hands-[\d.]+\/hands\.js$/.test(p))).toBe(true);
        expect(requests.some((p) => /^\/assets\/mediapipe-hands-[\d.]+\/hand_landmark_lite\.tflite$/.test(p))).toBe(true);
        expect(requests.some((p) => p === `/api/products/${ring.id}/model.glb`)).toBe(true);

        // The camera's frames are composited under the ring (a photograph has thousands of colours).
        expect(await pictureColours(page)).toBeGreaterThan(200);

        // The tracker found the hand (its landmarks reached the page) and the page put no ring on it: the photo shows
        // the hand from its thumb side, its ring finger hidden behind the folded middle finger. It asks for the back.
        await expect(stage).toHaveAttribute('data-hand', 'hidden', { timeout: 240_000 });
        await expect(page.getByTestId('ar-guidance')).toHaveText('Show the back of your hand, fingers spread', { timeout: 30_000 });
        await shot(page, testInfo, 'ar-edge-on');

        // The stage is the camera's mirror: the index's tip is shown where the mirror puts it (the wall would be
        // there without the mirror), and the wall beside it too.
        const viewport = page.viewportSize()!;
        const jpeg = readFileSync(path.join(FIXTURES, 'hand.jpg'));
        const { picture, photo } = await coloursAt(
          page,
          jpeg,
          [HAND_PHOTO.indexTip, HAND_PHOTO.wallBeside].map((p) => photoToScreen(p, HAND_PHOTO.frame, viewport)),
          [HAND_PHOTO.indexTip, HAND_PHOTO.wallBeside],
        );
        expect(colourDistance(photo[0]!, photo[1]!), 'skin and wall tell apart').toBeGreaterThan(90);
        expect(colourDistance(picture[0]!, photo[0]!), 'the index’s tip').toBeLessThan(70);
        expect(colourDistance(picture[1]!, photo[1]!), 'the wall beside it').toBeLessThan(70);

        // A photo: a PNG of the picture with whatever was drawn over it… (what the status line says is recorded as it
        // changes: "Photo saved" shows for a moment, which a busy machine's polling can miss)
        await page.getByTestId('ar-guidance').evaluate((el) => {
          const said: string[] = [];
          (window as unknown as { arSaid: string[] }).arSaid = said;
          new MutationObserver(() => said.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
        });
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 120_000 }),
          page.getByRole('button', { name: 'Take a photo' }).click({ timeout: 120_000 }),
        ]);
        expect(download.suggestedFilename()).toMatch(/^mirror-.+-try-on\.png$/);
        const png = readFileSync(await download.path());
        expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
        expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(viewport.width);
        expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(viewport.height);
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { arSaid: string[] }).arSaid), { timeout: 60_000 })
          .toContain('Photo saved');
        // …and nothing was: no ring on the index's base nor on the folded middle finger (boxes read off the photo and
        // shown through the mirror, where a ring put between the tracker's landmarks 13 and 14 used to float), nor
        // anywhere else.
        const onIndex = await drawnOverPicture(page, png, photoBoxToScreen(HAND_PHOTO.indexPhalanx, HAND_PHOTO.frame, viewport));
        expect(onIndex.share, 'no ring on the index finger').toBeLessThan(0.002);
        const onMiddle = await drawnOverPicture(page, png, photoBoxToScreen(HAND_PHOTO.middleFolded, HAND_PHOTO.frame, viewport));
        expect(onMiddle.share, 'no ring on the middle finger').toBeLessThan(0.002);
        const whole = await drawnOverPicture(page, png, { x: 0, y: 0, width: viewport.width, height: viewport.height });
        expect(whole.share, 'no ring anywhere').toBeLessThan(0.0005);

        // The metal changes on the same visit (one browser and one tracker: each new one costs minutes on a software GPU).
        const other = ring.metalType === 'PLATINUM' ? 'Rose gold' : 'Platinum';
        const model = page.waitForResponse((r) => r.url().includes(`/api/products/${ring.id}/model.glb?metal=`) && r.ok());
        await page.getByRole('radio', { name: other }).check();
        await model;
        await expect(stage).toHaveAttribute('data-model', 'ready', { timeout: 180_000 });
        expect(errors).toEqual([]);

        await page.getByRole('link', { name: `Leave the try-on, back to ${ring.name}` }).click();
        await expect(page).toHaveURL(new RegExp(`/products/${ring.id}$`));
      });
    },
  );
});

test.describe('with an open hand before the camera', () => {
  // Both viewports: the check maps boxes of the photo to the screen through the cover fit, which differs between a
  // phone's tall screen (the photo's sides cut off) and a laptop's wide one (its top and bottom cut off).
  test('draws the ring on its ring finger, between the knuckle and the first joint, and nowhere else', async ({ request }, testInfo) => {
    test.setTimeout(600_000);
    await withCamera(testInfo, 'open-hand.jpg', { isAllowed: true }, async (page) => {
      const errors = watchErrors(page);
      const { ring } = await catalogue(request);
      const stage = await openMirror(page, ring);
      await expect(stage).toHaveAttribute('data-hand', 'tracked', { timeout: 240_000 });
      await expect(stage).toHaveAttribute('data-guidance', 'tracking');
      await expect(page.getByTestId('ar-guidance')).toHaveAttribute('data-empty', 'true');
      const viewport = page.viewportSize()!;
      const box = (b: PhotoBox) => photoBoxToScreen(b, OPEN_HAND_PHOTO.frame, viewport);
      const [onRing, onMiddle, onLittle] = [
        box(OPEN_HAND_PHOTO.ringPhalanx),
        box(OPEN_HAND_PHOTO.middlePhalanx),
        box(OPEN_HAND_PHOTO.littlePhalanx),
      ];

      // (The checks against the photo are soft: a ring on the wrong finger reports every box it missed or covered.)
      // As the tracker found the finger (landmarks 13 and 14, on the canvas): about two fifths of the way from the
      // knuckle to the middle joint, on that line, and turned along it…
      const fit = await ringOnFinger(stage);
      expect(fit.width, 'as wide as a finger').toBeGreaterThan(8);
      expect(fit.phalanxPx, 'the ring finger shows its length').toBeGreaterThan(8);
      expect(fit.along, 'past the knuckle').toBeGreaterThan(0.3);
      expect(fit.along, 'before the middle joint').toBeLessThan(0.55);
      expect(fit.across, 'on the finger, not beside it').toBeLessThan(0.1);
      expect(fit.axisDegrees, 'the band runs along the finger').toBeLessThan(10);
      // …and on the photo's own ring finger, as read off the photo by eye (shown through the mirror and cover fit).
      expect.soft(isInside({ x: fit.x, y: fit.y }, onRing), `the seat ${fit.x},${fit.y} in ${JSON.stringify(onRing)}`).toBe(true);
      await shot(page, testInfo, 'ar-tracked');
      // This browser draws WebGL in software (--disable-gpu): the ring at three quarters of the canvas's CSS size,
      // without multisampling (decision 0126).
      const buffer = await page.getByTestId('ar-canvas').evaluate((c: HTMLCanvasElement) => ({
        width: c.width,
        css: c.clientWidth,
        antialias: c.getContext('webgl2')?.getContextAttributes()?.antialias ?? c.getContext('webgl')?.getContextAttributes()?.antialias,
      }));
      expect(buffer, `drawing buffer of ${buffer.css} CSS px`).toEqual({
        width: Math.floor(buffer.css * 0.75),
        css: buffer.css,
        antialias: false,
      });

      // A photo: a PNG of the picture with the ring on it…
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        page.getByRole('button', { name: 'Take a photo' }).click({ timeout: 120_000 }),
      ]);
      const png = readFileSync(await download.path());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // …where metal was drawn over the ring finger's proximal phalanx…
      const ringBox = await drawnOverPicture(page, png, onRing);
      expect.soft(ringBox.share, 'the ring is drawn on the ring finger').toBeGreaterThan(0.04);
      // …centred there (what was drawn anywhere in the photo: the band and its head)…
      const whole = await drawnOverPicture(page, png, { x: 0, y: 0, width: viewport.width, height: viewport.height });
      expect
        .soft(isInside(whole.centre, onRing), `the drawn ring's centre ${JSON.stringify(whole.centre)} in ${JSON.stringify(onRing)}`)
        .toBe(true);
      // …and not on its neighbours, nor on the wall.
      expect.soft((await drawnOverPicture(page, png, onMiddle)).share, 'nothing on the middle finger').toBeLessThan(0.002);
      expect.soft((await drawnOverPicture(page, png, onLittle)).share, 'nothing on the little finger').toBeLessThan(0.002);
      expect((await drawnOverPicture(page, png, box(OPEN_HAND_PHOTO.wall))).share, 'nothing on the wall').toBeLessThan(0.002);

      // A larger size is a wider finger: the same picture is a nearer hand (ring-fit.ts).
      const before = Number(await stage.getAttribute('data-ring-depth'));
      const size = page.getByLabel('Size');
      await expect(size).toHaveValue('52');
      await size.selectOption('60');
      await expect
        .poll(async () => Number(await stage.getAttribute('data-ring-depth')) / before, { timeout: 180_000 })
        .toBeCloseTo(60 / 52, 1);
      expect(errors).toEqual([]);
    });
  });
});

test.describe('with an empty room before the camera', () => {
  test('runs the frames through the tracker and asks for the hand', { tag: '@phone-only' }, async ({ request }, testInfo) => {
    test.setTimeout(600_000);
    await withCamera(testInfo, 'empty-room.jpg', { isAllowed: true }, async (page) => {
      const errors = watchErrors(page);
      const { ring } = await catalogue(request);
      const stage = await openMirror(page, ring);
      await expect(page.getByTestId('ar-guidance')).toHaveText('Show the back of your hand, fingers spread', { timeout: 120_000 });
      await expect(stage).toHaveAttribute('data-hand', 'none');
      // The wall the camera films is on the canvas: a pale photograph (a blank canvas reads 0, and the flat
      // green frame Chromium's fake camera plays when it cannot decode the file about 79).
      expect(await pictureLuma(page)).toBeGreaterThan(150);
      expect(await pictureColours(page)).toBeGreaterThan(4);
      await shot(page, testInfo, 'ar-show-hand');
      expect(errors).toEqual([]);
    });
  });
});

test.describe('in a dark room', () => {
  // The light is read from the camera itself (ring-fit.ts, guidance): the dark room is said as soon as
  // the camera plays, so this browser does not wait for the hand tracker (minutes on a software GPU).
  test('asks for more light as soon as the camera plays', async ({ request }, testInfo) => {
    test.setTimeout(180_000);
    await withCamera(testInfo, 'dark-room.jpg', { isAllowed: true }, async (page) => {
      const errors = watchErrors(page);
      const { ring } = await catalogue(request);
      await page.goto(`/ar/rings/${ring.id}`);
      await page.getByRole('button', { name: 'Open the camera' }).click();
      const stage = page.getByTestId('ar-stage');
      await expect(stage).toHaveAttribute('data-guidance', 'low-light', { timeout: 90_000 });
      await expect(page.getByTestId('ar-guidance')).toHaveText('A little more light, please: the camera sees too little');
      // It is the dark photo the camera plays (not the flat green frame of a file it could not decode).
      const luma = await page.evaluate(() => {
        const video = document.querySelector('video')!;
        const c = document.createElement('canvas');
        c.width = 32;
        c.height = 32;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(video, 0, 0, 32, 32);
        const data = ctx.getImageData(0, 0, 32, 32).data;
        let sum = 0;
        for (let i = 0; i < data.length; i += 4) sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
        return sum / (data.length / 4);
      });
      expect(luma).toBeLessThan(20);
      await shot(page, testInfo, 'ar-low-light');
      expect(errors).toEqual([]);
    });
  });
});

test.describe('with the camera refused', () => {
  test('says so and offers the way back to the piece and its 360°', async ({ request }, testInfo) => {
    test.setTimeout(120_000);
    await withCamera(testInfo, 'hand.jpg', { isAllowed: false }, async (page) => {
      const { ring } = await catalogue(request);
      await page.goto(`/ar/rings/${ring.id}`);
      await page.getByRole('button', { name: 'Open the camera' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'The camera is not allowed' })).toBeVisible({ timeout: 90_000 });
      await expect(page.getByRole('link', { name: 'Back to the piece' })).toHaveAttribute('href', `/products/${ring.id}`);
      await expect(page.getByRole('link', { name: 'See it in 360°' })).toHaveAttribute('href', `/view-360?product=${ring.id}`);
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await shot(page, testInfo, 'ar-denied');
    });
  });
});

test.describe('pieces that cannot be tried on', () => {
  test('an unknown ring is named as such, never by its id', async ({ page }, testInfo) => {
    const unknown = '00000000-0000-4000-8000-00000000dead';
    await page.goto(`/ar/rings/${unknown}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This ring could not be found' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(unknown);
    await expect(page.getByRole('link', { name: 'Browse the pieces' })).toBeVisible();
    await shot(page, testInfo, 'ar-not-found');
    await page.goto('/ar/rings/not-an-id');
    await expect(page.getByRole('heading', { level: 1, name: 'This ring could not be found' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('not-an-id');
  });

  test('a piece that is not a ring says so and goes back to it', async ({ page, request }) => {
    const { other } = await catalogue(request);
    await page.goto(`/ar/rings/${other.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Only rings can be tried on here' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the piece' })).toHaveAttribute('href', `/products/${other.id}`);
    await expect(page.locator('body')).not.toContainText(other.id);
  });
});

test.describe('without WebGL or without a camera', () => {
  test('without WebGL: says the ring cannot be drawn here, and offers the piece and its 360°', async ({ page, request }, testInfo) => {
    const { ring } = await catalogue(request);
    const errors = watchErrors(page);
    // Before the page's scripts: no canvas gives a WebGL context, under any of its names.
    await withoutWebGL(page);
    const heavy: string[] = [];
    page.on('request', (r) => {
      if (/mediapipe|\.wasm$|\.tflite$|model\.glb/.test(r.url())) heavy.push(new URL(r.url()).pathname);
    });
    await page.goto(`/ar/rings/${ring.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This browser cannot draw the ring' })).toBeVisible();
    await expect(page.getByTestId('ar-no-webgl')).toContainText(
      'The try-on needs WebGL, which this browser or device has turned off. The piece’s page and its studio images are still yours to see.',
    );
    await expect(page.getByText(`Try on · ${ring.name}`)).toBeVisible();
    // No camera is offered where the ring cannot be drawn.
    await expect(page.getByRole('button', { name: 'Open the camera' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to the piece' })).toHaveAttribute('href', `/products/${ring.id}`);
    await expect(page.getByRole('link', { name: 'See it in 360°' })).toHaveAttribute('href', `/view-360?product=${ring.id}`);
    await expect(page.locator('body')).not.toContainText(ring.id);
    await shot(page, testInfo, 'ar-no-webgl');
    expect(heavy, 'nothing of the try-on is fetched').toEqual([]);
    await page.getByRole('link', { name: 'Back to the piece' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${ring.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: ring.name })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('without a camera: says none was found, and offers the piece and its 360°', async ({ page, request }, testInfo) => {
    const { ring } = await catalogue(request);
    const errors = watchErrors(page);
    // A device with no camera: the browser offers getUserMedia, which finds nothing to open.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    const heavy: string[] = [];
    page.on('request', (r) => {
      if (/mediapipe|\.wasm$|\.tflite$|model\.glb/.test(r.url())) heavy.push(new URL(r.url()).pathname);
    });
    await page.goto(`/ar/rings/${ring.id}`);
    await expect(page.getByRole('heading', { level: 1, name: ring.name })).toBeVisible();
    await page.getByRole('button', { name: 'Open the camera' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'No camera was found' })).toBeVisible();
    await expect(page.getByTestId('ar-no-camera')).toContainText(
      'The try-on shows the ring on your hand through a camera, and this device offers none. Try it from your phone, or see the piece in 360°.',
    );
    await expect(page.getByText(`Try on · ${ring.name}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the piece' })).toHaveAttribute('href', `/products/${ring.id}`);
    await expect(page.getByRole('link', { name: 'See it in 360°' })).toHaveAttribute('href', `/view-360?product=${ring.id}`);
    await expect(page.locator('body')).not.toContainText(ring.id);
    await shot(page, testInfo, 'ar-no-camera');
    expect(heavy, 'without a camera, nothing of the try-on is fetched').toEqual([]);
    await page.getByRole('link', { name: 'See it in 360°' }).click();
    await expect(page).toHaveURL(new RegExp(`/view-360\\?product=${ring.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: ring.name })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('MediaPipe and three.js stay off the other routes', async ({ page }) => {
  test.setTimeout(120_000);
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || /\.(wasm|tflite|data)$/.test(r.url())) scripts.add(r.url());
  });
  for (const url of ['/', '/home', '/products', '/collections', '/locations', '/news', '/about', '/services']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  const paths = [...scripts].map((url) => new URL(url).pathname);
  expect(paths.filter((p) => p.endsWith('.js')).length, 'the routes ran their scripts').toBeGreaterThan(0);
  expect(paths.filter((p) => /mediapipe|hand-tracker|ar-scene|ar-ring-page|\.wasm$|\.tflite$/.test(p))).toEqual([]);
  // three.js told by content, not by chunk names (it lands in a chunk named after whichever module imports it
  // first): its mark on the window, `__THREE__`, is in no script these routes fetched.
  const withThree: string[] = [];
  for (const url of scripts) {
    if ((await (await page.request.get(url)).text()).includes('__THREE__')) withThree.push(new URL(url).pathname);
  }
  expect(withThree, 'three.js is in no script of these routes').toEqual([]);
});
