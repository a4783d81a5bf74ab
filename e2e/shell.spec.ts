/** The shell around every page (spec §2, §4): header menus, search, footer contact, cookie banner. */
import type { Page } from '@playwright/test';
import { catalogue } from './support/catalogue.ts';
import { PRIVACY_KEY, disclosure, expect, shellReady, shop, telHref, test } from './support/test.ts';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.describe('top menus', () => {
  test('Home & Garden opens a mega menu with a tile per category, leading to its listing', async ({
    page,
  }) => {
    await page.goto('/');
    const { group: menu, toggle } = disclosure(mainMenu(page), 'Home & Garden');
    const categories = [...catalogue().audiences['home-garden'].children].sort(
      (a, b) => a.position - b.position,
    );
    const first = categories[0];
    if (!first) throw new Error('Home & Garden has no categories');
    await expect(menu.getByRole('link', { name: first.name, exact: true })).toBeHidden();

    await toggle.click();
    for (const category of categories) {
      await expect(menu.getByRole('link', { name: category.name, exact: true })).toHaveAttribute(
        'href',
        category.path,
      );
    }
    await expect(menu.getByRole('link', { name: first.name, exact: true })).toBeVisible();

    await menu.getByRole('link', { name: 'Steam Cleaners', exact: true }).click();
    await expect(page).toHaveURL('/home-garden/steam-cleaners');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Steam Cleaners');
  });

  test('opening Professional closes Home & Garden, and toggling Professional closes it', async ({ page }) => {
    await page.goto('/');
    const homeGarden = disclosure(mainMenu(page), 'Home & Garden');
    const professional = disclosure(mainMenu(page), 'Professional');
    const homeGardenTile = homeGarden.group.getByRole('link', { name: 'Window Vacs', exact: true });
    const professionalTile = professional.group.getByRole('link', {
      name: 'Floor Scrubbers & Scrubber Dryers',
    });

    await homeGarden.toggle.click();
    await expect(homeGardenTile).toBeVisible();

    await professional.toggle.click();
    await expect(professionalTile).toBeVisible();
    await expect(homeGardenTile).toBeHidden();

    await professional.toggle.click();
    await expect(professionalTile).toBeHidden();
    await expect(homeGardenTile).toBeHidden();
  });

  test('Escape closes the open menu and puts focus back on its toggle', async ({ page }) => {
    await page.goto('/');
    const menu = disclosure(mainMenu(page), 'Home & Garden');
    const tile = menu.group.getByRole('link', { name: 'Pressure Washers', exact: true });

    await menu.toggle.click();
    await expect(tile).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tile).toBeHidden();
    await expect(menu.toggle).toBeFocused();
  });

  test('a click outside closes the open menu', async ({ page }) => {
    await page.goto('/');
    const menu = disclosure(mainMenu(page), 'Professional');
    const tile = menu.group.getByRole('link', { name: 'Air Purifiers' });

    await menu.toggle.click();
    await expect(tile).toBeVisible();
    await page.getByRole('contentinfo').getByRole('heading', { name: 'Contact' }).click();
    await expect(tile).toBeHidden();
  });
});

test.describe('search box', () => {
  test('Enter with text goes to /search/{term}', async ({ page }) => {
    await page.goto('/home-garden');
    await page.getByRole('combobox', { name: 'Search products' }).fill('window vac');
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    // The search screen is another part of the shop; the box's job is to get there.
    await expect(page).toHaveURL('/search/window%20vac');
  });

  for (const text of ['', '   ']) {
    test(`Enter with ${text === '' ? 'nothing' : 'only spaces'} stays on the page`, async ({ page }) => {
      await page.goto('/home-garden');
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest()) documents.push(request.url());
      });
      await page.evaluate(() => sessionStorage.setItem('e2e-marker', 'still here'));
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.fill(text);
      await box.press('Enter');
      // A navigation would have been requested within the key press's task; one frame later it would show.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
      );
      expect(documents).toEqual([]);
      await expect(page).toHaveURL('/home-garden');
      await expect(box).toHaveValue(text);
    });
  }
});

test('the footer shows the postal address, a tel: link and a mailto: link on every page', async ({
  page,
}) => {
  const product = catalogue().products.find((p) => p.visibility === 4);
  for (const path of ['/', '/home-garden', `/${product?.urlKey ?? ''}`, '/privacy-policy']) {
    await page.goto(path);
    const contact = page.getByRole('contentinfo').getByRole('region', { name: 'Contact' });
    await expect(contact.getByRole('heading', { name: 'Contact' })).toBeVisible();
    await expect(contact).toContainText(shop.address);
    await expect(contact.getByRole('link', { name: shop.phone })).toHaveAttribute(
      'href',
      telHref(shop.phone),
    );
    await expect(contact.getByRole('link', { name: shop.email })).toHaveAttribute(
      'href',
      `mailto:${shop.email}`,
    );
  }
});

