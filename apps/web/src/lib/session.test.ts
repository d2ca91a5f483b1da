// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from './api-client';
import {
  CURRENT_USER_PATH,
  THROTTLED_NO_CACHE_TEXT,
  USER_CACHE_TIMESTAMP_KEY,
  USER_CACHE_TTL_MS,
  USER_DATA_KEY,
  getSession,
  initSession,
  loadCurrentUser,
  onSignOut,
  resetSessionForTests,
  signIn,
  signOut,
} from './session';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './tokens';
import { USER_A, jsonResponse, makeToken, makeUser, mockFetch } from '../test/http';

const TOKEN = makeToken(USER_A);
const T0 = 1_750_000_000_000;

function signedIn() {
  localStorage.setItem(ACCESS_TOKEN_KEY, TOKEN);
  localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
}

function cacheUser(user: ReturnType<typeof makeUser>, storedAt: number) {
  localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
  localStorage.setItem(USER_CACHE_TIMESTAMP_KEY, String(storedAt));
}

const meCalls = (calls: { url: string }[]) => calls.filter((c) => c.url === CURRENT_USER_PATH).length;

beforeEach(() => {
  resetSessionForTests();
});

describe('current-user loader', () => {
  it('loads the user and caches it under userData and userCacheTimestamp', async () => {
    signedIn();
    mockFetch(() => jsonResponse(200, makeUser()));
    const user = await loadCurrentUser({ now: () => T0 });
    expect(user.username).toBe('customer');
    expect(JSON.parse(localStorage.getItem(USER_DATA_KEY)!)).toMatchObject({ username: 'customer' });
    expect(localStorage.getItem(USER_CACHE_TIMESTAMP_KEY)).toBe(String(T0));
  });

  it('answers from a cache younger than 3,000,000 ms without calling the server', async () => {
    signedIn();
    cacheUser(makeUser({ username: 'cached' }), T0);
    const { calls } = mockFetch(() => jsonResponse(200, makeUser()));
    expect(USER_CACHE_TTL_MS).toBe(3_000_000);
    await expect(loadCurrentUser({ now: () => T0 + USER_CACHE_TTL_MS - 1 })).resolves.toMatchObject({ username: 'cached' });
    expect(calls).toHaveLength(0);
  });

  it('calls the server once the cache is 3,000,000 ms old', async () => {
    signedIn();
    cacheUser(makeUser({ username: 'cached' }), T0);
    const { calls } = mockFetch(() => jsonResponse(200, makeUser({ username: 'fresh' })));
    await expect(loadCurrentUser({ now: () => T0 + USER_CACHE_TTL_MS })).resolves.toMatchObject({ username: 'fresh' });
    expect(meCalls(calls)).toBe(1);
  });

  it('ignores a cached user that belongs to another token', async () => {
    signedIn();
    cacheUser(makeUser({ userId: '22222222-2222-4222-8222-222222222222', username: 'someone-else' }), T0);
    mockFetch(() => jsonResponse(200, makeUser()));
    await expect(loadCurrentUser({ now: () => T0 + 10 })).resolves.toMatchObject({ username: 'customer' });
  });

  it('shares one call between concurrent callers', async () => {
    signedIn();
    const { calls } = mockFetch(() => jsonResponse(200, makeUser()));
    const [a, b] = await Promise.all([loadCurrentUser({ force: true }), loadCurrentUser({ force: true })]);
    expect(a).toBe(b);
    expect(meCalls(calls)).toBe(1);
  });

  it('is throttled to one call per second and fails without a cache', async () => {
    signedIn();
    let now = T0;
    const { calls } = mockFetch(() => jsonResponse(500, { message: 'Down' }));
    await expect(loadCurrentUser({ force: true, now: () => now })).rejects.toThrow('Down');
    now += 999;
    await expect(loadCurrentUser({ force: true, now: () => now })).rejects.toThrow(THROTTLED_NO_CACHE_TEXT);
    expect(THROTTLED_NO_CACHE_TEXT).toBe('Request throttled and no cached data available');
    expect(meCalls(calls)).toBe(1);
    now += 1;
    await expect(loadCurrentUser({ force: true, now: () => now })).rejects.toThrow('Down');
    expect(meCalls(calls)).toBe(2);
  });

  it('answers a throttled call from the cache', async () => {
    signedIn();
    let now = T0;
    const { calls } = mockFetch(() => jsonResponse(200, makeUser({ username: 'server' })));
    await loadCurrentUser({ force: true, now: () => now });
    now += 500;
    await expect(loadCurrentUser({ force: true, now: () => now })).resolves.toMatchObject({ username: 'server' });
    expect(meCalls(calls)).toBe(1);
  });

  it('on 429 keeps the session and uses the cached user', async () => {
    signedIn();
    cacheUser(makeUser({ username: 'cached' }), T0);
    mockFetch(() => jsonResponse(429, { message: 'Too many requests.' }));
    await expect(loadCurrentUser({ force: true, now: () => T0 + 1000 })).resolves.toMatchObject({ username: 'cached' });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(TOKEN);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });

  it('on 429 without a cache keeps the tokens and reports the error', async () => {
    signedIn();
    mockFetch(() => jsonResponse(429, { message: 'Too many requests.' }));
    await expect(loadCurrentUser({ force: true })).rejects.toMatchObject({ status: 429 });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(TOKEN);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });

  // The server refuses the user even after a successful refresh (e.g. the account was disabled).
  const refusingServer = () =>
    mockFetch((call) =>
      call.url.endsWith(AUTH_PATHS.refresh)
        ? jsonResponse(200, { accessToken: TOKEN, refreshToken: 'refresh-2' })
        : jsonResponse(401, { message: 'Authentication required.' }),
    );

  it('on 401 with no recent cache clears the user and both tokens', async () => {
    signedIn();
    cacheUser(makeUser({ username: 'stale' }), T0);
    refusingServer();
    await expect(loadCurrentUser({ force: true, now: () => T0 + USER_CACHE_TTL_MS + 1 })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_DATA_KEY)).toBeNull();
    expect(getSession().user).toBeNull();
  });

  it('on 401 with a recent cache keeps the session', async () => {
    signedIn();
    cacheUser(makeUser({ username: 'recent' }), T0);
    refusingServer();
    await expect(loadCurrentUser({ force: true, now: () => T0 + 60_000 })).resolves.toMatchObject({ username: 'recent' });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(TOKEN);
    expect(localStorage.getItem(USER_DATA_KEY)).not.toBeNull();
  });
});

