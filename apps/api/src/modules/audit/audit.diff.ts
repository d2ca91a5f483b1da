import type { AuditChange } from '@mirror/contract';

/**
 * Never recorded, whatever the record: password hashes, tokens and their versions, secrets, keys,
 * fingerprints. Every event passes through `redact` before it is written (audit.service.ts), so a new
 * column named like a secret is left out without anyone remembering to.
 */
const SECRET_FIELD = /pass(word)?|hash|token|secret|api_?key|private_?key|otp|fingerprint|salt|credential/i;

export function isSecretField(field: string): boolean {
  return SECRET_FIELD.test(field);
}

/** Bookkeeping columns: they change on every write and say nothing a person did. */
const NOISE = new Set(['id', 'createdAt', 'updatedAt', 'searchVector', 'lastLoginAt']);

type Row = Record<string, unknown>;

interface ImageLike {
  alt?: unknown;
  variant?: unknown;
  sources?: unknown;
}
const isImage = (v: unknown): v is ImageLike => !!v && typeof v === 'object' && 'sources' in v && Array.isArray((v as ImageLike).sources);
/** An image is recorded by what a person recognises (its alt text or variant), not its storage keys and sizes. */
const imageName = (i: ImageLike) => (typeof i.alt === 'string' && i.alt) || (typeof i.variant === 'string' && i.variant) || 'image';

/** JSON-safe, comparable values: dates as ISO-8601, images by name, undefined as null. */
export function normalizeValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => (isImage(v) ? imageName(v) : normalizeValue(v)));
  if (isImage(value)) return imageName(value);
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Row)
        .filter(([k]) => !isSecretField(k))
        .map(([k, v]) => [k, normalizeValue(v)]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Amounts in minor units; on a record with a currency they are recorded as money, so they read "€24,500". */
const MONEY = new Set(['price', 'priceMin', 'priceMax', 'total', 'paidAmount', 'amount', 'unitPrice']);
function withCurrency(field: string, value: unknown, row: Row): unknown {
  if (!MONEY.has(field) || typeof value !== 'number' || typeof row.currency !== 'string') return value;
  return { amount: value, currency: row.currency };
}

/**
 * The fields that differ between two versions of a record, `{ field: { from, to } }`. A created record
 * (no `before`) lists its non-empty fields from null; a removed one (no `after`) lists nothing — the
 * event's action says it. Secrets and bookkeeping columns are never part of it.
 */
export function diffRecords(before: Row | null, after: Row | null): Record<string, AuditChange> {
  if (!after) return {};
  const changes: Record<string, AuditChange> = {};
  for (const field of Object.keys(after)) {
    if (NOISE.has(field) || isSecretField(field)) continue;
    const to = withCurrency(field, normalizeValue(after[field]), after);
    const from = before ? withCurrency(field, normalizeValue(before[field]), before) : null;
    if (same(from, to)) continue;
    if (!before && (to === null || to === '' || (Array.isArray(to) && to.length === 0))) continue;
    changes[field] = { from, to };
  }
  return changes;
}

/** The one gate every event passes: drops secret fields, however the changes were built. */
export function redact(changes: Record<string, AuditChange>): Record<string, AuditChange> {
  return Object.fromEntries(
    Object.entries(changes)
      .filter(([field]) => !isSecretField(field))
      .map(([field, c]) => [field, { from: normalizeValue(c.from), to: normalizeValue(c.to) }]),
  );
}
