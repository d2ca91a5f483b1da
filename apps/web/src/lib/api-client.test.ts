// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, TIMEOUTS, apiClient, request } from './api-client';
import { ApiError, GENERIC_ERROR_TEXT, NETWORK_ERROR_TEXT, errorText } from './errors';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './tokens';
import { USER_A, jsonResponse, makeToken, mockFetch } from '../test/http';

const OLD = makeToken(USER_A, { v: 1 });
const NEW = makeToken(USER_A, { v: 2 });

function signedIn(refreshToken: string | null = 'refresh-1') {
  localStorage.setItem(ACCESS_TOKEN_KEY, OLD);
  if (refreshToken) localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
}

/** Protected endpoints accept only NEW; the refresh endpoint answers `refresh`. */
function serverWith(refresh: () => Response | Promise<Response>) {
  return mockFetch((call) => {
    if (call.url.endsWith(AUTH_PATHS.refresh)) return refresh();
    return call.headers.authorization === `Bearer ${NEW}`
      ? jsonResponse(200, { ok: true })
      : jsonResponse(401, { message: 'Token expired' });
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('request headers', () => {
  it('sends JSON and no-cache headers and no credentials when signed out', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, []));
    await apiClient.get('/api/products');
    expect(calls[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'cache-control': 'no-cache',
      pragma: 'no-cache',
    });
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.headers['x-user-id']).toBeUndefined();
  });

  it('sends the bearer token and X-User-Id taken from the token userId', async () => {
    signedIn();
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await apiClient.post('/api/orders', { a: 1 });
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${OLD}`);
    expect(calls[0]?.headers['x-user-id']).toBe(USER_A);
    expect(calls[0]?.body).toEqual({ a: 1 });
    expect(calls[0]?.method).toBe('POST');
  });

  it('omits X-User-Id when the token carries no userId', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'not-a-jwt');
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await apiClient.get('/api/users/me');
    expect(calls[0]?.headers.authorization).toBe('Bearer not-a-jwt');
    expect(calls[0]?.headers['x-user-id']).toBeUndefined();
  });

  it('lets the browser set the multipart content type for uploads', async () => {
    const { calls } = mockFetch(() => jsonResponse(201, {}));
    const form = new FormData();
    form.set('description', 'ring');
    await apiClient.upload('/api/files/upload', form);
    expect(calls[0]?.headers['content-type']).toBeUndefined();
    expect(calls[0]?.headers['cache-control']).toBe('no-cache');
  });

  it('serialises query params and skips empty ones', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await apiClient.get('/api/products/search', { query: { q: 'ring', page: 0, vendorId: undefined } });
    expect(calls[0]?.url).toBe('/api/products/search?q=ring&page=0');
  });

  it('returns undefined for 204', async () => {
    mockFetch(() => jsonResponse(204));
    await expect(apiClient.delete('/api/products/1')).resolves.toBeUndefined();
  });
});

describe('timeouts', () => {
  const hang = () => new Promise<Response>(() => undefined);

  it.each([
    ['default', () => apiClient.get('/api/products'), TIMEOUTS.default, 10_000],
    ['upload', () => apiClient.upload('/api/files/upload', new FormData()), TIMEOUTS.upload, 60_000],
    ['email', () => apiClient.email('/api/notifications/email', {}), TIMEOUTS.email, 30_000],
  ])('%s calls give up after their timeout', async (_name, call, timeout, expected) => {
    expect(timeout).toBe(expected);
    vi.useFakeTimers();
    mockFetch(hang);
    const settled = vi.fn();
    const promise = call().catch((error: unknown) => {
      settled(error);
      throw error;
    });
    promise.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(expected - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = settled.mock.calls[0]?.[0] as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isTimeout).toBe(true);
    expect(error.message).toBe(NETWORK_ERROR_TEXT);
  });

  it('keeps a caller abort as an AbortError', async () => {
    mockFetch(hang);
    const controller = new AbortController();
    const promise = request('/api/products', { signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('401 and the token refresh', () => {
  it('refreshes once, stores the new pair and retries with the new token', async () => {
    signedIn('refresh-1');
    const { calls } = serverWith(() =>
      jsonResponse(200, { accessToken: NEW, refreshToken: 'refresh-2', tokenType: 'Bearer', expiresIn: 900 }),
    );
    await expect(apiClient.get('/api/users/me')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/users/me', AUTH_PATHS.refresh, '/api/users/me']);
    const refresh = calls[1]!;
    expect(refresh.method).toBe('POST');
    expect(refresh.body).toEqual({ refreshToken: 'refresh-1' });
    expect(refresh.headers.authorization).toBeUndefined();
    expect(calls[2]?.headers.authorization).toBe(`Bearer ${NEW}`);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(NEW);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
  });

  it('attempts the refresh only once per request', async () => {
    signedIn();
    // The refresh "succeeds" with a token the server still rejects.
    const { calls } = mockFetch((call) =>
      call.url.endsWith(AUTH_PATHS.refresh)
        ? jsonResponse(200, { accessToken: makeToken(USER_A, { v: 9 }), refreshToken: 'refresh-2' })
        : jsonResponse(401, { message: 'Still not you' }),
    );
    await expect(apiClient.get('/api/orders/1')).rejects.toMatchObject({ status: 401, message: 'Still not you' });
    expect(calls.filter((c) => c.url.endsWith(AUTH_PATHS.refresh))).toHaveLength(1);
    expect(calls).toHaveLength(3);
  });

  it('removes the access token when there is no refresh token', async () => {
    signedIn(null);
    const { calls } = serverWith(() => jsonResponse(500));
    await expect(apiClient.get('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('removes both tokens when the refresh is refused', async () => {
    signedIn();
    serverWith(() => jsonResponse(401, { message: 'Refresh token already used' }));
    await expect(apiClient.get('/api/me/orders')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('removes both tokens when the refresh call cannot reach the server', async () => {
    signedIn();
    serverWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiClient.get('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('shares one refresh between concurrent 401s', async () => {
    signedIn();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = serverWith(async () => {
      await gate;
      return jsonResponse(200, { accessToken: NEW, refreshToken: 'refresh-2' });
    });
    const all = Promise.all([apiClient.get('/api/users/me'), apiClient.get('/api/orders'), apiClient.get('/api/products')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url.endsWith(AUTH_PATHS.refresh))).toHaveLength(1));
    release();
    await expect(all).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(calls.filter((c) => c.url.endsWith(AUTH_PATHS.refresh))).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });

  it('retries without refreshing when another request already refreshed meanwhile', async () => {
    signedIn();
    let answerFirst!: (r: Response) => void;
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith(AUTH_PATHS.refresh)) return jsonResponse(200, { accessToken: NEW, refreshToken: 'refresh-2' });
      if (call.url === '/api/slow' && call.headers.authorization === `Bearer ${OLD}`) {
        return new Promise<Response>((resolve) => {
          answerFirst = resolve;
        });
      }
      return call.headers.authorization === `Bearer ${NEW}` ? jsonResponse(200, { ok: true }) : jsonResponse(401, {});
    });
    const slow = apiClient.get('/api/slow');
    await apiClient.get('/api/fast');
    answerFirst(jsonResponse(401, {}));
    await expect(slow).resolves.toEqual({ ok: true });
    expect(calls.filter((c) => c.url.endsWith(AUTH_PATHS.refresh))).toHaveLength(1);
  });

  it('never refreshes for the auth calls themselves', async () => {
    signedIn();
    const { calls } = mockFetch(() =>
      jsonResponse(401, { status: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' }),
    );
    await expect(apiClient.post(AUTH_PATHS.authenticate, { username: 'a', password: 'b' })).rejects.toMatchObject({
      message: 'Invalid username or password.',
      code: 'INVALID_CREDENTIALS',
    });
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(OLD);
  });
});

describe('error text (docs/product.md §8)', () => {
  it("uses the server's message", async () => {
    mockFetch(() => jsonResponse(409, { status: 409, error: 'Conflict', code: 'USERNAME_TAKEN', message: 'That username is taken.' }));
    const error = await apiClient.post('/api/users', {}).catch((e: unknown) => e);
    expect(errorText(error)).toBe('That username is taken.');
  });

  it("falls back on the server's error text", async () => {
    mockFetch(() => jsonResponse(403, { error: 'Forbidden' }));
    expect(errorText(await apiClient.get('/api/users').catch((e: unknown) => e))).toBe('Forbidden');
  });

  it("says 'Server error: {status}' when the body has neither", async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(errorText(await apiClient.get('/api/users').catch((e: unknown) => e))).toBe('Server error: 502');
    mockFetch(() => jsonResponse(500));
    expect(errorText(await apiClient.get('/api/users').catch((e: unknown) => e))).toBe('Server error: 500');
  });

  it('reports a network error when no response arrives', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiClient.get('/api/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).hasResponse).toBe(false);
    expect(errorText(error)).toBe(NETWORK_ERROR_TEXT);
    expect(NETWORK_ERROR_TEXT).toBe('Network error - please check your connection');
  });

  it("uses any other error's own message, else 'An error occurred'", () => {
    expect(errorText(new Error('Card declined'))).toBe('Card declined');
    expect(errorText(new Error(''))).toBe(GENERIC_ERROR_TEXT);
    expect(errorText('boom')).toBe('An error occurred');
    expect(errorText(undefined)).toBe('An error occurred');
  });

  it('keeps the field details for forms', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        status: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: 'Check the fields.',
        details: [{ path: 'email', message: 'Enter a valid email address' }, { bogus: true }],
      }),
    );
    const error = (await apiClient.post('/api/users', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.details).toEqual([{ path: 'email', message: 'Enter a valid email address' }]);
    expect(error.status).toBe(400);
  });
});