describe('sign-in and sign-out', () => {
  it('stores both tokens, then loads the current user', async () => {
    const { calls } = mockFetch((call) =>
      call.url.endsWith(AUTH_PATHS.authenticate)
        ? jsonResponse(200, { accessToken: TOKEN, refreshToken: 'refresh-1', tokenType: 'Bearer', expiresIn: 900 })
        : jsonResponse(200, makeUser({ username: 'admin', role: 'ADMIN', roles: ['ADMIN'] })),
    );
    const user = await signIn({ username: 'admin', password: 'Mirror-Demo-2025' });
    expect(user.username).toBe('admin');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(TOKEN);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(calls.map((c) => c.url)).toEqual([AUTH_PATHS.authenticate, CURRENT_USER_PATH]);
    expect(calls[1]?.headers['x-user-id']).toBe(USER_A);
    expect(getSession()).toMatchObject({ status: 'ready', user: { username: 'admin' } });
  });

  it('revokes on the server and clears the user, the caches and both tokens', async () => {
    signedIn();
    cacheUser(makeUser(), Date.now());
    const { calls } = mockFetch(() => jsonResponse(204));
    let cleared = false;
    onSignOut(() => {
      cleared = true;
    });
    await signOut();
    expect(calls[0]).toMatchObject({ url: AUTH_PATHS.logout, method: 'POST', body: { refreshToken: 'refresh-1' } });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_DATA_KEY)).toBeNull();
    expect(getSession().user).toBeNull();
    expect(cleared).toBe(true);
  });

  it('signs out locally even when the server cannot be reached', async () => {
    signedIn();
    mockFetch(() => Promise.reject(new TypeError('offline')));
    await signOut();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('boots from the cached user, then revalidates it', async () => {
    signedIn();
    cacheUser(makeUser({ username: 'cached' }), Date.now());
    let answer!: (r: Response) => void;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    initSession();
    expect(getSession()).toMatchObject({ status: 'ready', user: { username: 'cached' } });
    answer(jsonResponse(200, makeUser({ username: 'renamed' })));
    await expect.poll(() => getSession().user?.username).toBe('renamed');
  });

  it('ends the session when the API client drops the tokens', async () => {
    signedIn();
    cacheUser(makeUser(), Date.now());
    mockFetch((call) => (call.url.endsWith(AUTH_PATHS.refresh) ? jsonResponse(401, {}) : jsonResponse(401, {})));
    initSession();
    expect(getSession().user).not.toBeNull();
    await expect.poll(() => getSession().user).toBeNull();
  });
});
