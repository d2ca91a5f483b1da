import { expect, test } from '@playwright/test';
import { isDesktop, settled, signInByApi, snap } from './helpers';
import { expectAxeClean } from './axe';

test('Ctrl-K jumps to a piece by its SKU', { tag: '@desk' }, async ({ page, request }, testInfo) => {
  const list = (await (await request.get('/api/products?size=1&sort=name,asc')).json()) as {
    content: { id: string; sku: string; name: string }[];
  };
  const piece = list.content[0]!;
  await signInByApi(page, 'admin');
  await page.goto('/dashboard/admin');
  await settled(page);
  // The shortcut listens once the workspace is on screen; the palette is its own chunk.
  await expect(page.getByRole('button', { name: 'Search or jump to…' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog');
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused({ timeout: 20_000 });
  await input.fill(piece.sku);
  const option = palette.getByRole('option', { name: new RegExp(piece.sku) });
  await expect(option).toBeVisible();
  await expectAxeClean(page);
  await snap(page, testInfo, 'admin-palette');
  // The exact SKU comes first among the pieces; Enter on it opens its editor.
  await option.first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/admin/manage-products/${piece.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: piece.name })).toBeVisible();

  // Sections by name, with the keyboard only.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('taxon');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/admin\/taxonomy$/);
});

test('the sidebar collapses on a desktop and is a drawer on a phone', async ({ page }, testInfo) => {
  await signInByApi(page, 'admin');
  await page.goto('/dashboard/admin/collections');
  await settled(page);
  const nav = page.locator('nav[aria-label="Back-office"]');
  if (isDesktop(testInfo)) {
    await expect(nav.getByRole('link', { name: 'Collections' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.reload();
    await settled(page);
    // Remembered, and the links keep their names for assistive technology.
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
  } else {
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open the back-office menu' }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Overview' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open the back-office menu' }).click();
    await nav.getByRole('link', { name: 'Taxonomy' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/taxonomy$/);
    await expect(nav).toBeHidden();
  }
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  await expectAxeClean(page);
});

test('an unknown back-office address stays in the workspace', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/dashboard/admin/no-such-screen');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('workspace')).toBeVisible();
});
