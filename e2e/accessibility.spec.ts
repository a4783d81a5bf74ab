/**
 * WCAG 2.2 AA the way people use the shop (issue 56): by keyboard alone, with what a screen reader hears
 * read from the accessibility tree, with reduced motion, and with the cookie notice over the page. axe's
 * sweeps, at 1280 px, 320 px and 200 % zoom, are in a11y.spec.ts; the statement at /accessibility cites
 * these tests by title as its evidence (src/content/accessibility.json), and its unit test checks they exist.
 */
import type { Locator, Page } from '@playwright/test';
import statement from '../src/content/accessibility.json' with { type: 'json' };
import { suggestionsAnswer } from './support/search.ts';
import { largestListing, productPages, richProduct } from './support/catalogue.ts';
import { onePerKind, sitemapPaths } from './support/page-kinds.ts';
import { address, CUSTOMER_PASSWORD, guestCart, registerCustomer, SANDBOX } from './support/checkout.ts';
import { focusProblem, tabTo, walkPage } from './support/keyboard.ts';
import { cutOff } from './support/layout.ts';
import { INTERVAL_MS, leaveAlone, Slideshow } from './support/slideshow.ts';
import { drawn, expect, hydrated, notices, shellReady, shop, telHref, test } from './support/test.ts';

const ADDED = 'This product is now in your cart!';

/**
 * Arrow down the open suggestions until the active one is a product, and return its name. The list may be
 * drawn again meanwhile (the answer to a later keystroke), which leaves no row active: the next press
 * starts again from the top.
 */
async function arrowToProduct(page: Page): Promise<string> {
  for (let press = 0; press < 20; press++) {
    await page.keyboard.press('ArrowDown');
    const name = await page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      const row = id ? document.getElementById(id) : null;
      if (!row?.classList.contains('suggest__row--product')) return '';
      return row.querySelector('.suggest__name')?.textContent ?? '';
    });
    if (name) return name;
  }
  throw new Error('no product among the suggestions');
}

