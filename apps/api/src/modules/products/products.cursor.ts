/**
 * The keyset cursor of a list page (decisions §85): the last row's sort value and id, as base64url JSON. Cursors
 * come back from clients, so decoding checks each against the sort column's type: a bad one is a 400, never a
 * PostgreSQL error.
 */
import { INT4_MAX } from '@mirror/contract';
import { validation } from './products.errors';
import type { ProductSort } from './products.repo';

export interface Cursor {
  value: string;
  id: string;
}
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.value, c.id])).toString('base64url');
}
/** `timestamptz` cast to text (`2026-11-23 18:00:00.123456+00`), with a real calendar date: what PostgreSQL reads back. */
function isTimestampText(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-5])(:?[0-5]\d)?)?$/.exec(value);
  if (!m || m[1] === '0000') return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}
export function decodeCursor(raw: string, field: ProductSort['field'], name: 'after' | 'before' = 'after'): Cursor {
  const bad = () => validation(name, 'This cursor is not valid; start again from the first page.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string') throw bad();
  const [value, id] = parsed as [string, string];
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw bad();
  // Price and stock are int4 columns, dates timestamptz: a crafted cursor must be a 400, not a PostgreSQL error.
  if ((field === 'price' || field === 'stock') && (!/^-?\d{1,10}$/.test(value) || Math.abs(Number(value)) > INT4_MAX)) throw bad();
  if ((field === 'createdAt' || field === 'updatedAt') && !isTimestampText(value)) throw bad();
  if (value.includes('\u0000')) throw bad();
  return { value, id };
}
