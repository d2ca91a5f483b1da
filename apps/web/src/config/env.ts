/**
 * Client configuration, read once. Both base URLs default to the same origin (empty prefix);
 * the token refresh goes to the separate auth host when one is configured (docs/product.md §7).
 */
import { brand } from './brand';

function trimSlash(value: string | undefined): string {
  return (value ?? '').trim().replace(/\/+$/, '');
}

const apiBaseUrl = trimSlash(import.meta.env.VITE_API_BASE_URL);

export const env = {
  apiBaseUrl,
  authBaseUrl: trimSlash(import.meta.env.VITE_AUTH_BASE_URL) || apiBaseUrl,
  /**
   * The Maison's inbox that public forms write to; must equal the API's BRAND_INBOX (whose
   * default, concierge@BRAND_DOMAIN, it mirrors) — the API refuses any other recipient from visitors.
   */
  brandInbox: (import.meta.env.VITE_BRAND_INBOX ?? '').trim() || brand.supportEmail,
  /** Cloudflare Turnstile site key; without one no captcha widget is shown. */
  captchaSiteKey: (import.meta.env.VITE_TURNSTILE_SITE_KEY ?? '').trim() || null,
} as const;
