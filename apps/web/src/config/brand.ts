import { CONCIERGE_MAILBOX, DEFAULT_BRAND_DOMAIN, brandAddress } from '@mirror/contract/brand';

/**
 * The house's domain: `BRAND_DOMAIN` when the web was built (the variable the API reads), else the
 * contract's default — so the footer and the API's boutiques, accounts and inbox name one domain.
 */
export const brandDomain: string = (import.meta.env.BRAND_DOMAIN ?? '').trim() || DEFAULT_BRAND_DOMAIN;

/** Brand constants shown in the chrome (docs/design.md, "Brand constants"). */
export const brand = {
  name: 'Mirror',
  tagline: 'Maison of diamonds & fine jewelry',
  domain: brandDomain,
  supportEmail: brandAddress(CONCIERGE_MAILBOX, brandDomain),
  supportPhone: '+33 1 42 60 18 25',
  copyright: 'All rights reserved © 2025',
  /** The flagship, the house's address on its documents (payment receipts). */
  house: { name: 'Mirror Place Vendôme', address: ['12 Place Vendôme', '75001 Paris', 'France'] },
  /** Icons only: the spec shows social icons without links. */
  social: ['Instagram', 'Pinterest', 'YouTube', 'LinkedIn'] as const,
} as const;

export type SocialNetwork = (typeof brand.social)[number];
