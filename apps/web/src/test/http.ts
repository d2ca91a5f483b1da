/** Test helpers: a scripted fetch and hand-made tokens. */
import { vi } from 'vitest';

export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token whose payload carries userId: enough for the client, which never verifies. */
export function makeToken(userId: string, extra: Record<string, unknown> = {}): string {
  return [base64url('{"alg":"HS256","typ":"JWT"}'), base64url(JSON.stringify({ userId, sub: userId, ...extra })), 'sig'].join('.');
}

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** Replaces global fetch with a router over `handler`; records every call. */
export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const raw = init.body;
    const call: Call = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init.method ?? 'GET',
      headers,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const signal = init.signal;
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return await new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
      Promise.resolve(handler(call)).then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export const USER_A = '11111111-1111-4111-8111-111111111111';

export function makeUser(overrides: Record<string, unknown> = {}) {
  return {
    id: USER_A,
    userId: USER_A,
    username: 'customer',
    email: 'customer@example.com',
    firstName: null,
    lastName: null,
    phone: null,
    role: 'CUSTOMER',
    roles: ['CUSTOMER'],
    status: 'ACTIVE',
    pendingEmail: null,
    lastLoginAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
