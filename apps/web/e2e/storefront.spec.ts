import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmationLink, settled, signIn, snap, accessToken } from './helpers';
import { expectAxeClean } from './axe';
import { test as warmTest } from './warm-tab';

/** Console errors, failed API calls included, collected for the whole test. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function firstId(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { content: { id: string }[] };
  return body.content[0]!.id;
}

type RouteCheck = {
  name: string;
  url: (ids: Ids) => string;
  heading: RegExp | string;
  data: (page: Page) => ReturnType<Page['getByTestId']>;
};
type Ids = { product: string; collection: string; article: string };

const ROUTES: RouteCheck[] = [
  { name: 'home', url: () => '/home', heading: /The art of/, data: (p) => p.getByTestId('product-card').first() },
  { name: 'products', url: () => '/products', heading: 'The pieces', data: (p) => p.getByTestId('product-card').first() },
  { name: 'products-v2', url: () => '/products-v2', heading: 'Pieces, up close', data: (p) => p.getByTestId('product-card').first() },
  { name: 'products-left', url: () => '/products-left', heading: 'Find your piece', data: (p) => p.getByTestId('product-card').first() },
  { name: 'product-detail', url: (ids) => `/products/${ids.product}`, heading: /.+/, data: (p) => p.getByTestId('product-price') },
  { name: 'all-gems', url: () => '/all-gems', heading: 'All gems', data: (p) => p.getByRole('heading', { level: 2, name: 'Diamond' }) },
  {
    name: 'collections',
    url: () => '/collections',
    heading: 'Seasons of light',
    data: (p) => p.getByRole('heading', { level: 3 }).first(),
  },
  {
    name: 'collection-detail',
    url: (ids) => `/collections/${ids.collection}`,
    heading: /.+/,
    data: (p) => p.getByTestId('collection-pieces'),
  },
  { name: 'services', url: () => '/services', heading: 'For the life of every piece', data: (p) => p.getByTestId('services-list') },
  {
    name: 'services-detail',
    url: () => '/services/detail?service=engraving',
    heading: 'Engraving',
    data: (p) => p.getByText(/Our engravers work by hand/),
  },
  { name: 'support', url: () => '/support', heading: 'Client care', data: (p) => p.getByText('Can I pay in several instalments?') },
  { name: 'contact', url: () => '/contact', heading: 'Contact us', data: (p) => p.getByRole('button', { name: 'Send the message' }) },
  { name: 'about', url: () => '/about', heading: 'A maison of light', data: (p) => p.getByRole('heading', { name: 'The ateliers' }) },
  { name: 'locations', url: () => '/locations', heading: 'Visit the Maison', data: (p) => p.getByTestId('boutique').first() },
  { name: 'news', url: () => '/news', heading: 'News from the Maison', data: (p) => p.getByTestId('news-list') },
  { name: 'news-article', url: (ids) => `/news/${ids.article}`, heading: /.+/, data: (p) => p.getByRole('link', { name: '← All news' }) },
  { name: 'hover-expand', url: () => '/hover-expand', heading: 'The collections', data: (p) => p.getByTestId('expand-panels') },
  {
    name: 'jewelry-week',
    url: () => '/mirror-in-milan-digital-jewelry-week',
    heading: /Mirror in/,
    data: (p) => p.getByRole('button', { name: 'Submit the portfolio' }),
  },
  { name: 'new-cut', url: () => '/new-cut', heading: 'The Mirror Oval', data: (p) => p.getByTestId('new-cut-pieces') },
];

// Each page looked at as a visitor's next page (warm-tab.ts); what a first visit fetches is first-load.spec.ts's.
warmTest.describe('storefront pages', () => {
  let ids: Ids;
  warmTest.beforeAll(async ({ request }) => {
    ids = {
      product: await firstId(request, '/api/products?size=1'),
      // A collection of the demo catalogue (it has a cover), not the newest: other suites create, empty and
      // delete their own collections on the same server meanwhile.
      collection: await (async () => {
        const list = (await (await request.get('/api/collections?size=100')).json()) as { content: { id: string; coverImage: unknown }[] };
        const demo = list.content.find((c) => c.coverImage);
        expect(demo, 'the demo catalogue has a collection with a cover').toBeTruthy();
        return demo!.id;
      })(),
      article: 'aube-de-givre-winter-2025',
    };
  });

  for (const route of ROUTES) {
    warmTest(`${route.name}: real data, title, no console errors, axe clean`, async ({ page }, testInfo) => {
      const errors = watchConsole(page);
      await page.goto(route.url(ids));
      await settled(page);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(route.data(page)).toBeVisible();
      await expect(page).toHaveTitle(/— Mirror$/);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      // Every image has an alt attribute, and its box is reserved (width/height given).
      const images = await page
        .locator('main img')
        .evaluateAll((list) =>
          list.map((img) => ({ alt: img.getAttribute('alt'), w: img.getAttribute('width'), h: img.getAttribute('height') })),
        );
      for (const image of images) expect(image.alt !== null && image.w !== null && image.h !== null).toBe(true);
      await expectAxeClean(page);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(500);
      await snap(page, testInfo, `storefront-${route.name}`);
      expect(errors).toEqual([]);
    });
  }
});

test('the three product lists lay out their own columns: the catalogue four, the lookbook two, the sidebar three', async ({
  page,
}, testInfo) => {
  // On a phone: two, one (the lookbook's pieces seen larger), two. A rule of one layout once set every layout's columns.
  const desktop = testInfo.project.name === 'desktop';
  for (const [url, columns] of [
    ['/products', desktop ? 4 : 2],
    ['/products-v2', desktop ? 2 : 1],
    ['/products-left', desktop ? 3 : 2],
  ] as const) {
    await page.goto(url);
    await settled(page);
    const grid = page.getByTestId('product-grid');
    await expect(grid).toBeVisible();
    const tracks = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(tracks, url).toBe(columns);
    // Each card's image is as wide as its column (the srcset's `sizes` is written for these columns).
    const card = await grid.locator('li').first().boundingBox();
    const viewport = page.viewportSize()!.width;
    expect(card!.width, url).toBeGreaterThan((viewport * 0.6) / columns - 60);
  }
});

test('a card loads its second view (shown on hover) only where a pointer can hover: never on a phone @one-viewport', async ({
  browser,
  request,
}) => {
  const pieces = (await (await request.get('/api/products?size=12')).json()) as { content: { images: { url: string }[] }[] };
  // The second images of the page's pieces, by the file each card's srcset names (any rendition).
  const stems = pieces.content.flatMap((p) => (p.images[1] ? [p.images[1].url.replace(/-\d+\.webp$/, '')] : []));
  expect(stems.length).toBeGreaterThan(0);
  for (const [device, options, canHover] of [
    ['phone', { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }, false],
    ['desktop', { viewport: { width: 1440, height: 900 } }, true],
  ] as const) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const seconds: string[] = [];
    page.on('request', (request) => {
      if (stems.some((stem) => request.url().includes(stem))) seconds.push(request.url());
    });
    await page.goto('/products', { waitUntil: 'load' });
    expect(await page.evaluate(() => matchMedia('(hover: hover)').matches), device).toBe(canHover);
    const firstCard = page.getByTestId('product-card').first();
    if (canHover) {
      // Once the page has settled, each card holds its second view (and its file was asked for).
      await expect(firstCard.locator('img')).toHaveCount(2, { timeout: 10_000 });
      await expect.poll(() => seconds.length).toBeGreaterThan(0);
    } else {
      // The page settled (an idle period after the load, then more), and still nothing of the second views.
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 1_500), { timeout: 3_000 })));
      await expect(firstCard.locator('img')).toHaveCount(1);
      expect(seconds, device).toEqual([]);
    }
    await context.close();
  }
});

test('/products-left: filter, sort and paginate live in the URL and survive a reload', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/products-left');
  await settled(page);
  const grid = page.getByTestId('product-grid');
  await expect(grid).toBeVisible();
  const filters = page.getByRole('complementary', { name: 'Filters' });
  if (await page.getByRole('button', { name: 'Show filters' }).isVisible())
    await page.getByRole('button', { name: 'Show filters' }).click();

  const inStock = filters.getByRole('group', { name: 'Availability' }).getByLabel(/In stock/);
  await inStock.click();
  await expect(inStock).toBeChecked();
  await expect(page).toHaveURL(/availability=IN_STOCK/);
  await page.getByLabel('Sort').selectOption('price,asc');
  await expect(page).toHaveURL(/sort=price%2Casc/);
  const count = Number((await page.getByTestId('result-count').textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(12);
  await page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  // The address changes first; the page that shows page 2 renders a moment later (a transition).
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  const prices = async () =>
    grid.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => c.querySelector('p:last-child')?.textContent ?? ''));
  await expect(grid.getByTestId('product-card').first()).toBeVisible();
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  const before = await prices();
  expect(before.length).toBeGreaterThan(0);
  await page.reload();
  await settled(page);
  await expect(page).toHaveURL(/availability=IN_STOCK.*sort=price%2Casc.*page=2|page=2/);
  await expect(page.getByLabel('Sort')).toHaveValue('price,asc');
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(prices).toEqual(before);
  expect(errors).toEqual([]);
});

test(
  "/products-left: the stone filter is the API's (its facet count is the list's), and a misspelt " +
    'search shows its alternatives under "Did you mean"',
  async ({ page, request }) => {
    const errors = watchConsole(page);
    await page.goto('/products-left');
    await settled(page);
    if (await page.getByRole('button', { name: 'Show filters' }).isVisible())
      await page.getByRole('button', { name: 'Show filters' }).click();
    const stones = page.getByRole('complementary', { name: 'Filters' }).getByRole('group', { name: 'Stone' });
    const option = stones.locator('label').filter({ hasText: 'Sapphire' });
    const facetCount = Number((await option.innerText()).match(/\d+/)?.[0]);
    await option.getByRole('radio').click();
    await expect(page).toHaveURL(/stone=Sapphire/);
    await expect(option.getByRole('radio')).toBeChecked();
    await expect(page.getByTestId('result-count')).toHaveText(`${facetCount} ${facetCount === 1 ? 'piece' : 'pieces'}`);
    // Exactly the pieces whose stone is a sapphire.
    const api = (await (await request.get('/api/products?stone=Sapphire&size=100')).json()) as {
      totalElements: number;
      content: { gemstone: { type: string } | null }[];
    };
    expect(api.totalElements).toBe(facetCount);
    expect(api.content.every((p) => p.gemstone?.type.toLowerCase() === 'sapphire')).toBe(true);

    await page.goto('/products-left?q=saphire');
    await settled(page);
    const didYouMean = page.getByTestId('did-you-mean');
    await expect(didYouMean.getByRole('heading', { name: /^Did you mean “sapphire”\s?\?$/ })).toBeVisible();
    await expect(didYouMean).toContainText('No piece matches “saphire” exactly.');
    await didYouMean.getByRole('button', { name: '“sapphire”' }).click();
    await expect(page).toHaveURL(/q=sapphire/);
    await expect(page.getByTestId('product-grid')).toBeVisible();
    await expect(didYouMean).toHaveCount(0);
    expect(errors).toEqual([]);
  },
);

test('a product opens its own page, with appointment and, for rings, try-on and 360°', async ({ page, request }, testInfo) => {
  // A demo ring, found by its category (other tests add pieces whose names say "ring").
  const categories = (await (await request.get('/api/categories?size=100')).json()) as { content: { id: string; name: string }[] };
  const rings = categories.content.find((c) => c.name === 'Engagement Rings')!;
  const pieces = (await (await request.get(`/api/products?categoryId=${rings.id}&size=1`)).json()) as {
    content: { name: string; sku: string }[];
  };
  const { name, sku } = pieces.content[0]!;
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await settled(page);
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .first();
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('product-price')).toBeVisible();
  // Both open this very piece.
  await expect(page.getByRole('link', { name: 'Try on' })).toHaveAttribute('href', `/ar/rings/${id}`);
  await expect(page.getByRole('link', { name: '360°' })).toHaveAttribute('href', `/view-360?product=${id}`);
  // The appointment is about the piece by the name the client reads on the page, not the house's reference (§11).
  const book = page.getByRole('main').getByRole('link', { name: 'Book an appointment' });
  const href = new URL((await book.getAttribute('href'))!, page.url());
  expect(href.pathname).toBe('/contact');
  expect(href.searchParams.get('appointment')).toBe('1');
  expect(href.searchParams.get('piece')).toBe(name);
  expect(href.search).not.toContain(encodeURIComponent(sku));
  await book.click();
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  await expect(dialog.getByLabel('Pieces of interest')).toHaveValue(name);
  await expect(dialog).not.toContainText(sku);
  await snap(page, testInfo, 'storefront-appointment-piece');
  // The 360° link opens this very piece.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
  await settled(page);
  await page.getByRole('link', { name: '360°' }).click();
  await expect(page).toHaveURL(new RegExp(`/view-360\\?product=${id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a piece names its collection and shows more from it, in the served page, without asking for every collection', async ({
  page,
  browser,
  request,
}) => {
  // A piece of a demo collection of several pieces; the collection its page names is its newest holding it.
  const collections = (await (await request.get('/api/collections/with-products?size=20&productsLimit=6')).json()) as {
    content: { products: { product: { id: string } }[] }[];
  };
  const piece = collections.content.find((c) => c.products.length >= 3)!.products[1]!.product.id;
  const holding = (await (await request.get(`/api/collections/with-products?productId=${piece}&size=1&productsLimit=5`)).json()) as {
    content: { id: string; name: string; products: { product: { id: string; name: string } }[] }[];
  };
  const collection = holding.content[0]!;
  const siblings = collection.products.filter((item) => item.product.id !== piece).slice(0, 4);
  expect(siblings.length).toBeGreaterThanOrEqual(2);

  // Without JavaScript: the served page already names the collection and shows its other pieces.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined });
  const served = await noScript.newPage();
  await served.goto(`/products/${piece}`);
  const more = served.getByRole('region', { name: `More from ${collection.name}` });
  await expect(more).toBeVisible();
  await expect(more.getByTestId('product-card')).toHaveCount(siblings.length);
  for (const item of siblings) await expect(more.getByRole('heading', { name: item.product.name, exact: true })).toBeVisible();
  await expect(more.getByRole('link', { name: 'The collection' })).toHaveAttribute('href', `/collections/${collection.id}`);
  await noScript.close();

  // In the browser: the page keeps the served answer; it never fetches every collection to find the piece's.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/collections')) asked.push(r.url());
  });
  await page.goto(`/products/${piece}`);
  await settled(page);
  await expect(page.getByRole('region', { name: `More from ${collection.name}` }).getByTestId('product-card')).toHaveCount(siblings.length);
  await expect(page.getByRole('main').getByRole('link', { name: collection.name }).first()).toBeVisible();
  expect(asked).toEqual([]);
});

test('an unknown news article shows the not-found page', async ({ page }) => {
  await page.goto('/news/no-such-article');
  await settled(page);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

test('contact message and appointment request reach the outbox', async ({ page, request }, testInfo) => {
  const email = `contact-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto('/contact');
  await settled(page);
  await page.getByRole('button', { name: 'Send the message' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  const form = page.getByRole('form', { name: 'Write to us' });
  await form.getByLabel('Name').fill('Claire Dumas');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('I would like to know more about the Aube de Givre ring.');
  await page.getByRole('button', { name: 'Send the message' }).click();
  await expect(page.getByTestId('contact-success')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Book an appointment' }).click();
  await expect(page).toHaveURL(/appointment=1/);
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  await expect(dialog.getByLabel('Date')).toBeDisabled();
  await dialog.getByLabel('Boutique').selectOption({ index: 1 });
  // The days the boutique receives, written as the house writes dates; then the hours of that day.
  const firstDay = dialog.getByLabel('Date').locator('option').nth(1);
  await expect(firstDay).toHaveText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]+ \d{4}$/);
  await dialog.getByLabel('Date').selectOption({ index: 1 });
  await expect(dialog.getByLabel('Time').locator('option').nth(1)).toHaveText(/^\d{2}:00$/);
  await dialog.getByLabel('Time').selectOption({ index: 1 });
  await dialog.getByLabel('Pieces of interest').fill('Aube de Givre solitaire');
  // The whole request fits a laptop screen: its button is in view without scrolling the page.
  await expect(dialog.getByRole('button', { name: 'Request the appointment' })).toBeInViewport();
  await dialog.getByLabel('Name').fill('Claire Dumas');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Request the appointment' }).click();
  await expect(dialog.getByTestId('appointment-success')).toBeVisible();

  const token = await accessToken(request, 'admin');
  const outbox = await request.get('/api/notifications/outbox?size=100', { headers: { Authorization: `Bearer ${token}` } });
  const mails = (
    (await outbox.json()) as { content: { emailType: string; recipients: string[]; subject: string; text: string }[] }
  ).content.filter((m) => m.text.includes(email) || m.recipients.includes(email));
  // The Maison's two messages, and the visitor's fixed acknowledgement of each form (issue 14).
  expect(mails.map((m) => m.emailType).sort()).toEqual([
    'APPOINTMENT_REQUEST',
    'CONTACT_MESSAGE',
    'VISITOR_ACKNOWLEDGEMENT',
    'VISITOR_ACKNOWLEDGEMENT',
  ]);
  expect(mails.find((m) => m.emailType === 'APPOINTMENT_REQUEST')!.text).toContain('Aube de Givre solitaire');
  const acknowledgements = mails.filter((m) => m.emailType === 'VISITOR_ACKNOWLEDGEMENT');
  expect(acknowledgements.map((m) => m.subject).sort()).toEqual(['Your appointment request to Mirror', 'Your message to Mirror']);
  for (const m of acknowledgements) {
    expect(m.recipients).toEqual([email]);
    expect(m.text).not.toContain('Claire');
  }
});

// A tiny valid PNG and PDF: the server decides the type by their magic bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count ' +
    '0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n' +
    ' '.repeat(200_000),
);

test('jewelry week: two files upload with visible progress, both emails are queued, success page', async ({ page, request }, testInfo) => {
  const email = `designer-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto('/mirror-in-milan-digital-jewelry-week');
  await settled(page);
  await page.getByRole('button', { name: 'Submit the portfolio' }).click();
  await expect(page.getByText('Add at least one image or PDF of your work')).toBeVisible();

  await page.getByLabel('Designer name').fill('Giulia Ferri');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Country').fill('Italy');
  await page
    .getByLabel('Collection statement')
    .fill('Nine pieces in recycled gold and lab-grown sapphires, inspired by the Navigli at dusk.');
  await page.locator('input[type=file]').setInputFiles([
    { name: 'lookbook.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'ring.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);

  // Slow the uploads down so the progress bar is observable.
  await page.route('**/api/files/upload', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit the portfolio' }).click();
  await expect(page.getByTestId('upload-progress')).toBeVisible();
  await expect(page).toHaveURL(/\/submit-success$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Thank you, Giulia Ferri/ })).toBeVisible();
  await snap(page, testInfo, 'storefront-submit-success');

  const token = await accessToken(request, 'admin');
  const outbox = await request.get('/api/notifications/outbox?size=100', { headers: { Authorization: `Bearer ${token}` } });
  const mails = ((await outbox.json()) as { content: { emailType: string; recipients: string[]; text: string }[] }).content.filter(
    (m) => m.text.includes(email) || m.recipients.includes(email),
  );
  expect(mails.map((m) => m.emailType).sort()).toEqual(['JEWELRY_WEEK_CONFIRMATION', 'JEWELRY_WEEK_SUBMISSION']);
  expect(mails.find((m) => m.emailType === 'JEWELRY_WEEK_CONFIRMATION')!.recipients).toEqual([email]);
});

