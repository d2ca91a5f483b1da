import { expect, test, type APIRequestContext } from '@playwright/test';
import { isDesktop, settled, signInByApi, snap } from './helpers';
import { expectAxeClean } from './axe';

/**
 * Back-office II (issue 11): jewelry-week submissions and the email outbox. Each test sends its own
 * entry through the public form's API calls (unique names): the suite runs in parallel on one database.
 * The server under test has no SMTP, so its emails stay QUEUED: Retry (FAILED only) is covered by the
 * API tests (outbox-admin.test.ts), here the table, the filters and the sandboxed preview are.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A 1×1 PNG: the entry's image.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c6338b1610200044c0209d393a6990000000049454e44ae426082',
  'hex',
);

interface Entry {
  name: string;
  email: string;
  collectionTitle: string;
}

/** What the public jewelry-week form sends: the image upload, then the submission email (which records the entry). */
async function submitEntry(request: APIRequestContext, suffix: string): Promise<Entry> {
  const upload = await request.post('/api/files/upload', {
    multipart: {
      bucketName: 'mirror-storage',
      folderPath: 'jewelry-week/submissions',
      file: { name: 'look-1.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { url } = (await upload.json()) as { url: string };
  const entry = { name: `Ines Test ${suffix}`, email: `ines-${suffix}@example.com`, collectionTitle: `Tidal ${suffix}` };
  const model = {
    ...entry,
    country: 'Portugal',
    brandName: `Atelier ${suffix}`,
    message: `Pieces cast from sea glass (${suffix}).`,
    files: [{ url, name: 'look-1.png' }],
  };
  const sent = await request.post('/api/notifications/email', {
    data: { emailType: 'JEWELRY_WEEK_SUBMISSION', recipients: ['concierge@mirror-maison.com'], model },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return entry;
}

test(
  'a submission moves received → under review → selected, and its decision email is in the outbox',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    // A long journey on a shared, busy machine: two screens, three status moves, four screenshots.
    test.setTimeout(120_000);
    const suffix = unique();
    const entry = await submitEntry(request, suffix);
    await signInByApi(page, 'admin');

    await page.goto(`/dashboard/admin/submissions?q=${encodeURIComponent(entry.email)}`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Submissions' })).toBeVisible();
    if (isDesktop(testInfo)) await expect(page.getByRole('navigation').getByRole('link', { name: 'Submissions' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: entry.email });
    await expect(row).toContainText(entry.collectionTitle);
    await expect(row).toContainText('Portugal');
    await expect(row).toContainText('Received');
    await expect(page.getByRole('button', { name: /^Received\s*1$/ })).toBeVisible();
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-submissions');

    // The Received tab keeps it; Selected does not have it yet.
    await page.getByRole('button', { name: /^Selected/ }).click();
    await expect(page).toHaveURL(/status=SELECTED/);
    await expect(page.getByText('No entry matches')).toBeVisible();
    await page.getByRole('button', { name: /^All/ }).click();

    await page.getByRole('link', { name: entry.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: entry.name })).toBeVisible();
    await expect(page.getByText(`Pieces cast from sea glass (${suffix}).`)).toBeVisible();
    await expect(page.getByRole('img', { name: 'look-1.png' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Select' })).toHaveCount(0);

    await page.getByLabel(/Note/).fill('Strong casting; ask about lead times.');
    await page.getByRole('button', { name: 'Start review' }).click();
    await expect(page.getByText('Received → Under review', { exact: true })).toBeVisible();
    await expect(page.getByText('Strong casting; ask about lead times.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start review' })).toHaveCount(0);
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-submission');

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Select ${entry.name}?` });
    await expect(dialog).toContainText(`will be emailed at ${entry.email}`);
    await expect(dialog).toContainText('The decision is final');
    await snap(page, testInfo, 'admin-submission-confirm');
    await dialog.getByRole('button', { name: 'Select and email' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Under review → Selected', { exact: true })).toBeVisible();
    await expect(page.getByText(/The decision is final/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0);

    // The designer's email waits in the outbox (QUEUED: no SMTP here).
    await page.goto('/dashboard/admin/emails?type=JEWELRY_WEEK_DECISION&status=QUEUED');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible();
    if (isDesktop(testInfo)) await expect(page.getByRole('navigation').getByRole('link', { name: 'Emails' })).toBeVisible();
    const emailRow = page.getByRole('row').filter({ hasText: entry.email });
    await expect(emailRow).toHaveCount(1);
    await expect(emailRow).toContainText('Queued');
    await expect(emailRow).toContainText('—');
    await expectAxeClean(page);
    await snap(page, testInfo, 'admin-emails');

    await emailRow.getByText(entry.email).click();
    const drawer = page.getByRole('dialog');
    const preview = drawer.locator('iframe[sandbox=""]');
    await expect(preview).toHaveAttribute('title', /^Preview of/);
    await expect(page.frameLocator('iframe[sandbox=""]').locator('body')).toContainText(entry.name);
    await expect(drawer.getByText(entry.email).first()).toBeVisible();
    // Only a failed email can be retried.
    await expect(drawer.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expectAxeClean(page, { exclude: ['iframe[sandbox=""]'] });
    await snap(page, testInfo, 'admin-email-drawer');
    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await expect(drawer).toBeHidden();
  },
);

test('the outbox filters by status through the URL', { tag: '@desk' }, async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/dashboard/admin/emails');
  await settled(page);
  await page.getByLabel('Status').selectOption('FAILED');
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(page.getByRole('button', { name: /Failed/ }).first()).toBeVisible();
  // Every row shown is a failed one (or the filtered empty state).
  await expect(page.getByRole('row').filter({ hasText: /Queued|Sent/ })).toHaveCount(0);
});