test('keyboard alone: a shopper finds a pressure washer, adds it, signs in and reaches the payment page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const customer = address();
  await registerCustomer(page, customer);

  await page.goto('/');
  await shellReady(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  expect(await focusProblem(page)).toBe('');

  // Find: the search box, a few words, the arrow keys to a product, Enter.
  await tabTo(page, page.getByRole('combobox', { name: 'Search products' }));
  const query = 'pressure washer';
  await page.keyboard.type(query);
  await suggestionsAnswer(page, query);
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  const name = await arrowToProduct(page);
  expect(name).toMatch(/pressure washer/i);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await shellReady(page);

  // "Skip to content" passes the header and its menus: the next Tab is in the page's own content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(
    true,
  );

  // Add it: the notice is announced (role=status) and does not hide the button that has focus.
  await tabTo(page, page.getByRole('button', { name: 'Add to cart', exact: true }));
  await page.keyboard.press('Enter');
  await expect(notices(page).getByRole('status')).toHaveText(ADDED);
  expect(await focusProblem(page)).toBe('');

  // Sign in from the account menu, back up the page; the password is pasted (WCAG 3.3.8).
  await tabTo(page, page.getByLabel('Account menu'), 40, true);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Sign in', exact: true }), 5);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/customer/sign-in');
  await hydrated(page, 'SignInForm');
  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type(customer.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.evaluate((text) => navigator.clipboard.writeText(text), CUSTOMER_PASSWORD);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(CUSTOMER_PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Sign In' }), 5);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/customer');
  await shellReady(page);

  // The basket kept the machine; Confirm, the saved address already there, Confirm, Pay.
  await expect(page.getByRole('link', { name: '1 Basket', exact: true })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: '1 Basket', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/basket');
  await expect(
    page.getByRole('list', { name: 'Items in your basket' }).getByRole('link', { name }),
  ).toBeVisible();
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/basket/shipping');
  await hydrated(page, 'CheckoutShipping');
  await expect(page.getByRole('group', { name: 'Shipping address' }).getByLabel('Postcode')).toHaveValue(
    customer.postcode,
  );
  await tabTo(page, page.getByRole('button', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/basket/shipping/payment');
  await hydrated(page, 'CheckoutPayment');
  await tabTo(page, page.getByRole('button', { name: 'Pay', exact: true }));
  await page.keyboard.press('Enter');
  // The payment provider's own page (third-party content, as the statement says): its card number field
  // is reached by Tab; how that page draws focus is the provider's, so it is not held to the shop's checks.
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX}/`));
  const card = page.getByLabel('Card number');
  for (let stop = 0; stop < 10 && !(await card.evaluate((field) => field === document.activeElement)); stop++)
    await page.keyboard.press('Tab');
  await expect(card).toBeFocused();
});

test('keyboard alone: a listing is filtered and two of its products compared', async ({ page }) => {
  const listing = largestListing();
  await page.goto(listing.path);
  await shellReady(page);
  const count = page.locator('[data-listing-count]');
  const before = await count.textContent();
  // A price band by Space; the new count is read out (aria-live) and the filter can be taken off.
  const band = page.getByRole('group', { name: 'Price', exact: true }).getByRole('checkbox').first();
  await tabTo(page, band);
  await page.keyboard.press('Space');
  await expect(band).toBeChecked();
  await expect(count).toHaveAttribute('aria-live', 'polite');
  await expect(count).not.toHaveText(before ?? '');
  await expect(page.getByRole('button', { name: /^Remove filter Price/ })).toBeVisible();
  // Two products to compare, from their cards, and the tray's link to the comparison.
  const add = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: /^Add to compare/ });
  await tabTo(page, add.first());
  await page.keyboard.press('Enter');
  await tabTo(page, add.first());
  await page.keyboard.press('Enter');
  const tray = page.getByRole('region', { name: 'Products to compare' });
  await expect(tray.getByRole('link')).toHaveText('Compare (2)');
  await tabTo(page, tray.getByRole('link'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2);
});

test.describe("the cookie notice and the shop's notices never hide the focused control", () => {
  test.use({ cookiesAccepted: false });

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 320, height: 640 },
  ]) {
    test(`the cookie notice and the shop's notices never hide the focused control, ${viewport.width} px wide`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const product = productPages().find(
        (p) => p.inStock && p.typeId === 'simple' && p.priceInclVat !== null,
      );
      if (!product) throw new Error('no simple product in stock');
      await guestCart(page, product.sku, 1);
      const pages = ['/', largestListing().path, `/${richProduct().urlKey}`, '/basket', '/basket/shipping'];
      const found: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        await shellReady(page);
        // The checkout's form is drawn after the cart is read: a walk begun before would find the footer first.
        await drawn(page);
        await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
        // A listing's walk has the compare tray over it too, and the product's a notice ("now in your cart").
        if (path === largestListing().path) {
          await page
            .getByRole('button', { name: /^Add to compare/ })
            .first()
            .click();
          await expect(page.getByRole('region', { name: 'Products to compare' })).toBeVisible();
        }
        if (path === `/${richProduct().urlKey}`) {
          await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
          await expect(notices(page).getByRole('status')).toHaveText(ADDED);
        }
        const { problems, end } = await walkPage(page, 250);
        found.push(...problems.map((problem) => `${path}: ${problem}`));
        expect(end, `${path}: Tab went all the way to the footer's last link`).toBe(true);
      }
      expect(found).toEqual([]);
    });
  }
});

test.describe('on a phone, with the cookie notice showing', () => {
  test.use({ cookiesAccepted: false, viewport: { width: 320, height: 640 } });

  /** Tabs `stops` times inside `scope` (a modal), each stop checked: focus never leaves it. */
  async function walkWithin(page: Page, scope: Locator, stops: number): Promise<string[]> {
    const problems: string[] = [];
    for (let stop = 0; stop < stops; stop++) {
      await page.keyboard.press('Tab');
      const problem = await focusProblem(page);
      if (problem) problems.push(problem);
      if (!(await scope.evaluate((element) => element.contains(document.activeElement))))
        problems.push('focus left it');
    }
    return problems;
  }

  test('keyboard alone on a phone: the filters drawer and the burger menu, with the cookie notice showing', async ({
    page,
  }) => {
    await page.goto(largestListing().path);
    await shellReady(page);
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    // The filters drawer keeps focus in it, above the notice, until Escape gives it back to its button.
    const open = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    expect(await walkWithin(page, drawer, 40), 'in the drawer').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
    // The burger menu and a list in it: every link reachable above the notice; Escape closes each in turn.
    const burger = page.getByLabel('Menu', { exact: true });
    await tabTo(page, burger, 40, true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const professional = menu.locator('summary', { hasText: 'Professional' });
    await tabTo(page, professional);
    await page.keyboard.press('Enter');
    await tabTo(page, menu.getByRole('link', { name: 'All Professional' }));
    await page.keyboard.press('Escape');
    await expect(professional).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu.getByRole('link', { name: 'All Professional' })).toBeHidden();
    await expect(burger).toBeFocused();
  });
});

