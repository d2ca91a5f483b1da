import type { Product } from '@mirror/contract';
import { formatMoney, groupThousands } from '@mirror/contract/constants';

export const PRICE_ON_REQUEST = 'Price on request';

// The first Intl formatter of a page load costs tens of milliseconds (ICU locale data), which
// showed as a long task in every product grid's first render. The one date style is written by hand
// — the same text as en-GB Intl gives (format.test.ts checks it); anything else goes to Intl, one
// formatter per style, made once. Money has one formatter for the site and the emails, in the contract.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export { formatMoney };

export function formatPrice(product: Pick<Product, 'price' | 'priceRange'>): string {
  if (product.price) return formatMoney(product.price.amount, product.price.currency);
  if (product.priceRange) {
    const { min, max, currency } = product.priceRange;
    return `${formatMoney(min, currency)} – ${formatMoney(max, currency)}`;
  }
  return PRICE_ON_REQUEST;
}

/** 'YELLOW_GOLD' → 'Yellow gold'. */
export function humanize(value: string): string {
  const words = value.toLowerCase().replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const LONG_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** '2025-01-14' or an ISO timestamp → '14 January 2025' (UTC), or in the given Intl style. */
export function formatDate(iso: string, options: Intl.DateTimeFormatOptions = LONG_DATE): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
  if (options === LONG_DATE && !Number.isNaN(date.getTime()))
    return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The back-office date: '23 Nov 2026' (UTC). Empty input gives '—'. */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** '23 Nov 2026, 14:05' in 24-hour time, in the viewer's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const hh = String(date.getHours()).padStart(2, '0');
  const mm = String(date.getMinutes()).padStart(2, '0');
  return `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]} ${date.getFullYear()}, ${hh}:${mm}`;
}

/** 1234567 → '1,234,567'. */
export function formatCount(value: number): string {
  return Number.isSafeInteger(value) && value >= 0 ? groupThousands(value) : String(value);
}

/**
 * A list's total as a sentence starts it: '1,234', or 'More than 10,000' when the API counted no further (a search's
 * `totalExact` false: it pages through its first 10,000 matches only).
 */
export function formatTotal(value: number, isExact = true): string {
  return isExact ? formatCount(value) : `More than ${formatCount(value)}`;
}
