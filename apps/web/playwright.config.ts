import { defineConfig, devices } from '@playwright/test';

/**
 * Browser flows against the production build served by the API. The runner starts the server
 * and passes its URL in E2E_BASE_URL. Debian's Chromium only: never `playwright install`.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts/results',
  workers: 2,
  retries: 0,
  fullyParallel: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'mobile',
      // Tests tagged @one-viewport measure what the viewport cannot change (memory across visits), and
      // @desk the staff's back-office flows, whose logic the width does not change: they run in the
      // desktop project only. What the width changes in the back-office (every screen fits a phone, the
      // drawer) is e2e/back-office-phone.spec.ts, here.
      grepInvert: /@one-viewport|@desk/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        isMobile: false,
        hasTouch: false,
        launchOptions: chromium,
      },
    },
    {
      name: 'desktop',
      // Tests tagged @phone-only are about a phone's use that the viewport does not change (the AR try-on's
      // hand tracking): they run in the mobile project only.
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
  ],
});