test.describe('cookie banner', () => {
  test.use({ cookiesAccepted: false });

  const banner = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });

  test('shows on a first visit, says the site uses cookies and links to the privacy policy', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('uses cookies');
    await expect(banner(page)).toContainText('essential');
    await expect(banner(page).getByRole('link')).toHaveAttribute('href', '/privacy-policy');
    await expect(banner(page).getByRole('button', { name: 'Accept' })).toBeVisible();
  });

  test('Accept hides it for good on this browser', async ({ page }) => {
    await page.goto('/');
    await shellReady(page);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), PRIVACY_KEY)).toBe('true');

    await page.reload();
    await shellReady(page);
    await expect(banner(page)).toBeHidden();

    await page.goto('/professional');
    await shellReady(page);
    await expect(banner(page)).toBeHidden();
  });

  test('shows again when the stored value is not exactly "true"', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'yes please'), PRIVACY_KEY);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
  });
});

test.describe('mobile menus', () => {
  const burger = (page: Page) => page.getByLabel('Menu', { exact: true });
  const accountToggle = (page: Page) => page.getByLabel('Account menu');

  test('the burger opens a panel with collapsible audience categories @mobile', async ({ page }) => {
    await page.goto('/');
    const panel = mainMenu(page);
    await expect(panel).toBeHidden();

    await burger(page).click();
    await expect(panel).toBeVisible();
    const homeGarden = disclosure(panel, 'Home & Garden');
    const professional = disclosure(panel, 'Professional');
    const homeGardenLink = homeGarden.group.getByRole('link', { name: 'Window Vacs', exact: true });
    const professionalLink = professional.group.getByRole('link', { name: 'Air Purifiers' });
    await expect(homeGardenLink).toBeHidden();

    await homeGarden.toggle.click();
    await expect(homeGardenLink).toBeVisible();
    await expect(homeGarden.group.getByRole('link', { name: 'All Home & Garden' })).toHaveAttribute(
      'href',
      '/home-garden',
    );

    await professional.toggle.click();
    await expect(professionalLink).toBeVisible();
    await expect(homeGardenLink).toBeHidden();

    await professional.toggle.click();
    await expect(professionalLink).toBeHidden();

    await homeGarden.toggle.click();
    await homeGardenLink.click();
    await expect(page).toHaveURL('/home-garden/window-vac');
  });

  test('Escape closes the open list inside the burger first, then the burger @mobile', async ({ page }) => {
    await page.goto('/');
    const panel = mainMenu(page);
    const services = disclosure(panel, 'Services');
    const link = services.group.getByRole('link', { name: 'Contact us' });

    await burger(page).click();
    await services.toggle.click();
    await expect(link).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(link).toBeHidden();
    await expect(panel).toBeVisible();
    await expect(services.toggle).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(burger(page)).toBeFocused();
  });

  test('from the burger, the keyboard passes the header to reach its menu, which closes once left @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    const panel = mainMenu(page);
    const first = disclosure(panel, 'Home & Garden').toggle;
    const last = disclosure(panel, 'Hire').toggle;
    const focused = (toggle: typeof first) =>
      toggle.evaluate((element) => element === document.activeElement);
    await burger(page).click();
    // The menu opens below the header, so the logo, search, account and basket come first.
    for (let tabs = 0; tabs < 10 && !(await focused(first)); tabs++) {
      await page.keyboard.press('Tab');
      await expect(panel).toBeVisible();
    }
    await expect(first).toBeFocused();
    for (let tabs = 0; tabs < 5 && !(await focused(last)); tabs++) await page.keyboard.press('Tab');
    await expect(last).toBeFocused();
    await expect(panel).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(panel).toBeHidden();
  });

  test('the categories in the burger are text: phones download none of the mega menu pictures @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') pictures.push(request.url());
    });
    await burger(page).click();
    const homeGarden = disclosure(mainMenu(page), 'Home & Garden');
    await homeGarden.toggle.click();
    await expect(homeGarden.group.getByRole('link', { name: 'Window Vacs', exact: true })).toBeVisible();
    // A lazy picture laid out in view is requested at the next rendering; two frames on, it would show.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
        ),
    );
    expect(pictures).toEqual([]);
  });

  test('the account menu and the burger menu close each other @mobile', async ({ page }) => {
    await page.goto('/');
    const panel = mainMenu(page);
    const signIn = page.getByRole('link', { name: 'Sign in' });

    await burger(page).click();
    await expect(panel).toBeVisible();

    await accountToggle(page).click();
    await expect(signIn).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an Account' })).toBeVisible();
    await expect(panel).toBeHidden();

    await burger(page).click();
    await expect(panel).toBeVisible();
    await expect(signIn).toBeHidden();
  });
});
