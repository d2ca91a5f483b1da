import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_DOMAIN } from '@mirror/contract/brand';
import { Footer } from '../components/layout/footer';
import { brand, brandDomain } from './brand';
import { env } from './env';

describe('the brand domain (one value for the web and the API)', () => {
  it('is the contract default when the build names none, and every house address the client sees is at it', () => {
    expect(brandDomain).toBe(DEFAULT_BRAND_DOMAIN);
    expect(brand.supportEmail).toBe(`concierge@${DEFAULT_BRAND_DOMAIN}`);
    // The forms write to the inbox the API accepts by default: concierge@BRAND_DOMAIN.
    expect(env.brandInbox).toBe(brand.supportEmail);
  });

  it('is the address the footer shows and links', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const footer = screen.getByTestId('footer');
    const addresses = footer.textContent.match(/[\w.+-]+@[\w.-]+\.[a-z]{2,}/gi) ?? [];
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((a) => !a.endsWith(`@${DEFAULT_BRAND_DOMAIN}`))).toEqual([]);
    const mailto = [...footer.querySelectorAll('a[href^="mailto:"]')].map((a) => a.getAttribute('href'));
    expect(mailto).toEqual([`mailto:concierge@${DEFAULT_BRAND_DOMAIN}`]);
  });
});