/** Opens `toggle` by Enter, Tabs into what it showed (`inside`), and Escape closes it back onto `toggle`. */
async function escapeCloses(page: Page, toggle: Locator, inside: Locator): Promise<void> {
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await expect(inside).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(inside).toBeHidden();
  await expect(toggle).toBeFocused();
}

test('Escape closes what it opened and gives focus back', async ({ page }) => {
  await page.goto('/');
  await shellReady(page);
  await escapeCloses(page, page.getByLabel('Account menu'), page.getByRole('link', { name: 'My Account' }));
  await escapeCloses(
    page,
    page.getByRole('navigation', { name: 'Main menu' }).locator('summary', { hasText: 'Home & Garden' }),
    page.getByRole('link', { name: 'All Home & Garden' }),
  );
  // The search suggestions: Escape closes the list, focus and the words stay in the box.
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.focus();
  await page.keyboard.type('vacuum');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('vacuum');
});

test('a screen reader hears what changed: added to basket, result counts, errors', async ({ page }) => {
  // Result counts: the suggestions' and the results page's live regions.
  await page.goto('/');
  await shellReady(page);
  await page.getByRole('combobox', { name: 'Search products' }).fill('pressure washer');
  await expect(page.locator('[data-suggest-status]')).toHaveText(/^\d+ suggestions?$/);
  await expect(page.locator('[data-suggest-status]')).toHaveAttribute('aria-live', 'polite');
  await page.goto('/search/pressure%20washer');
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Results found: \d+$/);

  // Added to basket: a status message in the notices.
  const product = richProduct();
  await page.goto(`/${product.urlKey}`);
  await shellReady(page);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).press('Enter');
  await expect(notices(page).getByRole('status')).toHaveText(ADDED);

  // Errors: named by the field they belong to, and the sign-in's refusal as an alert.
  await page.goto('/basket/shipping');
  await hydrated(page, 'CheckoutShipping');
  await page.getByRole('button', { name: 'Confirm' }).press('Enter');
  const postcode = page
    .getByRole('group', { name: 'Shipping address' })
    .getByRole('textbox', { name: 'Postcode' });
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toHaveAccessibleDescription(/Please fill in this field\./);
  await page.goto('/customer/sign-in');
  await hydrated(page, 'SignInForm');
  await page.getByLabel('Email', { exact: true }).fill(`nobody-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Email or password wrong. Please try again' }),
  ).toBeVisible();
});

/** The purposes WCAG 1.3.5 lists, by the words of a field's label, and the autocomplete token each needs. */
const PURPOSES: readonly (readonly [RegExp, RegExp])[] = [
  [/^e-?mail/i, /^email$/],
  [/^first name/i, /^given-name$/],
  [/^last name/i, /^family-name$/],
  [/^(your )?name$/i, /^name$/],
  [/^street/i, /^(address-line1|street-address)$/],
  [/^(town|city)/i, /^address-level2$/],
  [/^(county|region)/i, /^address-level1$/],
  [/^postcode/i, /^postal-code$/],
  [/^country/i, /^country(-name)?$/],
  [/^(tele)?phone/i, /^tel$/],
  [/^company/i, /^organization$/],
  [/^password/i, /^(current|new)-password$/],
];

test('fields about the shopper say what they are for, so browsers fill them in (WCAG 1.3.5)', async ({
  page,
}) => {
  const product = productPages().find((p) => p.inStock && p.typeId === 'simple' && p.priceInclVat !== null);
  if (!product) throw new Error('no simple product in stock');
  await guestCart(page, product.sku, 1);
  const forms = [
    '/basket/shipping',
    '/customer/sign-in',
    '/customer/create-account',
    '/trade-account',
    '/order-status',
    '/services/book',
  ];
  const wrong: string[] = [];
  let personal = 0;
  for (const path of forms) {
    await page.goto(path);
    await shellReady(page);
    await page.waitForLoadState('networkidle');
    const fields = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('main input:not([type=hidden]):not([type=checkbox])')]
        .filter((input) => input.offsetParent !== null)
        .map((input) => ({
          label: (input.labels?.[0]?.textContent ?? '').trim(),
          tokens: input.autocomplete.split(/\s+/),
        })),
    );
    for (const { label, tokens } of fields) {
      const purpose = PURPOSES.find(([words]) => words.test(label));
      if (!purpose) continue;
      personal += 1;
      // The last token is the purpose; "shipping" or "billing" may come before it.
      if (!purpose[1].test(tokens.at(-1) ?? ''))
        wrong.push(`${path}: "${label}" has autocomplete "${tokens.join(' ')}"`);
    }
  }
  expect(wrong).toEqual([]);
  expect(personal, 'the forms have fields about the shopper').toBeGreaterThan(30);
});

/** WCAG 1.4.12's spacing, as a shopper's style sheet or extension would set it. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

test('with wider text spacing nothing is cut off or overlaps (WCAG 1.4.12)', async ({ page, request }) => {
  const paths = onePerKind(await sitemapPaths(request));
  test.setTimeout(30_000 + paths.length * 2_000);
  const found: string[] = [];
  for (const path of [...paths, '/basket', '/customer/sign-in', '/search/pressure%20washer']) {
    await page.goto(path);
    await shellReady(page);
    await page.addStyleTag({ content: TEXT_SPACING });
    found.push(...(await cutOff(page)).map((problem) => `${path}: ${problem}`));
  }
  expect(found).toEqual([]);
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce', viewport: { width: 320, height: 640 } });

  test('reduced motion: the home carousels stand still and can be paused, their controls whole at 320 px', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await shellReady(page);
    const shows = ['Home & garden', 'Professional'].map((label) => new Slideshow(page, label));
    await leaveAlone(page);
    await page.clock.fastForward(INTERVAL_MS * 3);
    for (const show of shows) {
      await expect(show.dot(1)).toHaveAttribute('aria-current', 'true');
      await expect(show.toggle).toHaveText(/Play/);
      // Each control is whole, at least 24 px, and on top where it is drawn: nothing clips or covers it.
      for (const control of [show.toggle, show.previous, show.next, ...(await show.dots.all())]) {
        await control.scrollIntoViewIfNeeded();
        const box = await control.boundingBox();
        expect(box?.width, control.toString()).toBeGreaterThanOrEqual(24);
        expect(box?.height, control.toString()).toBeGreaterThanOrEqual(24);
        const onTop = await control.evaluate((element) => {
          const { left, top, width, height } = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(left + width / 2, top + height / 2));
        });
        expect(onTop, `${control.toString()} is uncovered`).toBe(true);
      }
    }
  });
});

test('the statement lists every WCAG 2.2 AA criterion with its evidence, linked from every footer', async ({
  page,
}) => {
  for (const path of ['/', largestListing().path, '/basket']) {
    await page.goto(path);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }),
    ).toHaveAttribute('href', '/accessibility');
  }
  await page.goto('/accessibility');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility statement');
  for (const criterion of statement.criteria) {
    await expect(page.getByRole('row').filter({ hasText: `${criterion.id} ${criterion.name}` })).toHaveCount(
      1,
    );
  }
  // Help another way: the same phone and e-mail as in every footer (WCAG 3.2.6 Consistent Help).
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: shop.phone })).toHaveAttribute('href', telHref(shop.phone));
  await expect(main.getByRole('link', { name: shop.email })).toHaveAttribute('href', `mailto:${shop.email}`);
  await expect(main).toContainText('Opayo');
});
