/**
 * The house's one way of writing an amount (docs/conventions.md §9), shared by
 * the web app, the emails and the API's messages. Amounts are integer minor units with an ISO code.
 *
 * The rule: a whole amount has no cents ('€12,500', as a maison prints its prices); an amount with
 * cents shows both digits ('€4,166.67', exact as a receipt must be). English grouping, the symbol
 * before the figure, the same text as en-GB Intl. No runtime dependency, so `@mirror/contract/constants`
 * can carry it into the browser without zod.
 */

// The first Intl formatter of a page load costs tens of milliseconds (ICU locale data), which showed
// as a long task in every product grid's first render. The house's currencies are written by hand —
// the same text as en-GB Intl gives (money.test.ts checks it); any other goes to Intl, made once.
const HOUSE_PREFIX: Record<string, string> = { EUR: '€', GBP: '£', USD: 'US$', CHF: 'CHF\u00a0' };
const intlFormats = new Map<string, Intl.NumberFormat>();

function intlFormat(currency: string, fractionDigits?: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits ?? ''}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      'en-GB',
      fractionDigits === undefined
        ? { style: 'currency', currency }
        : { style: 'currency', currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    intlFormats.set(key, format);
  }
  return format;
}

/** How many minor units make one major unit: 100 for EUR, 1 for JPY. */
export function minorUnitsPerMajor(currency: string): number {
  if (currency in HOUSE_PREFIX) return 100;
  return 10 ** (intlFormat(currency).resolvedOptions().maximumFractionDigits ?? 2);
}

/** '1234567' → '1,234,567'. */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Minor units → '€12,500' when whole, '€12,500.50' otherwise. */
export function formatMoney(minor: number, currency: string): string {
  const perMajor = minorUnitsPerMajor(currency);
  const isWhole = minor % perMajor === 0;
  const prefix = HOUSE_PREFIX[currency];
  if (prefix !== undefined && Number.isSafeInteger(minor) && minor >= 0) {
    const whole = groupThousands(Math.floor(minor / 100));
    return isWhole ? `${prefix}${whole}` : `${prefix}${whole}.${String(minor % 100).padStart(2, '0')}`;
  }
  const digits = intlFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
  return intlFormat(currency, isWhole ? 0 : digits).format(minor / perMajor);
}
