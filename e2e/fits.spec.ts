/**
 * "Fits my machine" as a shopper meets it (issue "Fits my machine"): from a K 5's page to a hose that fits it
 * and into the basket; a part's page naming its machines and answering "Does it fit my machine?" with yes, no
 * and the nearest alternative, without asking the back end (and through the parts finder without
 * JavaScript); a model's parts page with everything that fits; the structured data of both.
 */
import type { Page } from '@playwright/test';
import { modelKey } from '../src/catalogue/fits.ts';
import { formatGbp, pricedNow, productPages, type Product } from './support/catalogue.ts';
import { expect, shellReady, test } from './support/test.ts';

const sold = (product: Product) => product.visibility === 4 && product.inStock && !product.configurable;
const fitsModel = (model: string) => (product: Product) =>
  product.fit.fits.some((name) => modelKey(name) === modelKey(model));

function pick<T>(items: T[], what: string): T {
  const [found] = items;
  if (!found) throw new Error(`The e2e catalogue has no ${what}; the demo catalogue changed.`);
  return found;
}

const k5 = () =>
  pick(
    productPages().filter((p) => sold(p) && p.fit.model === 'K 5'),
    'K 5 on sale',
  );

/** A part of `type` that fits exactly one model, and a machine model it does not fit but a part of its type does. */
function oneModelPart(type: string) {
  const parts = productPages().filter((p) => sold(p) && p.fit.type === type && p.fit.fits.length === 1);
  for (const part of parts) {
    const other = parts.find((candidate) => candidate.fit.fits[0] !== part.fit.fits[0]);
    if (other) return { part, model: part.fit.fits[0] ?? '', other, otherModel: other.fit.fits[0] ?? '' };
  }
  throw new Error(`The e2e catalogue has no two ${type} for different models; the demo catalogue changed.`);
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test('from a K 5’s page to a hose that fits it, and into the basket', async ({ page }) => {
  const machine = k5();
  await page.goto(`/${machine.urlKey}`);
  await shellReady(page);
  const section = page.getByRole('region', { name: 'Accessories and detergents that fit' });
  await expect(section.getByText('Everything here fits the K 5.')).toBeVisible();
  const hoses = section.getByRole('region', { name: 'Hoses' });
  // Each part's price and stock come from the model's fit file as the shopper nears them.
  await hoses.scrollIntoViewIfNeeded();
  const card = hoses
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Add to cart' }) })
    .first();
  const name = (await card.getByRole('heading').innerText()).trim();
  const hose = pick(
    productPages().filter((p) => p.name === name),
    `hose called ${name}`,
  );
  expect(fitsModel('K 5')(hose), `${name} is shown on the K 5's page, so it fits a K 5`).toBe(true);
  const price = pricedNow().get(hose.sku)?.priceInclVat;
  if (price) await expect(card.locator('.product-card__price')).toContainText(`${formatGbp(price)} incl VAT`);
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('#basket-link [data-basket-count]')).toHaveText('1');

  // The machine's structured data speaks of the machine only, not of the parts its page shows.
  const data = await jsonLd(page);
  expect(data.find((item) => item['@type'] === 'ItemList')).toBeUndefined();
  expect(JSON.stringify(data)).not.toContain(`/${hose.urlKey}"`);

  // Everything that fits, on the model's parts page, with the listing's count and the K 5 machines.
  const all = productPages().filter(fitsModel('K 5'));
  await section
    .getByRole('link', { name: /^See all \d+ products that fit the K 5$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/parts-finder\/k-5$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessories and parts for the K 5');
  await expect(page.getByText(`${all.length} items`, { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Fits these machines' }).getByRole('link', { name: machine.name }),
  ).toBeVisible();
});

test('a filter’s page names its machine and answers “does it fit my …?” with yes, no and an alternative', async ({
  page,
}) => {
  const { part, model, otherModel } = oneModelPart('Filters and spare parts');
  const backEnd: string[] = [];
  page.on('request', (request) => {
    if (/\/(rest|graphql)\b/.test(new URL(request.url()).pathname)) backEnd.push(request.url());
  });
  await page.goto(`/${part.urlKey}`);
  await shellReady(page);
  const section = page.getByRole('region', { name: 'Fits these machines' });
  await expect(section.getByRole('link', { name: model, exact: true })).toBeVisible();

  const field = section.getByLabel('Your machine’s model');
  const answer = section.getByRole('status');
  await field.fill(modelKey(model).toUpperCase()); // typed as shoppers do: "K5", "HD6/15"
  await field.press('Enter');
  await expect(answer).toHaveText(`Yes: the ${part.name} fits the ${model}.`);

  const before = backEnd.length;
  await field.fill(otherModel);
  await section.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toContainText(`No: this does not fit the ${otherModel}.`);
  await expect(answer).toContainText(`This fits the ${otherModel} instead:`);
  const href = (await answer.getByRole('link').first().getAttribute('href')) ?? '';
  const alternative = pick(
    productPages().filter((p) => `/${p.urlKey}` === href),
    `product at ${href}`,
  );
  expect(fitsModel(otherModel)(alternative), `${alternative.name} fits the ${otherModel}`).toBe(true);
  expect(alternative.fit.type).toBe(part.fit.type);
  await expect(
    answer.getByRole('link', { name: `See everything that fits the ${otherModel}` }),
  ).toBeVisible();

  await field.fill('Zephyr 9000');
  await field.press('Enter');
  await expect(answer).toContainText('We don’t know a machine called “Zephyr 9000”.');
  expect(backEnd.slice(before), 'the fit check asks no back end').toEqual([]);

  const ld = (await jsonLd(page)).find((item) => item['@type'] === 'Product');
  expect(ld?.['isAccessoryOrSparePartFor']).toEqual([
    expect.objectContaining({ '@type': 'ProductModel', name: model }),
  ]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the fit check asks the parts finder, which shows everything that fits the model', async ({
    page,
  }) => {
    const { part, model } = oneModelPart('Filters and spare parts');
    await page.goto(`/${part.urlKey}`);
    const section = page.getByRole('region', { name: 'Fits these machines' });
    await section.getByLabel('Your machine’s model').fill(model);
    await section.getByRole('button', { name: 'Check' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/parts-finder/${model.toLowerCase().replace(/[^a-z0-9]+/g, '-')}$`),
    );
    await expect(page.getByRole('link', { name: part.name }).first()).toBeVisible();
  });
});
