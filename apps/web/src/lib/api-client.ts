/**
 * The one fetch wrapper (docs/conventions.md §10). Every call sends JSON + no-cache headers and, when
 * signed in, the bearer token plus X-User-Id from its userId claim (docs/product.md §7). A 401 on any
 * non-auth call triggers at most one refresh per request, shared by concurrent callers (docs/product.md §8).
 */
import { env } from '../config/env';
import { ApiError, NETWORK_ERROR_TEXT, errorFromResponseBody } from './errors';
import { getAccessToken, getRefreshToken, removeAccessToken, removeTokens, setTokens, userIdFromToken } from './tokens';

export const TIMEOUTS = { default: 10_000, upload: 60_000, email: 30_000 } as const;

export const AUTH_PATHS = {
  authenticate: '/api/auth/authenticate',
  refresh: '/api/v1/auth/refresh-token',
  logout: '/api/auth/logout',
} as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON, except FormData which goes as multipart. */
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Defaults to the API base URL from env. */
  baseUrl?: string;
}

function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `${path.includes('?') ? '&' : '?'}${qs}` : ''}`;
}

/** Headers every call carries; the auth pair only when a token is present. */
export function buildHeaders(accessToken: string | null, isMultipart = false): Record<string, string> {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    Accept: 'application/json',
  };
  // Multipart bodies need the browser-generated boundary in their content type.
  if (!isMultipart) headers['Content-Type'] = 'application/json';
  if (accessToken) {
    headers.Authorization = `Bearer ${accessToken}`;
    const userId = userIdFromToken(accessToken);
    if (userId) headers['X-User-Id'] = userId;
  }
  return headers;
}

function isAuthCall(path: string): boolean {
  return /\/auth\//.test(path);
}

class TimeoutSignal {
  readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  timedOut = false;

  constructor(timeoutMs: number, outer?: AbortSignal) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, timeoutMs);
    if (outer) {
      if (outer.aborted) this.controller.abort(outer.reason);
      else outer.addEventListener('abort', () => this.controller.abort(outer.reason), { once: true });
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Response> {
  const timeout = new TimeoutSignal(timeoutMs, outer);
  try {
    return await fetch(url, { ...init, signal: timeout.controller.signal });
  } catch (error) {
    if (timeout.timedOut) throw new ApiError(NETWORK_ERROR_TEXT, { isTimeout: true, cause: error });
    // A caller's own abort (React Query cancellation) stays an AbortError.
    if (outer?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_TEXT, { cause: error });
  } finally {
    timeout.dispose();
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return await response.json();
    } catch {
      return undefined;
    }
  }
  const text = await response.text().catch(() => '');
  return text === '' ? undefined : text;
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  return errorFromResponseBody(response.status, typeof body === 'object' ? body : undefined);
}

let pendingRefresh: Promise<boolean> | null = null;

async function performRefresh(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    removeAccessToken();
    return false;
  }
  try {
    const response = await fetchWithTimeout(
      buildUrl(env.authBaseUrl, AUTH_PATHS.refresh),
      { method: 'POST', headers: buildHeaders(null), body: JSON.stringify({ refreshToken }) },
      TIMEOUTS.default,
    );
    const body = response.ok ? await readBody(response) : undefined;
    const pair = body && typeof body === 'object' ? (body as { accessToken?: unknown; refreshToken?: unknown }) : {};
    if (typeof pair.accessToken !== 'string' || !pair.accessToken) {
      removeTokens();
      return false;
    }
    setTokens({
      accessToken: pair.accessToken,
      refreshToken: typeof pair.refreshToken === 'string' ? pair.refreshToken : refreshToken,
    });
    return true;
  } catch {
    removeTokens();
    return false;
  }
}

/**
 * Refreshes the token pair once for everyone waiting: refresh tokens are single use, so two
 * parallel refreshes would spend the token twice and sign the person out.
 */
export function refreshSession(): Promise<boolean> {
  pendingRefresh ??= performRefresh().finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

/** The successful Response itself (after the one refresh on 401); failures throw the usual ApiError. */
async function sendForResponse(path: string, options: RequestOptions, isRetry: boolean): Promise<Response> {
  const isMultipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const accessToken = getAccessToken();
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers: { ...buildHeaders(accessToken, isMultipart), ...options.headers },
    cache: 'no-store',
  };
  if (options.body !== undefined) init.body = isMultipart ? (options.body as FormData) : JSON.stringify(options.body);
  const response = await fetchWithTimeout(
    buildUrl(options.baseUrl ?? env.apiBaseUrl, path, options.query),
    init,
    options.timeoutMs ?? TIMEOUTS.default,
    options.signal,
  );
  if (response.status === 401 && !isRetry && !isAuthCall(path)) {
    const current = getAccessToken();
    // Another request already refreshed while this one was in flight: just retry with the new token.
    const isRefreshed = current !== null && current !== accessToken ? true : await refreshSession();
    if (isRefreshed) return sendForResponse(path, options, true);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/**
 * A download read as a stream (CSV exports): the same headers, refresh and error texts as every
 * call, but the caller reads `response.body` itself (to show progress). The timeout covers the
 * wait for the response's headers, not the whole transfer; `signal` cancels the transfer.
 */
export function requestResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  return sendForResponse(path, options, false);
}

async function send<T>(path: string, options: RequestOptions, isRetry: boolean): Promise<T> {
  return (await readBody(await sendForResponse(path, options, isRetry))) as T;
}

export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, options, false);
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const apiClient = {
  get: <T>(path: string, options?: Omit<BodyOptions, never>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) => request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) => request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodyOptions) => request<T>(path, { ...options, method: 'DELETE' }),
  /** Multipart upload, 60 s timeout (docs/product.md §9). */
  upload: <T>(path: string, form: FormData, options?: BodyOptions) =>
    request<T>(path, { timeoutMs: TIMEOUTS.upload, ...options, method: 'POST', body: form }),
  /** Email notifications get 30 s (docs/product.md §9). */
  email: <T>(path: string, body: unknown, options?: BodyOptions) =>
    request<T>(path, { timeoutMs: TIMEOUTS.email, ...options, method: 'POST', body }),
};

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  baseUrl?: string;
}

function xhrSend(url: string, form: FormData, options: UploadOptions): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = options.timeoutMs ?? TIMEOUTS.upload;
    for (const [name, value] of Object.entries(buildHeaders(getAccessToken(), true))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_TEXT));
    xhr.ontimeout = () => reject(new ApiError(NETWORK_ERROR_TEXT, { isTimeout: true }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        xhr.abort();
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/**
 * Multipart upload that reports progress: fetch cannot observe request bytes, so this one call
 * uses XMLHttpRequest — with the same headers, the same single refresh on 401 and the same
 * error texts as every other call.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const url = buildUrl(options.baseUrl ?? env.apiBaseUrl, path);
  const tokenBefore = getAccessToken();
  let result = await xhrSend(url, form, options);
  if (result.status === 401 && !isAuthCall(path)) {
    const current = getAccessToken();
    const isRefreshed = current !== null && current !== tokenBefore ? true : await refreshSession();
    if (isRefreshed) result = await xhrSend(url, form, options);
  }
  if (result.status < 200 || result.status >= 300) throw errorFromResponseBody(result.status, result.body);
  return result.body as T;
}
