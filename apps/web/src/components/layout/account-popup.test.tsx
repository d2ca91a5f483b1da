import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../lib/session';
import { makeUser } from '../../test/http';
import { AccountPopup } from './account-popup';

function renderPopup(user: SessionUser | null) {
  render(
    <MemoryRouter>
      <AccountPopup id="account" user={user} onNavigate={() => undefined} onLogout={() => undefined} />
    </MemoryRouter>,
  );
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

const withRole = (role: string, username = role.toLowerCase()) => makeUser({ username, role, roles: [role] }) as SessionUser;

describe('account popup (docs/product.md §2)', () => {
  it('offers Login when signed out', () => {
    expect(renderPopup(null)).toEqual(['Login']);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
  });

  it.each([
    ['ADMIN', ['My Profile', 'Admin Dashboard', 'Logout']],
    ['VENDOR', ['My Profile', 'Vendor Dashboard', 'Logout']],
    ['DESIGNER', ['My Profile', 'Logout']],
    ['CUSTOMER', ['My Profile', 'Logout']],
  ])('shows the entries a %s may use', (role, entries) => {
    expect(renderPopup(withRole(role))).toEqual(entries);
    expect(screen.getByTestId('account-username').textContent).toBe(role.toLowerCase());
    expect(screen.queryByText('Designer Dashboard')).toBeNull();
  });

  it("falls back on 'User' without a username", () => {
    renderPopup(withRole('CUSTOMER', ''));
    expect(screen.getByTestId('account-username').textContent).toBe('User');
  });
});