test('jewelry week: the statement counts as one types and says when it is too long; the success page needs a submission', async ({
  page,
}) => {
  await page.goto('/mirror-in-milan-digital-jewelry-week/submit-success');
  await expect(page).toHaveURL(/\/mirror-in-milan-digital-jewelry-week$/);
  await settled(page);
  const statement = page.getByLabel('Collection statement');
  await statement.fill('Nine pieces in recycled gold.');
  await expect(page.getByText('29 / 2,000 characters')).toBeVisible();
  // A real paragraph is accepted as it is left…
  await statement.fill('Cast from river stones. '.repeat(30));
  await statement.blur();
  await expect(page.getByText('720 / 2,000 characters')).toBeVisible();
  await expect(statement).not.toHaveAttribute('aria-invalid', 'true');
  // …and one past the limit is refused with the limit.
  await statement.fill('a'.repeat(2001));
  await expect(page.getByText('2,001 / 2,000 characters')).toBeVisible();
  await statement.blur();
  // Told as the field is left, not only on submit.
  await expect(page.getByText('At most 2,000 characters')).toBeVisible();
  await expect(statement).toHaveAttribute('aria-invalid', 'true');
});

test(
  'profile: signed out goes to sign-in; edit the profile, change the email (confirmed by its link) and ' + 'the password, sign in again',
  async ({ page, request }, testInfo) => {
    await page.goto('/user-profile');
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fuser-profile/);

    const username = `client${testInfo.project.name}${Date.now()}`.slice(0, 40);
    const created = await request.post('/api/users', {
      data: { username, email: `${username}@example.com`, password: 'Original-Pass-2025' },
    });
    expect(created.ok()).toBe(true);
    const registrationToken = new URL(await confirmationLink(request, `${username}@example.com`), 'http://x').searchParams.get('token');
    expect((await request.post('/api/users/confirm-email', { data: { token: registrationToken } })).status()).toBe(200);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('Original-Pass-2025');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/user-profile$/);
    await settled(page);

    await page.getByLabel('First name').fill('Hélène');
    await page.getByLabel('Phone').fill('+33 1 23 45 67 89');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Hélène' })).toBeVisible();

    // A new email needs the current password (issue 14, finding 8).
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('Email').fill(`${username}@new.example.com`);
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByText('Enter your current password to change your email')).toBeVisible();
    await details.getByLabel('Current password').fill('Original-Pass-2025');
    await details.getByRole('button', { name: 'Save changes' }).click();
    // The new address waits for its link (issue 14); the account keeps the old one meanwhile.
    const newEmail = `${username}@new.example.com`;
    await expect(page.getByText(`Saved. We have sent a link to ${newEmail}: your address changes once you open it.`)).toBeVisible();
    const waiting = details.getByRole('group', { name: 'Waiting for confirmation' });
    await expect(waiting).toContainText(`We sent a link to ${newEmail}. Until you open it, your address stays ${username}@example.com.`);
    await expect(details.getByLabel('Email')).toHaveValue(`${username}@example.com`);
    await expect(page.getByText('You have no orders yet.')).toBeVisible();
    await snap(page, testInfo, 'profile-email-waiting');
    await page.goto(await confirmationLink(request, newEmail));
    await expect(page.getByRole('heading', { level: 1, name: 'Your new address is confirmed' })).toBeVisible();
    await snap(page, testInfo, 'confirm-email-changed');
    await page.getByRole('link', { name: 'Back to your profile' }).click();
    await expect(page).toHaveURL(/\/user-profile$/);
    await expect(page.getByRole('form', { name: 'Your details' }).getByLabel('Email')).toHaveValue(newEmail);
    await expect(page.getByRole('group', { name: 'Waiting for confirmation' })).toHaveCount(0);

    await page.getByLabel('Current password').fill('wrong-password-1');
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-2025');
    await page.getByLabel('Confirm the new password').fill('Brand-New-Pass-2025');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();
    await page.getByLabel('Current password').fill('Original-Pass-2025');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fuser-profile/);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('Brand-New-Pass-2025');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/user-profile$/);
  },
);

