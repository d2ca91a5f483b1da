import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';

export const DEMO_PASSWORD = 'Mirror-Demo-2025';
export type DemoUser = 'admin' | 'vendor' | 'designer' | 'customer';

export const ARTIFACTS = path.join(import.meta.dirname, 'artifacts');

export function isDesktop(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'desktop';
}

/** Saves a named screenshot under e2e/artifacts/<project>/. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, testInfo.project.name, `${name}.png`), fullPage: false });
}

/**
 * Waits until the app is live (a server-rendered page is hydrated: `<html data-app-ready>`) and the
 * lazy route replaced 'Loading...'.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  // A lazy route's chunk can take a while on a busy CI machine (3D suites share its two cores).
  await expect(page.locator('[data-route-loading]')).toHaveCount(0, { timeout: 20_000 });
  // A page transition still running resets the scroll when the new page is in (lib/transitions.ts): a click aimed
  // at the new page before then can land where the page was a moment earlier.
  await expect(page.getByTestId('page-transition-overlay')).toHaveCount(0, { timeout: 20_000 });
}

export async function signIn(page: Page, user: DemoUser, from = '/auth/login'): Promise<void> {
  await page.goto(from);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const submit = page.getByRole('button', { name: 'Sign in' });
  await submit.click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  // The address changes when the navigation starts; the next page renders a moment later (a transition), and
  // its route change closes any popup opened in between. Wait until the sign-in form is gone and the page is in.
  await expect(submit).toHaveCount(0);
  await settled(page);
}

/** A demo user's token pair, from the API's sign-in. */
export async function apiTokens(request: APIRequestContext, user: DemoUser): Promise<{ accessToken: string; refreshToken: string }> {
  const answer = await request.post('/api/auth/authenticate', { data: { username: user, password: DEMO_PASSWORD } });
  expect(answer.ok(), `${user} signs in`).toBe(true);
  return (await answer.json()) as { accessToken: string; refreshToken: string };
}

/** A demo user's access token, for a test's own API calls (its setup, its oracle). */
export async function accessToken(request: APIRequestContext, user: DemoUser): Promise<string> {
  return (await apiTokens(request, user)).accessToken;
}

/** The admin's API access for a test's setup and oracle: the request context and its authorization header. */
export interface Admin {
  request: APIRequestContext;
  headers: Record<string, string>;
}

export async function asAdmin(request: APIRequestContext): Promise<Admin> {
  return { request, headers: { Authorization: `Bearer ${await accessToken(request, 'admin')}` } };
}

/**
 * Signed in through the API, for a test whose subject is not the sign-in: the pair stored where the app's own
 * sign-in stores it (src/lib/tokens.ts), on a page of the origin that runs nothing (the form itself is tested in
 * auth-forms, protected, register and account). The caller then opens the page it tests.
 */
export async function signInByApi(page: Page, user: DemoUser): Promise<void> {
  const { accessToken, refreshToken } = await apiTokens(page.request, user);
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
    },
    [accessToken, refreshToken] as const,
  );
}

/** The navbar's account trigger (exact name: pages may have a 'Create account' button). */
export function accountButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Account', exact: true });
}

/**
 * The confirmation link mailed to an address, as the house's administrator reads it in the outbox (no SMTP
 * in the e2e run: mail stays QUEUED): its path and query, to open on the server under test.
 */
export async function confirmationLink(request: APIRequestContext, address: string): Promise<string> {
  const { accessToken } = await apiTokens(request, 'admin');
  const outbox = await request.get('/api/notifications/outbox?emailType=ACCOUNT_NOTICE&size=100', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(outbox.ok()).toBe(true);
  const mails = ((await outbox.json()) as { content: { recipients: string[]; subject: string; text: string }[] }).content;
  const mail = mails.find(
    (m) => m.recipients.map((r) => r.toLowerCase()).includes(address.toLowerCase()) && /\/auth\/confirm\?token=/.test(m.text),
  );
  expect(mail, `a confirmation link mailed to ${address}`).toBeTruthy();
  return mail!.text.match(/\/auth\/confirm\?token=[\w.-]+/)![0];
}

/**
 * A browser without WebGL, before the page's scripts: no canvas gives a WebGL context under any of its names, and
 * there is no OffscreenCanvas (a page's init script cannot reach a worker's canvases, where the graphics probe
 * asks first: decision 0125), so the probe asks the page's canvases, as it does in a browser whose workers have no
 * WebGL. What a worker answers is covered by every other 3D test (SwiftShader: 'software').
 */
export async function withoutWebGL(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- kept unbound on purpose: called with .call(this) on each canvas
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (/webgl/i.test(type)) return null;
      return (original as (...a: unknown[]) => unknown).call(this, type, ...rest);
    } as typeof original;
    Reflect.deleteProperty(window, 'OffscreenCanvas');
  });
}

/**
 * After a keyboard pick-up in a sortable list: waits until the drag-and-drop sensor listens for the arrows. dnd-kit's
 * KeyboardSensor adds its keydown listener one timer turn after the pick-up (`attach`: `setTimeout`), and the
 * "Picked up …" announcement can come first: on a busy machine an arrow pressed at once was lost (the product
 * editor's test, 2026-12-06). A timer set now runs after the sensor's.
 */
export async function keyboardSensorListening(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}
