/** The Home & Garden and Professional landings (spec §2). */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { catalogue } from './support/catalogue.ts';
import { Slideshow } from './support/slideshow.ts';
import { expect, expectBreadcrumb, shop, test } from './support/test.ts';

const categoryGrid = (page: Page) => page.getByRole('region', { name: 'Shop by category' });

/** Every page answers 200 (dry-ice-cleaning too: DESIGN.md §3). */
async function expectLinksWork(request: APIRequestContext, hrefs: string[]): Promise<void> {
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
}

const hrefsOf = (links: Locator) => links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));

test.describe('Home & Garden landing', () => {
  test('has the title, the breadcrumb Home > Home & Garden and a heading', async ({ page }) => {
    await page.goto('/home-garden');
    await expect(page).toHaveTitle(`Home & Garden | ${shop.name}`);
    await expectBreadcrumb(page, ['Home', 'Home & Garden']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home & Garden');
  });

  test('the slider goes back from the first slide to the last and on from the last to the first', async ({
    page,
  }) => {
    await page.goto('/home-garden');
    const slider = new Slideshow(page, 'Home & Garden highlights');
    const count = await slider.slides.count();
    expect(count).toBeGreaterThan(1);
    // A slider moves only on request: it has no Pause button.
    await expect(slider.toggle).toHaveCount(0);
    await slider.expectShowing(1, count);

    await slider.previous.click();
    await slider.expectShowing(count, count);
    await slider.next.click();
    await slider.expectShowing(1, count);
    await slider.next.click();
    await slider.expectShowing(2, count);
    await slider.previous.click();
    await slider.expectShowing(1, count);
  });

  test('Next pressed again while the slide is still moving goes exactly one slide further', async ({
    page,
  }) => {
    // Playwright's clock plays a busy phone: timers held back, then a long pause while a slide is moving.
    await page.clock.install();
    await page.goto('/home-garden');
    const slider = new Slideshow(page, 'Home & Garden highlights');
    const count = await slider.slides.count();
    expect(count).toBeGreaterThan(2);
    const track = slider.region.locator('[data-track]');
    const moving = track.evaluate(
      (element) =>
        new Promise<void>((resolve) => element.addEventListener('scroll', () => resolve(), { once: true })),
    );

    await slider.next.click();
    await moving;
    await page.clock.runFor(1000);
    await slider.next.click();
    await slider.expectShowing(3, count);
  });

  test('the category grid shows every Home & Garden category and each link opens its listing', async ({
    page,
    request,
  }) => {
    await page.goto('/home-garden');
    const grid = categoryGrid(page);
    const categories = catalogue().audiences['home-garden'].children;
    for (const category of categories) {
      await expect(grid.getByRole('link', { name: category.name, exact: true })).toHaveAttribute(
        'href',
        category.path,
      );
    }
    await expect(grid.getByRole('link')).toHaveCount(categories.length);
    await expectLinksWork(request, await hrefsOf(grid.getByRole('link')));
  });

  test('a category tile leads to its listing', async ({ page }) => {
    await page.goto('/home-garden');
    await categoryGrid(page).getByRole('link', { name: 'Garden Tools' }).click();
    await expect(page).toHaveURL('/home-garden/garden-tools');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Garden Tools');
  });

  test('shows four promo tiles and the three-item strip', async ({ page, request }) => {
    await page.goto('/home-garden');
    const promos = page.getByRole('region', { name: 'Ideas and offers' }).getByRole('link');
    await expect(promos).toHaveCount(4);
    await expectLinksWork(request, await hrefsOf(promos));
    await expect(
      page.getByRole('main').getByRole('list').filter({ hasText: 'Free UK delivery' }).getByRole('listitem'),
    ).toHaveText([
      'Free UK delivery on orders over £50',
      'Expert advice and support',
      '+1 extra year guarantee on Home & Garden machines',
    ]);
  });
});

test.describe('Professional landing', () => {
  test('has a heading and a slider that wraps both ways', async ({ page }) => {
    await page.goto('/professional');
    await expect(page).toHaveTitle(`Professional | ${shop.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Professional');
    const slider = new Slideshow(page, 'Professional highlights');
    const count = await slider.slides.count();
    expect(count).toBeGreaterThan(1);
    await slider.previous.click();
    await slider.expectShowing(count, count);
    await slider.next.click();
    await slider.expectShowing(1, count);
  });

  test('the category grid shows every Professional category and each link works', async ({
    page,
    request,
  }) => {
    await page.goto('/professional');
    const grid = categoryGrid(page);
    const categories = catalogue().audiences.professional.children;
    await expect(grid.getByRole('link')).toHaveCount(categories.length);
    for (const category of categories) {
      await expect(grid.getByRole('link', { name: category.name, exact: true })).toHaveAttribute(
        'href',
        category.path,
      );
    }
    await expectLinksWork(request, await hrefsOf(grid.getByRole('link')));
  });

  test('the industry solutions banner leads to its page', async ({ page }) => {
    await page.goto('/professional');
    await page.getByRole('link', { name: 'Explore industry solutions' }).click();
    await expect(page).toHaveURL('/services/industry-solutions');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Industry solutions');
  });

  test('three promos lead to the food industry, professional services and contact pages', async ({
    page,
    request,
  }) => {
    await page.goto('/professional');
    const promos = page.getByRole('region', { name: 'Services for professionals' }).getByRole('link');
    await expect(promos).toHaveText(['Food industry', 'Professional services', 'Get in touch']);
    const hrefs = await hrefsOf(promos);
    expect(hrefs).toEqual([
      '/services/industry-solutions/food-industry',
      '/services/professional',
      '/services/support/contact',
    ]);
    await expectLinksWork(request, hrefs);

    await promos.filter({ hasText: 'Get in touch' }).click();
    await expect(page).toHaveURL('/services/support/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
