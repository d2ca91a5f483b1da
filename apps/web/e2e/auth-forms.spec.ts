import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, settled, snap } from './helpers';

/**
 * Sign-in and registration are rendered on the server (decision 0121): what is typed before the app has
 * started survives hydration, and a form sent before then (or without JavaScript) is posted to the server,
 * which signs in or registers: nothing typed ever reaches a URL.
 */

/** Holds the app's entry module until the returned function is called: the page stays as the server sent it. */
async function holdApp(page: Page, request: APIRequestContext, url: string): Promise<() => void> {
  const html = await (await request.get(url)).text();
  const entry = /data-entry="([^"]+)"/.exec(html)?.[1];
  expect(entry, 'the page starts its app through start.js').toBeTruthy();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${entry}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every URL the page asks for (documents, scripts, API calls), to check none carries a secret. */
function urlsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const isHydrated = (page: Page) => page.locator('html[data-app-ready]');

test('sign-in: what is typed before the app starts is kept, with the focus and caret, and the form then signs in', async ({
  page,
  request,
}) => {
  const url = '/auth/login?next=%2Fuser-profile';
  const release = await holdApp(page, request, url);
  const urls = urlsOf(page);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(isHydrated(page)).toHaveCount(0);
  await page.getByLabel('Username').pressSequentially('customer');
  const password = page.getByLabel('Password');
  await password.pressSequentially(DEMO_PASSWORD.slice(0, 6));
  release();
  await expect(isHydrated(page)).toHaveCount(1);
  await expect(page.getByLabel('Username')).toHaveValue('customer');
  await expect(password).toHaveValue(DEMO_PASSWORD.slice(0, 6));
  await expect(password).toBeFocused();
  // The caret stayed at the end: the rest of the password goes after what was typed.
  await page.keyboard.type(DEMO_PASSWORD.slice(6));
  await expect(password).toHaveValue(DEMO_PASSWORD);
  const authenticate = page.waitForRequest((r) => r.url().endsWith('/api/auth/authenticate') && r.method() === 'POST');
  await page.keyboard.press('Enter');
  // The app's own sign-in (a JSON call), then the page asked for.
  await authenticate;
  await expect(page).toHaveURL(/\/user-profile$/);
  expect(urls.filter((u) => u.includes(DEMO_PASSWORD) || u.includes('password='))).toEqual([]);
});

test('sign-in sent before the app starts is posted: the server signs in with the app’s session, no password in a URL', async ({
  page,
  request,
}, testInfo) => {
  const url = '/auth/login?next=%2Fuser-profile';
  const release = await holdApp(page, request, url);
  const urls = urlsOf(page);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  // Sent empty: the server says what is missing, and the fields are marked.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?error=missing&next=%2Fuser-profile$/);
  await expect(page.getByRole('alert')).toHaveText('Enter your username and password.');
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  // A wrong password: said, and the form is there again.
  await page.getByLabel('Username').fill('customer');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\?error=credentials&next=%2Fuser-profile$/);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await snap(page, testInfo, 'sign-in-posted-error');
  // The right one: signed in, then the page asked for.
  await page.getByLabel('Username').fill('customer');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user-profile$/);
  release();
  await settled(page);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy();
  await expect(page.getByText('customer').first()).toBeVisible();
  expect(urls.filter((u) => u.includes(DEMO_PASSWORD) || u.includes('not-the-password') || u.includes('password='))).toEqual([]);
  // Back does not post again (the handover page was replaced): the sign-in page, which sends the signed-in visitor on.
  await page.goBack();
  await expect(page).toHaveURL(/\/user-profile$/);
});

test('without JavaScript: sign-in and registration are posted and answered by the server', async ({ browser, page }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined });
  const bare = await context.newPage();
  const urls = urlsOf(bare);
  try {
    await bare.goto('/auth/login?next=%2Fcollections');
    await bare.getByLabel('Username').fill('customer');
    await bare.getByLabel('Password').fill(DEMO_PASSWORD);
    await bare.getByRole('button', { name: 'Sign in' }).click();
    await expect(bare.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
    await expect(bare.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/collections');

    await bare.goto('/auth/register');
    await bare.getByLabel('Username').fill(`nojs_${testInfo.project.name}_${Date.now() % 100_000}`);
    await bare.locator('form[method="post"]').getByLabel('Email').fill('not-an-address');
    await bare.getByLabel('Password', { exact: true }).fill('short');
    await bare.getByRole('button', { name: 'Create account' }).click();
    await expect(bare).toHaveURL(/\/auth\/register\?error=invalid&fields=email%2Cpassword$/);
    await expect(bare.getByRole('alert')).toHaveText('Some fields are not valid.');
    await expect(bare.locator('form[method="post"]').getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(bare.getByText('Password must be at least 10 characters')).toBeVisible();
    await snap(bare, testInfo, 'register-posted-error');

    await bare.getByLabel('Username').fill(`nojs_${testInfo.project.name}_${Date.now() % 100_000}`);
    await bare.locator('form[method="post"]').getByLabel('Email').fill(`nojs.${testInfo.project.name}.${Date.now()}@example.com`);
    await bare.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await bare.getByRole('button', { name: 'Create account' }).click();
    await expect(bare).toHaveURL(/\/auth\/register\?sent=1$/);
    await expect(bare.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(urls.filter((u) => u.includes(DEMO_PASSWORD) || u.includes('a-long-enough-password') || u.includes('password='))).toEqual([]);
  } finally {
    await context.close();
  }
});

test('registration: what is typed before the app starts is kept, and the form then registers', async ({ page, request }, testInfo) => {
  const release = await holdApp(page, request, '/auth/register');
  await page.goto('/auth/register', { waitUntil: 'domcontentloaded' });
  await expect(isHydrated(page)).toHaveCount(0);
  const stamp = `${testInfo.project.name}${Date.now() % 1_000_000}`;
  const email = `early.${stamp}@example.com`;
  await page.getByLabel('Username').pressSequentially(`early_${stamp}`);
  await page.locator('form[method="post"]').getByLabel('Email').pressSequentially(email);
  await page.getByLabel('Password', { exact: true }).pressSequentially('a-long-enough-password');
  release();
  await expect(isHydrated(page)).toHaveCount(1);
  await expect(page.getByLabel('Username')).toHaveValue(`early_${stamp}`);
  await expect(page.locator('form[method="post"]').getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});
