import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { settled, snap } from './helpers';

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

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A seeded piece with at least a front and a detail render. */
async function pieceWithViews(request: APIRequestContext): Promise<Piece> {
  const response = await request.get('/api/products?size=100&sort=name,asc');
  expect(response.ok()).toBe(true);
  const { content } = (await response.json()) as { content: Piece[] };
  const piece = content.find((p) => p.images.length >= 2);
  expect(piece, 'the demo catalogue has a piece with two studio images').toBeTruthy();
  return piece!;
}

/** The text on the stage that names the view in front ('Front · 1 / 2'). */
function stageStatus(page: Page) {
  return page.getByTestId('stage-status');
}

test.describe('/view-360', () => {
  test('shows the piece on the studio stage; the arrow keys, the view buttons and a drag switch views; links back', async ({ page, request }, testInfo) => {
    const piece = await pieceWithViews(request);
    const errors = watchConsole(page);
    await page.goto(`/view-360?product=${piece.id}`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: piece.name })).toBeVisible();
    await expect(page).toHaveTitle(`${piece.name}, up close — Mirror`);
    await expect(page.getByTestId('view-price')).toHaveText(/€[\d,]+|Price on request/);
    const stage = page.getByRole('region', { name: `Views of ${piece.name}` });
    await expect(stage.locator('img[alt]:not([alt=""])')).toHaveCount(1);
    await expect(stageStatus(page)).toHaveText(/^Front · 1 \/ \d$/);
    await expect(stage.getByRole('button', { name: 'Front' })).toHaveAttribute('aria-pressed', 'true');
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(800);
    await snap(page, testInfo, 'view-360-front');

    await page.keyboard.press('ArrowRight');
    await expect(stageStatus(page)).toHaveText(/^Detail · 2 \/ \d$/);
    await expect(stage.getByRole('button', { name: 'Detail' })).toHaveAttribute('aria-pressed', 'true');
    await expect(stage.getByRole('img', { name: /detail/i })).toBeVisible();
    await page.waitForTimeout(800);
    await snap(page, testInfo, 'view-360-detail');
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
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute('href', `/contact?${new URLSearchParams({ appointment: '1', piece: piece.name }).toString()}`);
    await main.getByRole('link', { name: 'Back to the piece' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${piece.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: piece.name })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('without a piece it says how to choose one; an unknown piece is not found', async ({ page }, testInfo) => {
    await page.goto('/view-360');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a piece to see it up close' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Browse the pieces' })).toHaveAttribute('href', '/products');
    await expectAxeClean(page);
    await snap(page, testInfo, 'view-360-no-piece');

    await page.goto('/view-360?product=00000000-0000-4000-8000-000000000000');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'This piece could not be found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Browse the pieces' })).toBeVisible();
    await expect(page.getByTestId('studio-stage')).toHaveCount(0);
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
    // The page is the dark room (SPEC: navbar yes, footer no).
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
    expect(errors).toEqual([]);
  });
});
