import { defineConfig, devices } from '@playwright/test';
import { SHOP_URL } from './e2e/support/ports.ts';

/**
 * Journeys that change what every other journey sees: the shop's clock (e2e/support/clock.ts), or the home
 * page's CMS content.
 */
const LAST_JOURNEYS = /\.(clock|editor)\.spec\.ts$/;

/** End-to-end journeys in Debian's Chromium against the built site, served by the storefront server. */
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  // A signed-out shopper on an account page is sent to sign-in by its island once it hydrates
  // (`client:idle`); on a CI machine twice as slow as usual that came just after 5 s. Waiting longer costs
  // nothing when an assertion passes, only when it fails.
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: {
    baseURL: SHOP_URL,
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@mobile/,
      testIgnore: LAST_JOURNEYS,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: /@mobile/,
      testIgnore: LAST_JOURNEYS,
    },
    // Journeys that move the shop's clock (past midnight, for scheduled prices) or change the home page's CMS
    // content run after all the others, so no other journey sees the day or the page change under it.
    {
      name: 'last',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: LAST_JOURNEYS,
      dependencies: ['desktop', 'mobile'],
      fullyParallel: false,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `${SHOP_URL}/`,
    timeout: 300_000,
    reuseExistingServer: !process.env['CI'],
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
