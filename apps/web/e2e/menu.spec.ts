import { expect, test } from './warm-tab';
import { isDesktop, settled } from './helpers';

const ENTRIES = ['Products', 'Services', 'Support', 'About Mirror', 'News', 'Immersive Showroom', 'Location', 'Contact us', 'Account'];

test.beforeEach(async ({ page }) => {
  await page.goto('/about');
  await settled(page);
});

test('opens on hover on desktop and on click with an overlay on mobile', async ({ page }, testInfo) => {
  const trigger = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  if (isDesktop(testInfo)) {
    await trigger.hover();
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('menu-overlay')).toHaveCount(0);
    // Leaving the trigger and the panel closes it.
    await page.mouse.move(1200, 700);
    await expect(menu).toBeHidden();
  } else {
    await trigger.hover();
    await expect(menu).toBeHidden();
    await trigger.click();
    await expect(menu).toBeVisible();
    await expect(page.getByTestId('menu-overlay')).toBeVisible();
    await page.getByTestId('menu-overlay').click({ position: { x: 10, y: 700 } });
    await expect(menu).toBeHidden();
  }
});

test('lists the entries of the spec in order', async ({ page }) => {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('listitem')).toHaveText(ENTRIES);
  await expect(menu.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/collections');
  await expect(menu.getByRole('button', { name: 'Immersive Showroom' })).toHaveAttribute('aria-disabled', 'true');
});

test('closes on an outside click and on Escape', async ({ page }) => {
  const trigger = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Opened from the keyboard, so only the outside click can close it.
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.waitForTimeout(300);
  await expect(menu).toBeVisible();
  await page.mouse.click(page.viewportSize()!.width - 5, page.viewportSize()!.height - 5);
  await expect(menu).toBeHidden();

  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('closes on route change', async ({ page }) => {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'News' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
});

test('Account in the menu opens the account popup', async ({ page }) => {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
});
