import { expect, test, type Page } from '@playwright/test';
import { settled, signInByApi, snap, accessToken } from './helpers';
import { expectAxeClean } from './axe';

/** Unique per run and per project (usernames: letters, digits, dot, dash, underscore): both projects share one database. */
function uniqueTag(project: string): string {
  return `e2e${project.slice(0, 3)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const rowOf = (page: Page, username: string) => page.getByRole('row').filter({ has: page.getByText(username, { exact: true }) });

test(
  'admin creates a user, makes them a vendor, disables another, and cannot change their own account',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const tag = uniqueTag(testInfo.project.name);
    const created = `${tag}.new`;
    const other = `${tag}.other`;

    // The second account comes through the API (the admin's own call), the first through the screen.
    const token = await accessToken(request, 'admin');
    const response = await request.post('/api/users/admin/create', {
      headers: { Authorization: `Bearer ${token}` },
      data: { username: other, email: `${other}@maison.example`, password: 'Long-enough-1', role: 'CUSTOMER' },
    });
    expect(response.status()).toBe(201);

    await signInByApi(page, 'admin');
    await page.goto('/dashboard/admin/users');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText(/^\d+ users?$/)).toBeVisible();

    // Create a user in the drawer; the server's checks come back on the fields.
    await page.getByRole('button', { name: 'Create user' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'New user' });
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('Username').fill(created);
    await drawer.getByLabel('Email').fill(`${created}@maison.example`);
    await drawer.getByLabel('Password').fill('short');
    await drawer.getByRole('button', { name: 'Create user' }).click();
    await expect(drawer.getByText('Password must be at least 10 characters')).toBeVisible();
    await drawer.getByLabel('Password').fill('Long-enough-1');
    await drawer.getByLabel('First name').fill('Iris');
    await drawer.getByLabel('Last name').fill('Marchetti');
    await expectAxeClean(page);
    await snap(page, testInfo, 'users-create');
    await drawer.getByRole('button', { name: 'Create user' }).click();
    await expect(drawer).toBeHidden();

    // Both new accounts through the search (kept in the URL).
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(rowOf(page, created)).toBeVisible();
    await expect(rowOf(page, other)).toBeVisible();
    await expect(rowOf(page, created)).toContainText('Iris Marchetti');
    await expect(rowOf(page, created)).toContainText('—'); // never signed in

    // Make the new user a vendor, after confirming.
    await rowOf(page, created)
      .getByRole('combobox', { name: `Role of ${created}` })
      .selectOption('VENDOR');
    const roleDialog = page.getByRole('dialog', { name: `Make ${created} vendor?` });
    await expect(roleDialog).toBeVisible();
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await expect(roleDialog).toBeHidden();
    await expect(rowOf(page, created).getByRole('combobox', { name: `Role of ${created}` })).toHaveValue('VENDOR');

    // Disable the other one.
    await rowOf(page, other)
      .getByRole('combobox', { name: `Change status of ${other}` })
      .selectOption('INACTIVE');
    const statusDialog = page.getByRole('dialog', { name: `Set ${other} to inactive?` });
    await statusDialog.getByRole('button', { name: 'Change status' }).click();
    await expect(statusDialog).toBeHidden();
    await expect(rowOf(page, other)).toContainText('Inactive');
    await expect(rowOf(page, created)).toContainText('Active');

    // The filters narrow within the search, in the URL.
    await page.goto(`/dashboard/admin/users?q=${tag}&status=INACTIVE`);
    await expect(rowOf(page, other)).toBeVisible();
    await expect(rowOf(page, created)).toHaveCount(0);
    await page.goto(`/dashboard/admin/users?q=${tag}&role=VENDOR`);
    await expect(rowOf(page, created)).toBeVisible();
    await expect(rowOf(page, other)).toHaveCount(0);
    await settled(page);
    await expectAxeClean(page);
    await snap(page, testInfo, 'users-list');

    // The signed-in admin's own row: both controls disabled, the reason as text.
    await page.goto('/dashboard/admin/users?q=admin&role=ADMIN');
    const own = rowOf(page, 'admin');
    await expect(own.getByRole('combobox', { name: 'Role of admin' })).toBeDisabled();
    await expect(own.getByRole('combobox', { name: 'Change status of admin' })).toBeDisabled();
    await expect(own.getByText('This is your own account: another admin changes your role or status.')).toBeVisible();
    await snap(page, testInfo, 'users-own-row');

    // The palette finds people by name and opens the table searched for their username.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog');
    await palette.getByRole('combobox').fill(created);
    await palette.getByRole('option', { name: /Iris Marchetti/ }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/admin/users\\?q=${created.replace('.', '\\.')}$`));
    await expect(rowOf(page, created)).toBeVisible();
  },
);
