/**
 * `GET /V1/products-render-info` (COMMERCE-BASICS.md §5.3): anonymous; `searchCriteria`, `storeId` and
 * `currencyCode` required, refused as ServiceInputProcessor refuses a missing parameter; `{"items": [...]}`
 * of the products Magento lists (visible in the catalogue or search, enabled, in stock), each with the
 * price Magento charges a guest now: regular, special within its dates or tier at quantity 1, whichever is
 * lowest; a configurable's is its cheapest salable child's. Search criteria filter and page it; a page of
 * 500 at 10,000 products is read in tens of milliseconds, so the storefront's nightly read of every product
 * stays well within its budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@cleaning-shop/kit/clock.ts';
import { productsRenderInfo } from '@cleaning-shop/embedded-magento/catalog/render-info.ts';
import { parseSearchCriteria } from '@cleaning-shop/embedded-magento/search-criteria.ts';
import { parsePhpQuery } from '@cleaning-shop/embedded-magento/query.ts';
import { demoChild, demoFamily } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { INTEGRATION_TOKEN, startTestBackend, type Reply, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { makeProduct } from './checkout-helpers.ts';
import { expectError } from './helpers.ts';

const clock = manualClock('2026-01-15T12:00:00.000Z');
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ clock });
});
afterAll(() => backend.stop());

const STORE = 'storeId=1&currencyCode=GBP';

/** One filter group per filter, as `searchCriteria[filterGroups][i][filters][0]`. */
function criteria(
  filters: readonly (readonly [field: string, value: string | number, condition?: string])[],
  extra = '',
): string {
  const groups = filters.map(
    ([field, value, condition = 'eq'], i) =>
      `searchCriteria[filterGroups][${i}][filters][0][field]=${field}` +
      `&searchCriteria[filterGroups][${i}][filters][0][value]=${encodeURIComponent(String(value))}` +
      `&searchCriteria[filterGroups][${i}][filters][0][conditionType]=${condition}`,
  );
  return [...groups, extra].filter(Boolean).join('&') || 'searchCriteria[pageSize]=0';
}

async function renderInfo(query: string, token?: string): Promise<Reply> {
  return backend.call('GET', `/rest/V1/products-render-info?${query}`, { token });
}

