/** One error type for every failed call, carrying the text a person may read (docs/product.md §8). */
export const NETWORK_ERROR_TEXT = 'Network error - please check your connection';
export const GENERIC_ERROR_TEXT = 'An error occurred';

export interface FieldIssue {
  path: string;
  message: string;
}

export interface ApiErrorInit {
  status?: number;
  code?: string;
  details?: FieldIssue[];
  isTimeout?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Undefined when no response arrived (network failure or timeout). */
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly details: FieldIssue[];
  readonly isTimeout: boolean;

  constructor(message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.isTimeout = init.isTimeout ?? false;
  }

  get hasResponse(): boolean {
    return this.status !== undefined;
  }
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

function readDetails(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { path, message } = item as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

/** Error for a response that arrived: the server's message, else its error text, else 'Server error: {status}'. */
export function errorFromResponseBody(status: number, body: unknown): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const text = nonEmptyString(record.message) ?? nonEmptyString(record.error) ?? `Server error: ${status}`;
  return new ApiError(text, {
    status,
    code: nonEmptyString(record.code) ?? undefined,
    details: readDetails(record.details),
  });
}

/** The text to show for any thrown value. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || GENERIC_ERROR_TEXT;
  if (error instanceof Error) return error.message || GENERIC_ERROR_TEXT;
  return GENERIC_ERROR_TEXT;
}
