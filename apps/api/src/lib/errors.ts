/** Every error the API means to return goes through AppError; the code picks the status. */
const STATUS_BY_CODE = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  CAPTCHA_FAILED: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_TOKEN: 401,
  INVALID_REFRESH_TOKEN: 401,
  FORBIDDEN: 403,
  VENDOR_NOT_LINKED: 403,
  USER_ID_MISMATCH: 403,
  RECIPIENT_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  LOCATION_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  SCHEDULE_ITEM_NOT_FOUND: 404,
  INSUFFICIENT_STOCK: 409,
  INVALID_TRANSITION: 409,
  TERMS_LOCKED: 409,
  OVERPAYMENT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PRICE_ON_REQUEST: 422,
  CURRENCY_MISMATCH: 422,
  PRODUCT_NOT_FOUND: 404,
  COLLECTION_NOT_FOUND: 404,
  COLLECTION_PRODUCT_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  COMPONENT_NOT_FOUND: 404,
  COMPONENT_OPTIONAL_NOT_FOUND: 404,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  LAST_ADMIN: 409,
  SKU_TAKEN: 409,
  SLUG_TAKEN: 409,
  NAME_TAKEN: 409,
  IN_USE: 409,
  ALREADY_IN_COLLECTION: 409,
  NOT_DELETED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_FILE_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  LOGIN_THROTTLED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}