test('profile: a customer sees their orders and payment schedules', async ({ page }, testInfo) => {
  await signIn(page, 'customer', '/auth/login?next=%2Fuser-profile');
  await expect(page).toHaveURL(/\/user-profile$/);
  await settled(page);
  const order = page.getByTestId('order').first();
  await expect(order).toBeVisible();
  await order.getByText('Payment schedule', { exact: true }).click();
  await expect(order.getByRole('table')).toBeVisible();
  await snap(page, testInfo, 'storefront-user-profile');
});

test('new cut: reached from the home page and the footer; its drawings, and the API’s pieces of the cut, paged', async ({
  page,
  request,
}, testInfo) => {
  const errors = watchConsole(page);
  type Piece = { name: string; gemstone: { cut: string | null } | null };
  const api = (await (await request.get('/api/products?cut=Oval&sort=createdAt%2Cdesc&size=100')).json()) as {
    totalElements: number;
    content: Piece[];
  };
  // The demo catalogue sets 13 ovals: two pages of twelve.
  expect(api.totalElements).toBeGreaterThan(12);
  expect(api.content.every((p) => p.gemstone?.cut?.toLowerCase() === 'oval')).toBe(true);

  await page.goto('/home');
  await settled(page);
  await page.getByRole('region', { name: 'The Mirror Oval' }).getByRole('link', { name: 'Discover the new cut' }).click();
  await expect(page).toHaveURL(/\/new-cut$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Mirror Oval' })).toBeVisible();
  await expect(page).toHaveTitle('The new cut: The Mirror Oval — Mirror');
  for (const name of [/face up/, /in profile/, /face down/])
    await expect(page.getByTestId('cut-diagram').getByRole('img', { name })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '60.9%' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The bow-tie' })).toBeVisible();

  const pieces = page.getByTestId('new-cut-pieces');
  const names = () => pieces.getByRole('heading', { level: 3 }).allTextContents();
  await expect(page.getByText(`${api.totalElements} pieces`)).toBeVisible();
  await expect.poll(names).toEqual(api.content.slice(0, 12).map((p) => p.name));
  await expectAxeClean(page);
  await page.evaluate(() => document.fonts.ready);
  await snap(page, testInfo, 'new-cut');
  await page.getByTestId('cut-diagram').scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'new-cut-geometry');

  await page.getByRole('navigation', { name: 'Pages of pieces set with the oval' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/new-cut\?page=2$/);
  await expect.poll(names).toEqual(api.content.slice(12, 24).map((p) => p.name));
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'The new cut' })).toHaveAttribute('href', '/new-cut');
  expect(errors).toEqual([]);
});

