/** The privacy summary and the full privacy notice (spec §2, §4 privacy accordions, §9). */
import type { Page } from '@playwright/test';
import { disclosure, expect, expectBreadcrumb, shop, test } from './support/test.ts';

/** Spec §2: the six summary sections, in order (our headings for the spec's topics). */
const SUMMARY_SECTIONS = [
  'Contact / data protection officer',
  'Collection and storage of personal data',
  'Transfer and deletion of personal data',
  'Safety',
  'Cookies and behavioural advertising',
  'Your rights',
];

/** Spec §2: the fourteen numbered sections of the full notice, word for word. */
const NOTICE_SECTIONS = [
  'Contact / Data Protection Officer',
  'How we collect personal information',
  'How do we use your personal information',
  'Marketing and preferences',
  'Processing for profiling',
  'Contact from the manufacturer',
  'Sharing your information',
  'Protecting your personal information',
  'Children',
  'Transferring information outside the EEA',
  'How long do we keep your personal information',
  'Changes in our privacy notice',
  'Your rights',
  'Data protection rights',
];

const section = (page: Page, title: string) => disclosure(page.getByRole('main'), title);

/** An accordion section is open when its text shows, closed when it does not. */
const body = (page: Page, title: string) => section(page, title).group.getByRole('paragraph').first();

test.describe('privacy summary', () => {
  test('has six sections, all closed at first', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page).toHaveTitle(`Privacy Policy | ${shop.name}`);
    await expectBreadcrumb(page, ['Home', 'Privacy Policy']);
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveText(SUMMARY_SECTIONS);
    for (const title of SUMMARY_SECTIONS) await expect(body(page, title)).toBeHidden();
  });

  test('opening a section closes the one that was open, and clicking an open one closes it', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await section(page, 'Safety').toggle.click();
    await expect(body(page, 'Safety')).toBeVisible();

    await section(page, 'Your rights').toggle.click();
    await expect(body(page, 'Your rights')).toBeVisible();
    await expect(body(page, 'Safety')).toBeHidden();

    await section(page, 'Your rights').toggle.click();
    await expect(body(page, 'Your rights')).toBeHidden();
    for (const title of SUMMARY_SECTIONS) await expect(body(page, title)).toBeHidden();
  });

  test('the contact section names the shop and how to reach it', async ({ page }) => {
    await page.goto('/privacy-policy');
    await section(page, SUMMARY_SECTIONS[0] ?? '').toggle.click();
    const contact = section(page, SUMMARY_SECTIONS[0] ?? '').group;
    await expect(contact).toContainText(shop.name);
    await expect(contact).toContainText(shop.address);
    await expect(contact.getByRole('link', { name: shop.email }).first()).toHaveAttribute(
      'href',
      `mailto:${shop.email}`,
    );
  });

  test('the theme switch turns the sections dark and back', async ({ page }) => {
    await page.goto('/privacy-policy');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    const heading = page.getByRole('heading', { name: 'Safety' });
    /** Sum of the RGB channels of the sections' background and of a heading's text: low is dark. */
    const colours = () =>
      heading.evaluate((el) => {
        const lightness = (css: string) =>
          (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).reduce((sum, channel) => sum + Number(channel), 0);
        const area = el.closest('details')?.parentElement;
        const background = area ? getComputedStyle(area).backgroundColor : '';
        // A transparent area shows the page, which is light.
        return {
          background: background === 'rgba(0, 0, 0, 0)' ? 765 : lightness(background),
          text: lightness(getComputedStyle(el).color),
        };
      });
    const light = await colours();
    expect(light.background).toBeGreaterThan(light.text);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (({ background, text }) => background < text)(await colours())).toBe(true);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(colours).toEqual(light);
  });

  test('links to the full notice', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.getByRole('link', { name: 'Read the full privacy notice' }).click();
    await expect(page).toHaveURL('/privacy-policy/full-notice');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Notice');
  });
});

test.describe('full privacy notice', () => {
  test('is titled Full Privacy Policy with the breadcrumb Home > Full Privacy Policy and the heading Privacy Notice', async ({
    page,
  }) => {
    await page.goto('/privacy-policy/full-notice');
    await expect(page).toHaveTitle(`Full Privacy Policy | ${shop.name}`);
    await expectBreadcrumb(page, ['Home', 'Full Privacy Policy']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Notice');
  });

  test('the introduction names the data controller, its address, who it covers and the data officer', async ({
    page,
  }) => {
    await page.goto('/privacy-policy/full-notice');
    const main = page.getByRole('main');
    await expect(main.getByText(/data controller/).first()).toContainText(shop.name);
    await expect(main.getByText(shop.address).first()).toBeVisible();
    for (const channel of ['e-mail', 'website', 'phone', 'social media', 'training academy', 'trade shows']) {
      await expect(main.getByText(/anyone who asks about, buys or uses/)).toContainText(channel);
    }
    await expect(main.getByRole('link', { name: shop.email }).first()).toHaveAttribute(
      'href',
      `mailto:${shop.email}`,
    );
  });

  test('has the fourteen numbered sections of the spec, in order', async ({ page }) => {
    await page.goto('/privacy-policy/full-notice');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      NOTICE_SECTIONS.map((title, i) => `${i + 1} ${title}`),
    );
  });

  test('each section opens and closes on its own', async ({ page }) => {
    await page.goto('/privacy-policy/full-notice');
    const first = section(page, `1 ${NOTICE_SECTIONS[0] ?? ''}`);
    const last = section(page, `14 ${NOTICE_SECTIONS[13] ?? ''}`);
    const firstText = first.group.getByRole('paragraph').first();
    const lastText = last.group.getByRole('paragraph').first();
    await expect(firstText).toBeHidden();

    await first.toggle.click();
    await expect(firstText).toBeVisible();
    await last.toggle.click();
    await expect(lastText).toBeVisible();
    await expect(firstText).toBeVisible();

    await first.toggle.click();
    await expect(firstText).toBeHidden();
    await expect(lastText).toBeVisible();
  });
});
