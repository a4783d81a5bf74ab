/**
 * Editors own the home page: a content editor changes a home banner in Magento's CMS (a block saved through
 * the admin API, as Magento's admin saves it), the save calls the storefront's rebuild hook, and the home
 * page shows the new banner, its picture through the image route, without anyone touching the repository.
 * The block is put back afterwards. This journey changes what every other journey sees, so it runs after
 * them (playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { admin } from './support/admin.ts';
import { expect, shellReady, test } from './support/test.ts';

interface Block {
  id: number;
  identifier: string;
  title: string;
  content: string;
  active: boolean;
}

/** A rebuild takes seconds; the home page is opened afresh until it shows the change. */
const LIVE = { timeout: 60_000, intervals: [500] };

async function headingsOnHome(page: Page, title: string): Promise<number> {
  await page.goto('/');
  return page.getByRole('heading', { name: title }).count();
}

const save = (block: Block) =>
  admin(`/cmsBlock/${block.id}`, { method: 'PUT', body: { block }, store: 'all' });

test('an editor retitles a home promo banner in the CMS and sees it live', async ({ page }) => {
  const original = (await admin('/cmsBlock/home-promo-banners', { method: 'GET' })) as Block;
  const title = `Winter steam clean ${Date.now() % 100000}`;
  const edited = {
    ...original,
    content: original.content
      .replace(/<h3>[^<]*<\/h3>/, `<h3>${title}</h3>`)
      .replace(/\{\{store url="[^"]*"\}\}/, '{{store url="home-garden/steam-cleaners"}}'),
  };
  expect(edited.content, 'the seeded block has a heading to change').not.toBe(original.content);

  try {
    await save(edited);
    await expect.poll(() => headingsOnHome(page, title), LIVE).toBe(1);
    await shellReady(page);
    const banner = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(banner.getByRole('link')).toHaveAttribute('href', '/home-garden/steam-cleaners');
    // The block's picture comes from Magento media through the image route, and loads.
    const picture = banner.locator('img');
    await expect(picture).toHaveAttribute('src', /^\/img\/\d+\/webp\/wysiwyg\//);
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await save(original);
  }
  await expect.poll(() => headingsOnHome(page, title), LIVE).toBe(0);
});
