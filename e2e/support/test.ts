/**
 * The `test` every spec uses: Playwright's, plus
 * - `cookiesAccepted` (default true): the shopper accepted cookies on an earlier visit, so the fixed
 *   cookie banner does not cover the page. The cookie banner's own journeys turn it off.
 * - a check after each test that the page threw no uncaught error and broke no Content Security Policy
 *   rule (an inline script whose hash the server does not know is refused silently otherwise).
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { loadEnv } from '../../src/config/env.ts';

export { expect };

/**
 * The shop's identity as the e2e server sees it: the web server inherits this environment and
 * `scripts/e2e-server.ts` sets none of the SHOP_* variables, so these are the defaults unless the shell
 * that runs Playwright overrides them.
 */
export const shop = (() => {
  const env = loadEnv(
    Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('SHOP_'))),
  );
  return {
    name: env.SHOP_NAME,
    phone: env.SHOP_PHONE,
    orderPhone: env.SHOP_ORDER_PHONE,
    email: env.SHOP_EMAIL,
    address: env.SHOP_ADDRESS,
  };
})();

/** `0800 123 4567` → `tel:08001234567`. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The key and value the spec stores once cookies are accepted (spec §3, browser storage). */
export const PRIVACY_KEY = 'privacy';

export const test = base.extend<{ cookiesAccepted: boolean }>({
  cookiesAccepted: [true, { option: true }],
  page: async ({ page, cookiesAccepted }, use) => {
    if (cookiesAccepted) {
      await page.addInitScript((key) => {
        try {
          window.localStorage.setItem(key, 'true');
        } catch {
          // about:blank has no storage; the next page does.
        }
      }, PRIVACY_KEY);
    }
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        problems.push(`CSP: ${message.text()}`);
      }
    });
    await use(page);
    expect(problems, 'errors in the page while the test ran').toEqual([]);
  },
});

/** The shell's notices ("This product is now in your cart!"): a page may have other live regions of its own. */
export const notices = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });

export const breadcrumb = (page: Page): Locator => page.getByRole('navigation', { name: 'Breadcrumb' });

/** The trail reads `names` in order, the last one being the current page. */
export async function expectBreadcrumb(page: Page, names: readonly string[]): Promise<void> {
  const trail = breadcrumb(page);
  await expect(trail.getByRole('listitem')).toHaveText([...names]);
  await expect(trail.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
  await expect(trail.locator('[aria-current="page"]')).toHaveText(names.at(-1) ?? '');
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A `<details>` menu or accordion inside `scope`, found by the text of its `<summary>`, and that toggle.
 * Playwright gives `<summary>` no role (browsers expose it as a button) and `<details>` no name, so the
 * group is the one holding the summary with that text.
 */
export function disclosure(scope: Locator | Page, label: string): { group: Locator; toggle: Locator } {
  const page = 'page' in scope ? scope.page() : scope;
  const summary = (from: Locator | Page) =>
    from.locator('summary', { hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) });
  // `has` is matched inside each group, so it is built from the page, not from `scope`.
  return { group: scope.getByRole('group').filter({ has: summary(page) }), toggle: summary(scope) };
}

/**
 * Waits until the page's scripts have run (the shell marks `<html data-shell="ready">` last; module
 * scripts run in document order): the header's menus, badge and add to cart answer from then on.
 */
export const shellReady = (page: Page): Promise<void> =>
  expect(page.locator('html')).toHaveAttribute('data-shell', 'ready');

/** The network is quiet and nothing on the page says it is still loading: what it shows is drawn. */
export async function drawn(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** React islands hydrate on load or when the browser is idle: wait until the named one has. */
export async function hydrated(page: Page, island: string): Promise<void> {
  await expect(page.locator(`astro-island[opts*='"name":"${island}"']:not([ssr])`).first()).toBeAttached();
}

/** Every page the test opens shows prices in `vat` form, as if the shopper had chosen it. */
export const chooseVat = (page: Page, vat: 'incl' | 'excl') =>
  page.addInitScript((form) => {
    try {
      localStorage.setItem('vat', form);
    } catch {
      // about:blank has no storage; the shop's pages do.
    }
  }, vat);
