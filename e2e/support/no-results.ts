/**
 * What the results page offers when nothing is found (issue 37), as a shopper meets it: a query the demo
 * shop sells nothing for, and the help below the spec's text (NoResultsHelp.astro).
 */
import type { Locator, Page } from '@playwright/test';
import { AUDIENCE_NAMES } from '../../src/catalogue/categories.ts';
import { categoryTiles } from '../../src/site/menus.ts';
import { catalogue } from './catalogue.ts';
import { expect, shop, telHref } from './test.ts';

/** A shopper's word for something a cleaning-machine shop does not sell. */
export const UNSOLD = 'iphone';

export const help = (page: Page): Locator => page.getByRole('region', { name: 'Help with your search' });

/** Each audience's name and the top categories the help lists (the header menu's first six), in order. */
export const topCategories = () =>
  (['home-garden', 'professional'] as const).map((audience) => {
    const root = catalogue().audiences[audience];
    return {
      label: AUDIENCE_NAMES[audience],
      href: root.path,
      tiles: categoryTiles(root, new Map()).slice(0, 6),
    };
  });

/** The help as the shopper sees it: both audiences' categories, the call banner's line, the tips. */
export async function expectHelp(page: Page): Promise<void> {
  const region = help(page);
  await expect(region).toBeVisible();
  await expect(region.getByRole('heading', { name: 'Browse our categories' })).toBeVisible();
  for (const audience of topCategories()) {
    const links = region.getByRole('list', { name: audience.label }).getByRole('link');
    await expect(links).toHaveText([...audience.tiles.map((tile) => tile.name), `All ${audience.label}`]);
    await expect(links.first()).toHaveAttribute('href', audience.tiles[0]?.href ?? '');
  }
  await expect(
    region.getByRole('heading', { name: 'Not sure which machine is right for you?' }),
  ).toBeVisible();
  await expect(region.getByText('Monday to Friday from 8am to 6pm')).toBeVisible();
  await expect(region.getByRole('link', { name: `Call us on ${shop.phone}` })).toHaveAttribute(
    'href',
    telHref(shop.phone),
  );
  await expect(region.getByRole('heading', { name: 'Search tips' })).toBeVisible();
  await expect(region.getByRole('listitem').filter({ hasText: 'Check the spelling' })).toBeVisible();
  await expect(region.getByRole('link', { name: 'pressure washer', exact: true })).toHaveAttribute(
    'href',
    '/search/pressure%20washer',
  );
}