/** The items for a query, the answer checked against Magento Open Source's schema. */
async function items(query: string): Promise<Item[]> {
  const reply = await renderInfo(`${query}&${STORE}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateOpenSourceResponse('GET', '/V1/products-render-info', 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
  return reply.body.items as Item[];
}

interface Item {
  id: number;
  name: string;
  type: string;
  is_salable: string;
  price_info: Record<string, unknown> & { formatted_prices: Record<string, string | null> };
}

const bySku = async (...skus: string[]) => items(criteria([['sku', skus.join(','), 'in']]));

async function idOf(sku: string): Promise<number> {
  const reply = await backend.call('GET', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token: INTEGRATION_TOKEN,
  });
  return reply.body.id as number;
}

/** An admin save of `sku` with these fields (`custom_attributes` and the rest as given). */
async function save(sku: string, product: Record<string, unknown>): Promise<void> {
  const reply = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token: INTEGRATION_TOKEN,
    body: { product: { sku, ...product } },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

const special = (price: number | string, from = '', to = '') => ({
  custom_attributes: [
    { attribute_code: 'special_price', value: price },
    { attribute_code: 'special_from_date', value: from },
    { attribute_code: 'special_to_date', value: to },
  ],
});

describe('its parameters', () => {
  it('answers a guest: the route is anonymous', async () => {
    const reply = await renderInfo(`searchCriteria[pageSize]=1&${STORE}`);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['items']);
  });

  it('refuses a call missing storeId, currencyCode or searchCriteria, naming each', async () => {
    expectError(
      await renderInfo('searchCriteria[pageSize]=1&storeId=1'),
      400,
      '"%fieldName" is required. Enter and try again.',
      { fieldName: 'currencyCode' },
    );
    expectError(
      await renderInfo('storeId=1&currencyCode=GBP'),
      400,
      '"%fieldName" is required. Enter and try again.',
      {
        fieldName: 'searchCriteria',
      },
    );
    const none = await renderInfo('');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      message: 'One or more input exceptions have occurred.',
      errors: ['searchCriteria', 'storeId', 'currencyCode'].map((fieldName) => ({
        message: '"%fieldName" is required. Enter and try again.',
        parameters: { fieldName },
      })),
    });
  });

  it('refuses a storeId that is no integer before it reports what is missing', async () => {
    expectError(
      await renderInfo('storeId=one'),
      400,
      'The "one" value\'s type is invalid. The "int" type was expected. Verify and try again.',
    );
  });

  it('takes the parameters’ snake_case names too, and echoes the store and currency asked for', async () => {
    const reply = await renderInfo('search_criteria[pageSize]=1&store_id=1&currency_code=EUR');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.items[0]).toMatchObject({ store_id: 1, currency_code: 'EUR' });
    expect(reply.body.items[0].price_info.formatted_prices.final_price).toMatch(
      /^<span class="price">€[\d,]+\.\d\d<\/span>$/,
    );
  });
});

describe('what it lists', () => {
  it('lists products visible in the catalogue, in search, or both; not those visible nowhere', async () => {
    const skus = await Promise.all([1, 2, 3, 4].map(() => makeProduct(backend, 10, 1)));
    for (const [i, sku] of skus.entries()) await save(sku, { visibility: i + 1 });
    expect((await bySku(...skus)).map((item) => item.id)).toEqual(
      await Promise.all(skus.slice(1).map((sku) => idOf(sku))),
    );
  });

  it('leaves out disabled and sold-out products', async () => {
    const [disabled, soldOut, empty, listed] = await Promise.all(
      [1, 2, 3, 4].map(() => makeProduct(backend, 10, 1)),
    );
    if (!disabled || !soldOut || !empty || !listed) throw new Error('four products');
    await save(disabled, { status: 2 });
    await save(soldOut, { extension_attributes: { stock_item: { is_in_stock: false } } });
    await save(empty, { extension_attributes: { stock_item: { qty: 0 } } });
    expect((await bySku(disabled, soldOut, empty, listed)).map((item) => item.name)).toHaveLength(1);
    expect((await bySku(listed))[0]).toMatchObject({ is_salable: '1', type: 'simple' });
  });

  it('lists a configurable but not its children, which are not visible on their own', async () => {
    const shampoo = demoFamily('HG-DT-CARSHAMPOO');
    expect(await bySku(...shampoo.children.map((child) => child.sku))).toEqual([]);
    const [parent] = await bySku(shampoo.parentSku);
    expect(parent).toMatchObject({ id: await idOf(shampoo.parentSku), type: 'configurable' });
  });

  it('answers each item as ProductRenderInterface has it, in its order', async () => {
    const sku = await makeProduct(backend, 1249.99, 1);
    const [item] = await bySku(sku);
    expect(Object.keys(item ?? {})).toEqual([
      'add_to_cart_button',
      'add_to_compare_button',
      'price_info',
      'images',
      'url',
      'id',
      'name',
      'type',
      'is_salable',
      'store_id',
      'currency_code',
      'extension_attributes',
    ]);
    expect(item).toMatchObject({
      url: `/${sku.toLowerCase()}.html`,
      store_id: 1,
      currency_code: 'GBP',
      price_info: {
        final_price: 1249.99,
        regular_price: 1249.99,
        special_price: null,
        formatted_prices: {
          final_price: '<span class="price">£1,249.99</span>',
          regular_price: '<span class="price">£1,249.99</span>',
          special_price: null,
        },
      },
    });
  });
});

describe('its prices', () => {
  it('gives the special price as the final price while the store’s clock is within its dates', async () => {
    const sku = await makeProduct(backend, 100, 1);
    await save(sku, special(79.99, '2026-02-01 00:00:00', '2026-02-28 00:00:00'));
    clock.set('2026-01-31T23:59:59.000Z');
    expect((await bySku(sku))[0]?.price_info).toMatchObject({ final_price: 100, special_price: null });
    clock.set('2026-02-01T00:00:00.000Z');
    expect((await bySku(sku))[0]?.price_info).toMatchObject({
      final_price: 79.99,
      special_price: 79.99,
      regular_price: 100,
      minimal_price: 79.99,
      max_price: 79.99,
      max_regular_price: 100,
      minimal_regular_price: 100,
      formatted_prices: { final_price: '<span class="price">£79.99</span>' },
    });
    clock.set('2026-03-01T00:00:01.000Z');
    expect((await bySku(sku))[0]?.price_info).toMatchObject({ final_price: 100 });
    clock.set('2026-01-15T12:00:00.000Z');
  });

  it('prices a guest at quantity 1: a tier from 1 counts, a larger one only as the "as low as" price', async () => {
    const sku = await makeProduct(backend, 50, 1);
    await save(sku, {
      tier_prices: [
        { customer_group_id: 32000, qty: 1, value: 47 },
        { customer_group_id: 32000, qty: 10, value: 40 },
        // A trade customer's tier: not a guest's.
        { customer_group_id: 2, qty: 1, value: 30 },
      ],
    });
    expect((await bySku(sku))[0]?.price_info).toMatchObject({
      final_price: 47,
      minimal_price: 40,
      regular_price: 50,
    });
  });

  it('gives a configurable its cheapest salable child’s price, its range the children’s', async () => {
    const shampoo = demoFamily('HG-DT-CARSHAMPOO');
    const [small, soldOut, large] = ['1 l', '2.5 l', '5 l'].map((label) => demoChild(shampoo, label));
    if (!small || !soldOut || !large) throw new Error('the shampoo has three sizes');
    expect(soldOut.inStock).toBe(false);
    expect((await bySku(shampoo.parentSku))[0]?.price_info).toMatchObject({
      final_price: small.price,
      regular_price: small.price,
      minimal_price: small.price,
      max_price: large.price,
      max_regular_price: large.price,
      minimal_regular_price: small.price,
      special_price: null,
    });
    // A sale on the large size below the small one's price makes it the cheapest.
    await save(large.sku, special(5.49));
    expect((await bySku(shampoo.parentSku))[0]?.price_info).toMatchObject({
      final_price: 5.49,
      regular_price: small.price,
      max_price: small.price,
      max_regular_price: large.price,
    });
    await save(large.sku, special(''));
  });
});

describe('search criteria', () => {
  let skus: string[];
  let ids: number[];
  beforeAll(async () => {
    skus = [];
    for (const price of [30, 10, 20]) skus.push(await makeProduct(backend, price, 1));
    ids = await Promise.all(skus.map((sku) => idOf(sku)));
  });

  it('filters by sku and entity id, in id order unless sorted', async () => {
    expect((await bySku(...skus)).map((item) => item.id)).toEqual(ids);
    expect((await items(criteria([['entity_id', ids[1] ?? 0]]))).map((item) => item.id)).toEqual([ids[1]]);
    const sorted = await items(
      criteria(
        [['sku', skus.join(','), 'in']],
        'searchCriteria[sortOrders][0][field]=price&searchCriteria[sortOrders][0][direction]=DESC',
      ),
    );
    expect(sorted.map((item) => item.price_info['final_price'])).toEqual([30, 20, 10]);
  });

  it('pages with pageSize and currentPage; a page past the last is the last', async () => {
    const page = (n: number) =>
      items(
        criteria(
          [['sku', skus.join(','), 'in']],
          `searchCriteria[pageSize]=2&searchCriteria[currentPage]=${n}`,
        ),
      );
    expect((await page(1)).map((item) => item.id)).toEqual(ids.slice(0, 2));
    expect((await page(2)).map((item) => item.id)).toEqual(ids.slice(2));
    expect((await page(9)).map((item) => item.id)).toEqual(ids.slice(2));
  });

  it('reads every listed product a page at a time by entity id, as the storefront does', async () => {
    const seen: number[] = [];
    for (let after = 0; ;) {
      const page = await items(
        criteria(
          [['entity_id', after, 'gt']],
          'searchCriteria[sortOrders][0][field]=entity_id&searchCriteria[sortOrders][0][direction]=ASC&searchCriteria[pageSize]=25&searchCriteria[currentPage]=1',
        ),
      );
      seen.push(...page.map((item) => item.id));
      after = page.at(-1)?.id ?? after;
      if (page.length < 25) break;
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids));
    const listed = (await items('searchCriteria[pageSize]=0')).map((item) => item.id);
    expect(seen).toEqual(listed);
  });

  it('trims the answer to the fields asked for', async () => {
    const reply = await renderInfo(
      `${criteria([['sku', skus[0] ?? '']])}&${STORE}&fields=items[id,price_info[final_price]]`,
    );
    expect(reply.body).toEqual({ items: [{ id: ids[0], price_info: { final_price: 30 } }] });
  });
});

describe('at 10,000 products', () => {
  let big: TestBackend;
  beforeAll(async () => {
    big = await startTestBackend({ catalogue: { seed: 11, productCount: 10_000, brand: 'Clearwater' } });
  }, 60_000);
  afterAll(() => big.stop());

  it('reads a page of 500 in tens of milliseconds, and every product within seconds', async () => {
    const store = { currency: 'GBP', timezone: 'Europe/London' };
    const page = (after: number) =>
      parseSearchCriteria(
        parsePhpQuery(
          `${criteria([['entity_id', after, 'gt']])}&searchCriteria[sortOrders][0][field]=entity_id&searchCriteria[pageSize]=500`,
        )['searchCriteria'],
      );
    const times: number[] = [];
    let read = 0;
    const started = performance.now();
    for (let after = 0; ;) {
      const start = performance.now();
      const { items: found } = productsRenderInfo(big.db, store, page(after), {
        storeId: 1,
        currencyCode: 'GBP',
      });
      JSON.stringify(found);
      times.push(performance.now() - start);
      read += found.length;
      after = found.at(-1)?.id ?? after;
      if (found.length < 500) break;
    }
    const total = performance.now() - started;
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    console.info(
      `products-render-info at 10,000 products: ${read} listed in ${times.length} pages, ` +
        `median page ${median.toFixed(1)} ms, all ${Math.round(total)} ms`,
    );
    expect(read).toBeGreaterThan(8000);
    // Generous bounds for a shared machine; the figures printed are what matters.
    expect(median).toBeLessThan(150);
    expect(total).toBeLessThan(15_000);
  });
});
