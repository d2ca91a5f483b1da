/**
 * Session: sign-in, sign-out and the current-user loader (docs/product.md §4, §8, §9).
 *
 * Signed in means: an access token is stored and the current user is known. The loader calls
 * GET /api/users/me at most once per second and keeps the user in localStorage for 50 minutes.
 */
import type { AuthenticateBody, TokenPair, User } from '@mirror/contract';
import { AUTH_PATHS, apiClient } from './api-client';
import { ApiError } from './errors';
import { getAccessToken, getRefreshToken, onTokensChange, removeTokens, setTokens, userIdFromToken } from './tokens';

export type SessionUser = User;

export const USER_DATA_KEY = 'userData';
export const USER_CACHE_TIMESTAMP_KEY = 'userCacheTimestamp';
export const USER_CACHE_TTL_MS = 3_000_000;
export const USER_THROTTLE_MS = 1_000;
export const THROTTLED_NO_CACHE_TEXT = 'Request throttled and no cached data available';
export const CURRENT_USER_PATH = '/api/users/me';

// ---------------------------------------------------------------- user cache

interface CachedUser {
  user: SessionUser;
  storedAt: number;
}

function readCache(): CachedUser | null {
  try {
    const raw = localStorage.getItem(USER_DATA_KEY);
    const storedAt = Number(localStorage.getItem(USER_CACHE_TIMESTAMP_KEY));
    if (!raw || !Number.isFinite(storedAt) || storedAt <= 0) return null;
    // Stored text: anything JSON, `null` included, until checked.
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || typeof (parsed as { username?: unknown }).username !== 'string') return null;
    const user = parsed as SessionUser;
    // Never show one person's cached profile under another person's token.
    const tokenUserId = userIdFromToken(getAccessToken());
    if (tokenUserId && user.userId && user.userId !== tokenUserId) return null;
    return { user, storedAt };
  } catch {
    return null;
  }
}

/** The cached user when it is younger than the 50-minute TTL. */
export function readCachedUser(now: number = Date.now()): SessionUser | null {
  const cached = readCache();
  return cached && now - cached.storedAt < USER_CACHE_TTL_MS ? cached.user : null;
}

function writeCachedUser(user: SessionUser, now: number): void {
  try {
    localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
    localStorage.setItem(USER_CACHE_TIMESTAMP_KEY, String(now));
  } catch {
    // A full or disabled storage only costs us the cache.
  }
}

export function clearCachedUser(): void {
  try {
    localStorage.removeItem(USER_DATA_KEY);
    localStorage.removeItem(USER_CACHE_TIMESTAMP_KEY);
  } catch {
    // Nothing to clear.
  }
}

// ---------------------------------------------------------------- current-user loader

let lastCallAt: number | null = null;
let inFlight: Promise<SessionUser> | null = null;

/** Forget the throttle clock: a new sign-in is a new session. */
export function resetUserLoader(): void {
  lastCallAt = null;
  inFlight = null;
}

export interface LoadUserOptions {
  /** Ask the server even when a fresh cached user exists. */
  force?: boolean;
  now?: () => number;
}

async function fetchCurrentUser(now: () => number): Promise<SessionUser> {
  try {
    const user = await apiClient.get<SessionUser>(CURRENT_USER_PATH);
    writeCachedUser(user, now());
    return user;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 429) {
      // Rate limited: keep the session and fall back on whatever we knew.
      const cached = readCache();
      if (cached) return cached.user;
      throw error;
    }
    if (error.status === 401) {
      const recent = readCachedUser(now());
      if (recent) return recent;
      clearCachedUser();
      removeTokens();
      setUser(null);
    }
    throw error;
  }
}

/**
 * Resolves the signed-in user. Concurrent callers share one call; a second call within one second
 * answers from the cache or fails with 'Request throttled and no cached data available'.
 */
export function loadCurrentUser(options: LoadUserOptions = {}): Promise<SessionUser> {
  const now = options.now ?? Date.now;
  const fresh = readCachedUser(now());
  if (fresh && !options.force) return Promise.resolve(fresh);
  if (inFlight) return inFlight;
  const at = now();
  if (lastCallAt !== null && at - lastCallAt < USER_THROTTLE_MS) {
    const cached = readCache();
    return cached ? Promise.resolve(cached.user) : Promise.reject(new Error(THROTTLED_NO_CACHE_TEXT));
  }
  lastCallAt = at;
  inFlight = fetchCurrentUser(now).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

// ---------------------------------------------------------------- session store

export interface SessionState {
  /** 'pending' until we know whether a stored token belongs to someone. */
  status: 'pending' | 'ready';
  user: SessionUser | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SessionState = { status: 'pending', user: null };

function setState(next: SessionState): void {
  if (next.status === state.status && next.user === state.user) return;
  state = next;
  for (const listener of [...listeners]) listener();
}

function setUser(user: SessionUser | null): void {
  setState({ status: 'ready', user });
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasRole(user: SessionUser | null, role: SessionUser['role']): boolean {
  if (!user) return false;
  return user.role === role || (Array.isArray(user.roles) && user.roles.includes(role));
}

const signOutCleanups = new Set<() => void>();

/** Lets the app register extra cleanup (the query cache) without this module importing it. */
export function onSignOut(cleanup: () => void): () => void {
  signOutCleanups.add(cleanup);
  return () => signOutCleanups.delete(cleanup);
}

let stopWatchingTokens: (() => void) | null = null;

/**
 * Boot: render at once from the cached user when there is one, then ask the server. When the API
 * client drops the access token (refresh failed), the session ends here too.
 */
export function initSession(): void {
  stopWatchingTokens?.();
  stopWatchingTokens = onTokensChange(() => {
    if (!getAccessToken() && state.user) setUser(null);
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === 'accessToken' && !event.newValue) setUser(null);
    });
  }
  if (!getAccessToken()) {
    setUser(null);
    return;
  }
  const cached = readCachedUser();
  if (cached) setUser(cached);
  loadCurrentUser({ force: true })
    .then((user) => setUser(getAccessToken() ? user : null))
    .catch(() => setUser(getAccessToken() ? (readCache()?.user ?? null) : null));
}

export async function signIn(credentials: AuthenticateBody): Promise<SessionUser> {
  const pair = await apiClient.post<TokenPair>(AUTH_PATHS.authenticate, credentials);
  clearCachedUser();
  resetUserLoader();
  setTokens({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
  try {
    const user = await loadCurrentUser({ force: true });
    setUser(user);
    return user;
  } catch (error) {
    // Half a session is worse than none.
    removeTokens();
    setUser(null);
    throw error;
  }
}

/** Revoke on the server (best effort), then forget everything about the person locally. */
export async function signOut(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    await apiClient.post(AUTH_PATHS.logout, { refreshToken }, { timeoutMs: 5_000 }).catch(() => undefined);
  }
  clearCachedUser();
  removeTokens();
  resetUserLoader();
  setUser(null);
  for (const cleanup of [...signOutCleanups]) cleanup();
}

/** Test seam: back to a cold module state. */
export function resetSessionForTests(): void {
  resetUserLoader();
  state = { status: 'pending', user: null };
  listeners.clear();
  signOutCleanups.clear();
  stopWatchingTokens?.();
  stopWatchingTokens = null;
}
