/** The product page (spec §2 Product page, §3 Product; DESIGN.md §3: exact pence, add to cart when in stock). */
import type { Page } from '@playwright/test';
import { loadEnv } from '../src/config/env.ts';
import {
  CONNECTED_SECTIONS,
  connected,
  formatGbp,
  outOfStockProduct,
  productPages,
  productWithoutListPrice,
  richProduct,
  type Product,
} from './support/catalogue.ts';
import { MAGENTO_URL } from './support/ports.ts';
import { expect, expectBreadcrumb, shop, telHref, test } from './support/test.ts';

const open = async (page: Page, product: Product) => {
  // Pictures are awaited by the tests that are about them.
  const response = await page.goto(`/${product.urlKey}`, { waitUntil: 'domcontentloaded' });
  expect(response?.status()).toBe(200);
};

/** The main product's own add-to-cart button (connected products' buttons also name their product). */
const mainAddToCart = (page: Page) => page.getByRole('button', { name: 'Add to cart', exact: true });

test('the title is "{shop} | {name}" and the breadcrumb reads Home > name', async ({ page }) => {
  const product = richProduct();
  await open(page, product);
  await expect(page).toHaveTitle(`${shop.name} | ${product.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expectBreadcrumb(page, ['Home', product.name]);
});

test('an available product shows both prices with pence, In Stock, its model and a cart form with quantity', async ({
  page,
}) => {
  const product = richProduct();
  await open(page, product);
  await expect(
    page.getByText(`${formatGbp(product.priceInclVat ?? 0)} incl VAT`, { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText(`${formatGbp(product.priceExclVat ?? 0)} excl VAT`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  await expect(page.getByText(`Model ${product.modelNumber ?? ''}`, { exact: true })).toBeVisible();

  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await expect(quantity).toHaveAttribute('min', '1');
  await expect(mainAddToCart(page)).toBeVisible();
});

test('an out-of-stock product says Unavailable and offers no add to cart', async ({ page }) => {
  const product = outOfStockProduct();
  await open(page, product);
  await expect(page.getByText('Unavailable', { exact: true })).toBeVisible();
  await expect(page.getByText('In Stock', { exact: true })).toHaveCount(0);
  await expect(mainAddToCart(page)).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);
});

test('order by phone is offered with the order line as a tel: link', async ({ page }) => {
  await open(page, outOfStockProduct());
  const phone = page.getByRole('link', { name: shop.orderPhone });
  await expect(phone).toHaveAttribute('href', telHref(shop.orderPhone));
  await expect(page.getByText(/Order by phone/)).toBeVisible();
});

test.describe('gallery', () => {
  test('shows the thumbnails in position order', async ({ page }) => {
    const product = richProduct();
    await open(page, product);
    const expected = [...product.images].sort((a, b) => a.position - b.position).map((image) => image.label);
    const alts = await page
      .getByRole('list', { name: 'Choose an image' })
      .getByRole('img')
      .evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
    expect(alts).toEqual(expected);
  });

  test('choosing a thumbnail shows that picture large', async ({ page }) => {
    const product = richProduct();
    await open(page, product);
    const [first, , third] = [...product.images].sort((a, b) => a.position - b.position);
    if (!first || !third) throw new Error('richProduct has fewer than three pictures');
    // The large picture is the gallery's only one outside the thumbnail list.
    const large = page.locator('[data-gallery-image]');
    await expect(large).toHaveAttribute('alt', first.label);

    const thumbnails = page.getByRole('list', { name: 'Choose an image' });
    await thumbnails.getByRole('link', { name: third.label }).click();
    await expect(large).toHaveAttribute('alt', third.label);
    await expect
      .poll(() =>
        large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc),
      )
      .toContain(third.file);
    await expect(thumbnails.getByRole('link', { name: third.label })).toHaveAttribute('aria-current', 'true');
    await expect(thumbnails.getByRole('link', { name: first.label })).not.toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page).toHaveURL(`/${product.urlKey}`);
  });

  test('the large picture is served by the image route as WebP', async ({ page, request }) => {
    await open(page, richProduct());
    const large = page.locator('[data-gallery-image]');
    await expect
      .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const src = await large.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(src).pathname).toMatch(/^\/img\/\d+\/webp\//);
    const response = await request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
  });
});

test('Specifications list the technical data rows, the equipment and the applications', async ({ page }) => {
  const product = richProduct();
  await open(page, product);
  const specifications = page.getByRole('region', { name: 'Specifications' });
  await expect(specifications.getByRole('heading', { name: 'Technical data' })).toBeVisible();
  const table = specifications.getByRole('table', { name: 'Technical data' });
  await expect(table.getByRole('rowheader')).toHaveText(product.technicalData.map((row) => row.label));
  await expect(table.getByRole('cell')).toHaveText(product.technicalData.map((row) => row.value));

  await expect(specifications.getByRole('heading', { name: 'Equipment' })).toBeVisible();
  await expect(specifications.getByRole('listitem')).toHaveText(product.equipment);

  const applications = page.getByRole('region', { name: 'Applications' });
  await expect(applications.getByRole('listitem')).toHaveText(product.applications);
});

test('Detergents, Accessories and Related Products show cards with add to cart, wish list and compare', async ({
  page,
}) => {
  const product = richProduct();
  await open(page, product);
  for (const { title, type } of CONNECTED_SECTIONS) {
    const items = connected(product, type);
    const section = page.getByRole('region', { name: title, exact: true });
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(section.getByRole('listitem')).toHaveCount(items.length);
    for (const [i, item] of items.entries()) {
      const card = section.getByRole('listitem').nth(i);
      await expect(card.getByRole('heading')).toHaveText(item.name);
      await expect(card.getByRole('button', { name: /^Add to wish list/ })).toBeVisible();
      await expect(card.getByRole('button', { name: /^Add to compare/ })).toBeVisible();
      if (item.inStock) await expect(card.getByRole('button', { name: /^Add to cart/ })).toBeVisible();
      else await expect(card.getByText('Unavailable', { exact: true })).toBeVisible();
    }
  }
});

test('the side info box shows only for products with a list price', async ({ page }) => {
  const infoBox = page.getByRole('heading', { name: 'Why buy from us' });
  await open(page, richProduct());
  await expect(infoBox).toBeVisible();
  await open(page, productWithoutListPrice());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productWithoutListPrice().name);
  await expect(infoBox).toHaveCount(0);
});

test.describe('description', () => {
  test('keeps the text but none of the script, handlers or frames a Magento description may carry', async ({
    page,
    request,
  }) => {
    // The demo generator plants hostile markup in a few descriptions; the snapshot holds them cleaned, so
    // the raw ones are read from the embedded back end (port and token as scripts/e2e-server.ts sets them).
    const token = loadEnv({}).EMBEDDED_INTEGRATION_TOKEN;
    const response = await request.get(`${MAGENTO_URL}/rest/V1/products?searchCriteria[pageSize]=1000`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as {
      items: { sku: string; custom_attributes: { attribute_code: string; value: unknown }[] }[];
    };
    const hostileSkus = items
      .filter((item) =>
        item.custom_attributes.some(
          (a) =>
            a.attribute_code === 'description' &&
            /<script|<iframe|\son\w+=|javascript:/i.test(typeof a.value === 'string' ? a.value : ''),
        ),
      )
      .map((item) => item.sku);
    const pages = productPages().filter((p) => hostileSkus.includes(p.sku));
    expect(pages.length, 'products with hostile markup in their description').toBeGreaterThan(0);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const product of pages) {
      await open(page, product);
      const description = page.getByRole('region', { name: 'Description' });
      const sentence =
        product.description.split(/<[^>]+>/).find((text) => text.trim().length > 20 && !text.includes('&')) ??
        '';
      expect(sentence.trim(), `a sentence of ${product.sku}'s description`).not.toBe('');
      await expect(description).toContainText(sentence.trim());
      expect(
        await description.evaluate((section) => ({
          scripts: section.querySelectorAll('script, iframe, object, embed').length,
          handlers: [...section.querySelectorAll('*')].flatMap((el) =>
            el.getAttributeNames().filter((name) => name.startsWith('on')),
          ),
          jsLinks: [...section.querySelectorAll('a')].filter((a) => /^\s*javascript:/i.test(a.href)).length,
        })),
        product.sku,
      ).toEqual({ scripts: 0, handlers: [], jsLinks: 0 });
    }
    expect(dialogs).toEqual([]);
  });
});

test('structured data describes the product with a GBP offer and its availability', async ({ page }) => {
  for (const product of [richProduct(), outOfStockProduct()]) {
    await open(page, product);
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null') as unknown));
    const data = blocks.find(
      (block): block is Record<string, unknown> =>
        typeof block === 'object' &&
        block !== null &&
        (block as Record<string, unknown>)['@type'] === 'Product',
    );
    expect(data, 'a Product block').toBeDefined();
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      name: product.name,
      sku: product.sku,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'GBP',
        price: (product.priceInclVat ?? 0).toFixed(2),
        availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
    });
  }
});

test('an unknown product URL answers 404 Not Found with a link home', async ({ page }) => {
  const response = await page.goto('/no-such-product-xyz');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(`Not Found | ${shop.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
  await page.getByRole('link', { name: 'Please return to the homepage' }).click();
  await expect(page).toHaveURL('/');
});
