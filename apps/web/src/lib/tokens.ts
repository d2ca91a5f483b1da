/**
 * Session tokens in localStorage (docs/product.md §3: the access token lives under `accessToken`).
 * Listeners hear every change so the session store notices when the API client drops tokens.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the app then behaves as signed out.
    return null;
  }
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
}

export function setTokens(tokens: { accessToken: string; refreshToken?: string | null }): void {
  const store = storage();
  if (!store) return;
  store.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  if (tokens.refreshToken) store.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  notify();
}

export function removeAccessToken(): void {
  storage()?.removeItem(ACCESS_TOKEN_KEY);
  notify();
}

export function removeTokens(): void {
  const store = storage();
  store?.removeItem(ACCESS_TOKEN_KEY);
  store?.removeItem(REFRESH_TOKEN_KEY);
  notify();
}

/** Reads one claim of a JWT payload without verifying it: the server verifies, we only route. */
function decodePayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function userIdFromToken(token: string | null): string | null {
  if (!token) return null;
  const userId = decodePayload(token)?.userId;
  return typeof userId === 'string' && userId ? userId : null;
}
