/**
 * The house's one brand domain (decisions §81): every address a client sees — the concierge in the
 * footer, the boutiques, the demo accounts, the sender of the house's emails — is `<name>@<domain>`.
 * The API reads `BRAND_DOMAIN` (this is its default); the web build reads the same variable. No runtime
 * dependencies: the browser imports it (`@mirror/contract/brand`) without the zod schemas.
 */
export const DEFAULT_BRAND_DOMAIN = 'mirror-maison.com';

/** A hostname such as `mirror-maison.com` (lower case, at least one dot, no scheme or path). */
export const BRAND_DOMAIN_PATTERN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** `local@domain` — the address of a house mailbox at the brand domain. */
export function brandAddress(local: string, domain: string = DEFAULT_BRAND_DOMAIN): string {
  return `${local}@${domain}`;
}

/** The concierge: the footer's address and the only house address visitors' forms may write to. */
export const CONCIERGE_MAILBOX = 'concierge';
