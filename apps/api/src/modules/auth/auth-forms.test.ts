import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

/** The sign-in and registration forms posted without the app (decision 0121). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const origin = new URL(t.baseUrl).origin;
  return fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    // An empty value: the header is not sent.
    headers: Object.fromEntries(
      Object.entries({ 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'same-origin', ...headers }).filter(
        ([, value]) => value !== '',
      ),
    ),
    body: new URLSearchParams(fields).toString(),
  });
}

describe('POST /auth/login (the form)', () => {
  it('signs in: the answer hands the session over and names the page asked for, nothing cached', async () => {
    const user = await t.createUser();
    const res = await post('/auth/login?next=%2Fuser-profile', { username: user.username, password: user.password });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<script src="/session-handover.js"></script>');
    const data = JSON.parse(/<script type="application\/json" id="session-handover">(.*?)<\/script>/s.exec(html)![1]!) as {
      accessToken: string;
      next: string;
    };
    expect(data.next).toBe('/user-profile');
    // The very session the API's sign-in gives.
    const me = await fetch(`${t.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${data.accessToken}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(user.username);
    expect(html).not.toContain(user.password);
  });

  it('goes back to the form with a code, never the password or the username, when they are wrong or missing', async () => {
    const user = await t.createUser();
    const wrong = await post('/auth/login?next=%2Fuser-profile', { username: user.username, password: 'not-the-password' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/auth/login?error=credentials&next=%2Fuser-profile');
    const empty = await post('/auth/login', { username: '', password: '' });
    expect(empty.status).toBe(303);
    expect(empty.headers.get('location')).toBe('/auth/login?error=missing');
  });

  it('never sends anyone off the site', async () => {
    const user = await t.createUser();
    const res = await post('/auth/login?next=%2F%2Fevil.example', { username: user.username, password: user.password });
    expect(await res.text()).toContain('"next":"/home"');
  });

  it('refuses a form posted from another site (login CSRF)', async () => {
    const user = await t.createUser();
    const res = await post(
      '/auth/login',
      { username: user.username, password: user.password },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    // Without fetch metadata, an `Origin: null` proves nothing either.
    const bare = await post('/auth/login', { username: user.username, password: user.password }, { origin: 'null', 'sec-fetch-site': '' });
    expect(bare.status).toBe(403);
  });
});

describe('POST /auth/register (the form)', () => {
  it('registers: "check your inbox"', async () => {
    const res = await post('/auth/register', {
      username: 'form_person',
      email: 'form.person@example.com',
      password: 'a-long-enough-password',
      phone: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/register?sent=1');
  });

  it('goes back to the form with the fields to correct, and none of what was typed', async () => {
    const res = await post('/auth/register?next=%2Fhome', { username: 'form_other', email: 'not-an-address', password: 'short' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/register?error=invalid&fields=email%2Cpassword&next=%2Fhome');
  });
});
