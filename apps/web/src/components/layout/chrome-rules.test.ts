import { describe, expect, it } from 'vitest';
import { isFooterHidden, isLogoDisabled, isNavbarHidden } from './chrome-rules';

describe('chrome visibility (docs/product.md §2)', () => {
  it.each([
    '/',
    '/welcome',
    '/universe-final',
    '/universe-final/act-2',
    '/hover-expand',
    '/ar/rings/ring-7',
    '/dashboard/admin',
    '/dashboard/admin/manage-products',
    '/dashboard/vendor',
    '/dashboard/designer',
  ])('hides the navbar and the footer on %s', (path) => {
    expect(isNavbarHidden(path)).toBe(true);
    expect(isFooterHidden(path)).toBe(true);
  });

  it.each(['/immersive-showroom', '/mirror-in-milan-digital-jewelry-week', '/mirror-in-milan-digital-jewelry-week/submit-success'])(
    'keeps the navbar but hides the footer on %s',
    (path) => {
      expect(isNavbarHidden(path)).toBe(false);
      expect(isFooterHidden(path)).toBe(true);
      expect(isLogoDisabled(path)).toBe(true);
    },
  );

  it.each([
    '/home',
    '/auth/login',
    '/collections/abc',
    '/news/some-story',
    '/user-profile',
    '/view-360',
    '/no-such-page',
    '/welcome-back',
    '/dashboard',
  ])('shows both on %s', (path) => {
    expect(isNavbarHidden(path)).toBe(false);
    expect(isFooterHidden(path)).toBe(false);
    expect(isLogoDisabled(path)).toBe(false);
  });

  it('ignores a trailing slash', () => {
    expect(isNavbarHidden('/welcome/')).toBe(true);
    expect(isFooterHidden('/immersive-showroom/')).toBe(true);
  });
});
