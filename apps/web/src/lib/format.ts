import type { Product } from '@mirror/contract';

export const PRICE_ON_REQUEST = 'Price on request';

/** Minor units → '€12,500' (no cents for whole amounts, as a maison prints its prices). */
export function formatMoney(amount: number, currency: string): string {
  const value = amount / 100;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    maximumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);
}

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

export function formatDate(iso: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options }).format(date);
}