test('new cut: the film paints its poster a screen ahead and loads only within 50 px of the viewport (docs/product.md §9), then plays', async ({
  page,
}) => {
  const films: string[] = [];
  const posters: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\.(webm|mp4)$/.test(path)) films.push(request.url());
    if (/new-cut-oval-poster/.test(path)) posters.push(request.url());
  });
  // The server's page names no poster: it is not fetched with the first screen's images and fonts.
  expect(await (await page.request.get('/new-cut')).text()).not.toMatch(/poster=/);
  await page.goto('/new-cut');
  await settled(page);
  const video = page.locator('video');
  await expect(video).toHaveAttribute('preload', 'none');
  const { top, screen } = await video.evaluate((v) => ({ top: v.getBoundingClientRect().top, screen: window.innerHeight }));
  if (top > 2 * screen + 10) {
    expect(await video.getAttribute('poster'), 'more than a screen away: no poster yet').toBeNull();
    expect(posters).toEqual([]);
  }
  /** Scrolls so that the film's top edge is `gap` px below the bottom of the viewport, and lets the observer report. */
  const stopShort = async (gap: number) => {
    await page.evaluate((px) => {
      const top = document.querySelector('video')!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - window.innerHeight - px);
    }, gap);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };
  await stopShort(150);
  await expect(video).toHaveAttribute('poster', /new-cut-oval-poster.*\.webp$/);
  await stopShort(70);
  await expect(video).toHaveAttribute('data-state', 'waiting');
  expect(films).toEqual([]);
  await stopShort(30);
  await expect(video).toHaveAttribute('data-state', 'loaded');
  await expect.poll(() => films.length).toBeGreaterThan(0);
  await video.scrollIntoViewIfNeeded();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 15_000 }).toBe(true);
});
