/** Home (spec §2 Home; DESIGN.md §3: carousels pause on hover, focus and request, and respect reduced motion). */
import type { Page } from '@playwright/test';
import { INTERVAL_MS, leaveAlone, Slideshow } from './support/slideshow.ts';
import { expect, shop, telHref, test } from './support/test.ts';

const CAROUSELS = [
  { label: 'Home & garden', audience: '/home-garden/' },
  { label: 'Professional', audience: '/professional/' },
] as const;

test('the document title is "Home | {shop}"', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(`Home | ${shop.name}`);
});

/** The slide after n, counting round. */
const after = (n: number, count: number): number => (n % count) + 1;

/**
 * Home on Playwright's clock, as soon as its scripts have run (the carousels' clocks start then, not when
 * pictures arrive). The clock stands still: a test jumps it forward instead of sleeping through an
 * interval, so a slow machine's waits (a long smooth scroll, polling) never let a carousel move on by itself.
 */
async function openHome(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
}

/** Well past one interval, jumped at once: every carousel that rotates has moved on by then. */
const pastOneInterval = (page: Page) => page.clock.fastForward(INTERVAL_MS + 1000);

test('both carousels move on every 3 seconds and wrap round to the first slide', async ({ page }) => {
  await openHome(page);
  await leaveAlone(page);
  const shows = CAROUSELS.map(({ label }) => new Slideshow(page, label));
  for (const show of shows) await show.expectShowing(1, await show.slides.count());

  // Not before the interval is up...
  await page.clock.fastForward(INTERVAL_MS - 1000);
  for (const show of shows) await show.expectShowing(1, await show.slides.count());
  // ...and on to the next slide once it is.
  await page.clock.fastForward(1000);
  await Promise.all(shows.map(async (show) => show.expectShowing(2, await show.slides.count())));

  // Jump to the last slide, then let go: the carousel moves on from there, to the first.
  for (const show of shows) {
    const count = await show.slides.count();
    await show.dot(count).click();
    await show.expectShowing(count, count);
    await leaveAlone(page);
    await pastOneInterval(page);
    await show.expectShowing(1, count);
  }
});

test('Pause stops a carousel and Play starts it again', async ({ page }) => {
  await openHome(page);
  const show = new Slideshow(page, 'Home & garden');
  const count = await show.slides.count();
  await expect(show.toggle).toHaveText(/Pause/);

  await show.toggle.click();
  await expect(show.toggle).toHaveText(/Play/);
  await leaveAlone(page);
  const held = await show.current();
  await page.clock.fastForward(INTERVAL_MS * 3);
  await show.expectShowing(held, count);

  await show.toggle.click();
  await expect(show.toggle).toHaveText(/Pause/);
  await leaveAlone(page);
  await pastOneInterval(page);
  await show.expectShowing(after(held, count), count);
});

test('a carousel holds still while the pointer is over it', async ({ page }) => {
  await openHome(page);
  const show = new Slideshow(page, 'Professional');
  const count = await show.slides.count();
  await show.region.hover();
  const held = await show.current();
  await page.clock.fastForward(INTERVAL_MS * 3);
  await show.expectShowing(held, count);

  await leaveAlone(page);
  await pastOneInterval(page);
  await show.expectShowing(after(held, count), count);
});

test('a carousel holds still while focus is inside it', async ({ page }) => {
  await openHome(page);
  const show = new Slideshow(page, 'Home & garden');
  const count = await show.slides.count();
  await show.toggle.focus();
  const held = await show.current();
  await page.clock.fastForward(INTERVAL_MS * 3);
  await show.expectShowing(held, count);

  await leaveAlone(page);
  await pastOneInterval(page);
  await show.expectShowing(after(held, count), count);
});

test.describe('for shoppers who prefer reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('carousels do not rotate until Play is pressed', async ({ page }) => {
    await openHome(page);
    const shows = CAROUSELS.map(({ label }) => new Slideshow(page, label));
    for (const show of shows) await expect(show.toggle).toHaveText(/Play/);
    await leaveAlone(page);
    await page.clock.fastForward(INTERVAL_MS * 3);
    for (const show of shows) await show.expectShowing(1, await show.slides.count());

    const [first] = shows;
    if (!first) throw new Error('no carousel');
    await first.toggle.click();
    await leaveAlone(page);
    await pastOneInterval(page);
    await first.expectShowing(2, await first.slides.count());
  });
});

test('every carousel slide links to a category page of its audience', async ({ page, request }) => {
  await page.goto('/');
  for (const { label, audience } of CAROUSELS) {
    const show = new Slideshow(page, label);
    const count = await show.slides.count();
    expect(count).toBeGreaterThan(1);
    for (let n = 1; n <= count; n++) {
      const href = await show.slide(n, count).getByRole('link').getAttribute('href');
      expect(href, `${label} slide ${n}`).toMatch(new RegExp(`^${audience}[a-z-]+$`));
      expect((await request.get(href ?? '')).status(), `${href}`).toBe(200);
    }
  }
});

test('following a carousel slide opens its category listing', async ({ page }) => {
  await page.goto('/');
  const show = new Slideshow(page, 'Home & garden');
  await show
    .slide(1, await show.slides.count())
    .getByRole('link')
    .click();
  await expect(page).toHaveURL('/home-garden/pressure-washer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pressure Washers');
});

test('the three-item strip promises delivery, advice and guarantee', async ({ page }) => {
  await page.goto('/');
  const strip = page.getByRole('main').getByRole('list').filter({ hasText: 'Free UK delivery' });
  await expect(strip.getByRole('listitem')).toHaveText([
    'Free UK delivery on orders over £50',
    'Expert advice and support',
    '+1 extra year guarantee on Home & Garden machines',
  ]);
});

test('the call banner offers the shop number as a tel: link', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Not sure which machine is right for you?' });
  const call = banner.getByRole('link', { name: new RegExp(shop.phone) });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute('href', telHref(shop.phone));
});

for (const promo of [
  { link: 'Discover steam cleaners', path: '/home-garden/steam-cleaners', heading: 'Steam Cleaners' },
  {
    link: 'Discover the Black Edition',
    path: '/home-garden/window-vac/wv-black-edition',
    heading: 'WV Black Edition',
  },
]) {
  test(`the promo banner "${promo.link}" opens ${promo.path}`, async ({ page }) => {
    await page.goto('/');
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === promo.path);
    await page.getByRole('link', { name: promo.link }).click();
    expect((await response).status()).toBe(200);
    await expect(page).toHaveURL(promo.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(promo.heading);
  });
}

test('the promo grid has eight tiles, each leading to a page that exists', async ({ page, request }) => {
  await page.goto('/');
  const grid = page.getByRole('region', { name: 'More from us' });
  const links = grid.getByRole('link');
  await expect(links).toHaveCount(8);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
});
