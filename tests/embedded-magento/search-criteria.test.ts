/**
 * searchCriteria on GET /V1/products (CONTRACT.md §4): filter groups (OR inside, AND across), the condition
 * types, sorting, Magento's pagination clamping, partial responses, both spellings, and category_id's
 * direct-assignment semantics. Expectations are computed from the full catalogue read with pageSize=0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { allProducts, type ProductSummary } from './helpers.ts';

let backend: TestBackend;
let catalogue: ProductSummary[];

beforeAll(async () => {
  backend = await startTestBackend();
  catalogue = await allProducts(backend);
});
afterAll(() => backend.stop());

interface FilterSpec {
  field: string;
  value?: string;
  conditionType?: string;
}

interface Criteria {
  groups?: FilterSpec[][];
  sort?: { field: string; direction: string }[];
  pageSize?: number;
  currentPage?: number;
}

/** Builds the PHP-style query string Magento clients send, in camelCase or snake_case. */
function query({ groups = [], sort = [], pageSize, currentPage }: Criteria, snake = false): string {
  const k = (camel: string, snakeName: string) => (snake ? snakeName : camel);
  const parts: string[] = [];
  const add = (key: string, value: string | number) =>
    parts.push(`searchCriteria${key}=${encodeURIComponent(value)}`);
  groups.forEach((filters, g) =>
    filters.forEach((filter, f) => {
      const base = `[${k('filterGroups', 'filter_groups')}][${g}][filters][${f}]`;
      add(`${base}[field]`, filter.field);
      if (filter.value !== undefined) add(`${base}[value]`, filter.value);
      if (filter.conditionType !== undefined)
        add(`${base}[${k('conditionType', 'condition_type')}]`, filter.conditionType);
    }),
  );
  sort.forEach((order, i) => {
    add(`[${k('sortOrders', 'sort_orders')}][${i}][field]`, order.field);
    add(`[${k('sortOrders', 'sort_orders')}][${i}][direction]`, order.direction);
  });
  if (pageSize !== undefined) add(`[${k('pageSize', 'page_size')}]`, pageSize);
  if (currentPage !== undefined) add(`[${k('currentPage', 'current_page')}]`, currentPage);
  return parts.length ? parts.join('&') : 'searchCriteria=';
}

async function search(criteria: Criteria, options: { snake?: boolean; extra?: string } = {}) {
  const q = query(criteria, options.snake) + (options.extra ? `&${options.extra}` : '');
  const reply = await backend.call('GET', `/rest/V1/products?${q}`, { token: INTEGRATION_TOKEN });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as {
    items: { sku: string; name: string; price: number }[];
    total_count: number;
    search_criteria: Record<string, unknown>;
  };
}

const skus = (items: { sku: string }[]) => items.map((item) => item.sku);
const sorted = (values: string[]) => [...values].sort();

/** Products picked at spread-out positions so they differ in price, name and category. */
const sample = (count: number): ProductSummary[] =>
  Array.from({ length: count }, (_, i) => {
    const product = catalogue[Math.floor((i * catalogue.length) / count)];
    if (!product) throw new Error('catalogue too small');
    return product;
  });

describe('filter groups', () => {
  it('ORs the filters inside one group', async () => {
    const [a, b, c] = sample(3) as [ProductSummary, ProductSummary, ProductSummary];
    const result = await search({
      groups: [
        [
          { field: 'sku', value: a.sku },
          { field: 'sku', value: b.sku },
          { field: 'sku', value: c.sku, conditionType: 'eq' },
        ],
      ],
      pageSize: 0,
    });
    expect(sorted(skus(result.items))).toEqual(sorted([a.sku, b.sku, c.sku]));
    expect(result.total_count).toBe(3);
  });

  it('ANDs the groups', async () => {
    const picked = sample(6);
    const prices = picked.map((p) => p.price).sort((x, y) => x - y);
    const threshold = prices[3] ?? 0;
    const result = await search({
      groups: [
        picked.map((p) => ({ field: 'sku', value: p.sku })),
        [{ field: 'price', value: String(threshold), conditionType: 'lt' }],
      ],
      pageSize: 0,
    });
    const expected = picked.filter((p) => p.price < threshold).map((p) => p.sku);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(picked.length);
    expect(sorted(skus(result.items))).toEqual(sorted(expected));
    expect(result.total_count).toBe(expected.length);
  });

  it('echoes the parsed criteria in snake_case with string values', async () => {
    const [a] = sample(1) as [ProductSummary];
    const result = await search({
      groups: [[{ field: 'sku', value: a.sku }], [{ field: 'price', value: '10', conditionType: 'GTEQ' }]],
      sort: [{ field: 'price', direction: 'desc' }],
      pageSize: 5,
      currentPage: 1,
    });
    expect(result.search_criteria).toEqual({
      filter_groups: [
        { filters: [{ field: 'sku', value: a.sku, condition_type: 'eq' }] },
        { filters: [{ field: 'price', value: '10', condition_type: 'gteq' }] },
      ],
      sort_orders: [{ field: 'price', direction: 'DESC' }],
      page_size: 5,
      current_page: 1,
    });
  });
});

describe('condition types', () => {
  it('in and nin take comma-separated lists', async () => {
    const picked = sample(4);
    const list = picked.map((p) => p.sku).join(',');
    const inResult = await search({
      groups: [[{ field: 'sku', value: list, conditionType: 'in' }]],
      pageSize: 0,
    });
    expect(sorted(skus(inResult.items))).toEqual(sorted(picked.map((p) => p.sku)));
    const spaced = await search({
      groups: [[{ field: 'sku', value: picked.map((p) => p.sku).join(', '), conditionType: 'in' }]],
      pageSize: 0,
    });
    expect(spaced.total_count).toBe(4);

    const ninResult = await search({
      groups: [[{ field: 'sku', value: list, conditionType: 'nin' }]],
      pageSize: 0,
    });
    expect(ninResult.total_count).toBe(catalogue.length - 4);
    expect(skus(ninResult.items)).not.toEqual(expect.arrayContaining([picked[0]?.sku]));
    expect(new Set([...skus(ninResult.items), ...skus(inResult.items)]).size).toBe(catalogue.length);
  });

  it('like matches with the % wildcards the client adds', async () => {
    const word = 'Vacuum';
    const expected = catalogue.filter((p) => p.name.toLowerCase().includes(word.toLowerCase()));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(catalogue.length);
    const result = await search({
      groups: [[{ field: 'name', value: `%${word}%`, conditionType: 'like' }]],
      pageSize: 0,
    });
    expect(sorted(skus(result.items))).toEqual(sorted(expected.map((p) => p.sku)));

    const prefix = catalogue[0]?.sku.slice(0, 7) ?? '';
    const byPrefix = await search({
      groups: [[{ field: 'sku', value: `${prefix}%`, conditionType: 'like' }]],
      pageSize: 0,
    });
    expect(byPrefix.total_count).toBe(catalogue.filter((p) => p.sku.startsWith(prefix)).length);
    // Without wildcards like is an exact match.
    const exact = await search({
      groups: [[{ field: 'name', value: word, conditionType: 'like' }]],
      pageSize: 0,
    });
    expect(exact.total_count).toBe(0);
  });

  it('gt and lteq on price split the catalogue', async () => {
    const prices = catalogue.map((p) => p.price).sort((a, b) => a - b);
    const threshold = prices[Math.floor(prices.length / 2)] ?? 0;
    const above = await search({
      groups: [[{ field: 'price', value: String(threshold), conditionType: 'gt' }]],
      pageSize: 0,
    });
    const atMost = await search({
      groups: [[{ field: 'price', value: String(threshold), conditionType: 'lteq' }]],
      pageSize: 0,
    });
    expect(above.items.every((p) => p.price > threshold)).toBe(true);
    expect(atMost.items.every((p) => p.price <= threshold)).toBe(true);
    expect(above.total_count).toBe(catalogue.filter((p) => p.price > threshold).length);
    expect(atMost.total_count).toBe(catalogue.filter((p) => p.price <= threshold).length);
    expect(above.total_count + atMost.total_count).toBe(catalogue.length);
    expect(atMost.items.map((p) => p.price)).toContain(threshold);
  });

  it('gt compares numerically, not as text', async () => {
    // As text "9" sorts after "10..."/"1000..", so a text comparison would get both counts wrong.
    const over9 = await search({
      groups: [[{ field: 'price', value: '9', conditionType: 'gt' }]],
      pageSize: 0,
    });
    expect(over9.total_count).toBe(catalogue.filter((p) => p.price > 9).length);
    const over1000 = await search({
      groups: [[{ field: 'price', value: '1000', conditionType: 'gt' }]],
      pageSize: 0,
    });
    expect(over1000.total_count).toBe(catalogue.filter((p) => p.price > 1000).length);
    expect(over1000.total_count).toBeLessThan(over9.total_count);
  });

  it('neq leaves out the one product', async () => {
    const [a] = sample(1) as [ProductSummary];
    const result = await search({
      groups: [[{ field: 'sku', value: a.sku, conditionType: 'neq' }]],
      pageSize: 0,
    });
    expect(result.total_count).toBe(catalogue.length - 1);
    expect(skus(result.items)).not.toContain(a.sku);
  });

  it('null and notnull split on whether an attribute has a value', async () => {
    const code = 'pressure_bar';
    const withValue = catalogue.filter((p) => p.attributes[code] !== undefined).map((p) => p.sku);
    expect(withValue.length).toBeGreaterThan(0);
    expect(withValue.length).toBeLessThan(catalogue.length);
    const notnull = await search({ groups: [[{ field: code, conditionType: 'notnull' }]], pageSize: 0 });
    const isnull = await search({ groups: [[{ field: code, conditionType: 'null' }]], pageSize: 0 });
    expect(sorted(skus(notnull.items))).toEqual(sorted(withValue));
    expect(isnull.total_count).toBe(catalogue.length - withValue.length);
    expect(skus(isnull.items).some((sku) => withValue.includes(sku))).toBe(false);
  });

  it('regexp matches a regular expression', async () => {
    const family = catalogue[0]?.sku.replace(/-\d+$/, '') ?? '';
    const expected = catalogue.filter((p) => p.sku.startsWith(`${family}-`)).map((p) => p.sku);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(catalogue.length);
    const pattern = `^${family.replace(/[^A-Za-z0-9]/g, '.')}-[0-9]+$`;
    const result = await search({
      groups: [[{ field: 'sku', value: pattern, conditionType: 'regexp' }]],
      pageSize: 0,
    });
    expect(sorted(skus(result.items))).toEqual(sorted(expected));
  });

  it('finset matches one value of a comma-separated (multiselect) attribute', async () => {
    const [a, b] = sample(2) as [ProductSummary, ProductSummary];
    const tag = (sku: string, value: string) =>
      backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
        token: INTEGRATION_TOKEN,
        body: { product: { sku, custom_attributes: [{ attribute_code: 'test_finset_tags', value }] } },
      });
    expect((await tag(a.sku, '12,7,30')).status).toBe(200);
    expect((await tag(b.sku, '17,70,3')).status).toBe(200);
    const seven = await search({
      groups: [[{ field: 'test_finset_tags', value: '7', conditionType: 'finset' }]],
      pageSize: 0,
    });
    expect(skus(seven.items)).toEqual([a.sku]);
    const three = await search({
      groups: [[{ field: 'test_finset_tags', value: '3', conditionType: 'finset' }]],
      pageSize: 0,
    });
    expect(skus(three.items)).toEqual([b.sku]);
    const none = await search({
      groups: [[{ field: 'test_finset_tags', value: '1', conditionType: 'finset' }]],
      pageSize: 0,
    });
    expect(none.total_count).toBe(0);
  });
});

describe('sorting', () => {
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it('sorts by price ascending and descending', async () => {
    const asc = await search({ sort: [{ field: 'price', direction: 'ASC' }], pageSize: 0 });
    const ascPrices = asc.items.map((p) => p.price);
    expect(ascPrices).toEqual([...ascPrices].sort((a, b) => a - b));
    expect(asc.items).toHaveLength(catalogue.length);
    const desc = await search({ sort: [{ field: 'price', direction: 'DESC' }], pageSize: 0 });
    const descPrices = desc.items.map((p) => p.price);
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
    expect(descPrices[0]).toBe(Math.max(...catalogue.map((p) => p.price)));
  });

  it('sorts by name ascending and descending, the direction case-insensitive', async () => {
    const asc = await search({ sort: [{ field: 'name', direction: 'asc' }], pageSize: 0 });
    const names = asc.items.map((p) => p.name);
    expect(names).toEqual([...names].sort(byText));
    const desc = await search({ sort: [{ field: 'name', direction: 'Desc' }], pageSize: 0 });
    const descNames = desc.items.map((p) => p.name);
    expect(descNames).toEqual([...descNames].sort(byText).reverse());
    expect(descNames[0]).not.toBe(names[0]);
  });

  it('applies a second sort order to ties of the first', async () => {
    const result = await search({
      sort: [
        { field: 'price', direction: 'ASC' },
        { field: 'sku', direction: 'DESC' },
      ],
      pageSize: 0,
    });
    const pairs = result.items.map((p) => [p.price, p.sku] as const);
    const expected = [...pairs].sort((x, y) => x[0] - y[0] || byText(y[1], x[1]));
    expect(pairs).toEqual(expected);
  });
});

describe('pagination', () => {
  it('pageSize 0 returns every match; no pageSize too', async () => {
    const zero = await search({ pageSize: 0 });
    expect(zero.items).toHaveLength(catalogue.length);
    expect(zero.total_count).toBe(catalogue.length);
    const none = await search({ sort: [{ field: 'sku', direction: 'ASC' }] });
    expect(none.items).toHaveLength(catalogue.length);
    expect(none.search_criteria).not.toHaveProperty('page_size');
  });

  it('a pageSize larger than any integer still returns everything', async () => {
    const reply = await backend.call(
      'GET',
      '/rest/V1/products?searchCriteria[pageSize]=99999999999999999999',
      {
        token: INTEGRATION_TOKEN,
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.items).toHaveLength(catalogue.length);
    expect(reply.body.total_count).toBe(catalogue.length);
  });

  it('pages through the catalogue without overlap', async () => {
    const size = 7;
    const pages = Math.ceil(catalogue.length / size);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const result = await search({
        sort: [{ field: 'sku', direction: 'ASC' }],
        pageSize: size,
        currentPage: page,
      });
      expect(result.total_count).toBe(catalogue.length);
      expect(result.items.length).toBe(page < pages ? size : catalogue.length - size * (pages - 1));
      seen.push(...skus(result.items));
    }
    expect(seen).toEqual(sorted(catalogue.map((p) => p.sku)));
  });

  it('a currentPage past the end returns the last page again, total_count unchanged', async () => {
    const size = 7;
    const lastPage = Math.ceil(catalogue.length / size);
    const last = await search({
      sort: [{ field: 'sku', direction: 'ASC' }],
      pageSize: size,
      currentPage: lastPage,
    });
    const beyond = await search({
      sort: [{ field: 'sku', direction: 'ASC' }],
      pageSize: size,
      currentPage: lastPage + 50,
    });
    expect(beyond.items.length).toBeGreaterThan(0);
    expect(skus(beyond.items)).toEqual(skus(last.items));
    expect(beyond.total_count).toBe(catalogue.length);
  });

  it('currentPage 0 (or negative) is page 1', async () => {
    const first = await search({ sort: [{ field: 'sku', direction: 'ASC' }], pageSize: 5, currentPage: 1 });
    for (const page of [0, -3]) {
      const result = await search({
        sort: [{ field: 'sku', direction: 'ASC' }],
        pageSize: 5,
        currentPage: page,
      });
      expect(skus(result.items)).toEqual(skus(first.items));
      expect(result.total_count).toBe(catalogue.length);
    }
    const second = await search({ sort: [{ field: 'sku', direction: 'ASC' }], pageSize: 5, currentPage: 2 });
    expect(skus(second.items)).not.toEqual(skus(first.items));
  });

  it('an empty match pages to an empty list', async () => {
    const result = await search({
      groups: [[{ field: 'sku', value: 'NOPE-NOPE' }]],
      pageSize: 10,
      currentPage: 3,
    });
    expect(result.items).toEqual([]);
    expect(result.total_count).toBe(0);
  });
});

describe('request forms', () => {
  it('fields=items[sku,name],total_count returns only those keys', async () => {
    const result = await search(
      { sort: [{ field: 'sku', direction: 'ASC' }], pageSize: 3 },
      { extra: 'fields=items[sku,name],total_count' },
    );
    expect(Object.keys(result)).toEqual(['items', 'total_count']);
    expect(result.total_count).toBe(catalogue.length);
    expect(result.items).toHaveLength(3);
    const firstThree = sorted(catalogue.map((p) => p.sku)).slice(0, 3);
    for (const [index, item] of result.items.entries()) {
      expect(Object.keys(item)).toEqual(['sku', 'name']);
      expect(item.sku).toBe(firstThree[index]);
      expect(item.name).toBe(catalogue.find((p) => p.sku === item.sku)?.name);
    }
  });

  it('fields naming only columns answer what the whole products give, cut down in their own key order', async () => {
    // The storefront's sweep asks for four columns of every product (pageSize 0); weight is absent when unset.
    const criteria: Criteria = { sort: [{ field: 'updated_at', direction: 'DESC' }], pageSize: 0 };
    const kept = ['updated_at', 'weight', 'sku', 'visibility', 'status', 'type_id'];
    const [cut, whole] = await Promise.all([
      search(criteria, { extra: `fields=items[${kept.join(',')}],total_count` }),
      search(criteria),
    ]);
    const expected = whole.items.map((item) =>
      Object.fromEntries(Object.entries(item).filter(([key]) => kept.includes(key))),
    );
    expect(cut.total_count).toBe(catalogue.length);
    expect(JSON.stringify(cut.items)).toBe(JSON.stringify(expected));
    const order = Object.keys(cut.items[0] ?? {}).filter((key) => key !== 'weight');
    expect(order).toEqual(['sku', 'status', 'visibility', 'type_id', 'updated_at']);
  });

  it('accepts the snake_case spelling with the same result', async () => {
    const picked = sample(5);
    const criteria: Criteria = {
      groups: [
        [{ field: 'sku', value: picked.map((p) => p.sku).join(','), conditionType: 'in' }],
        [{ field: 'price', value: '0', conditionType: 'gt' }],
      ],
      sort: [{ field: 'price', direction: 'DESC' }],
      pageSize: 2,
      currentPage: 2,
    };
    const camel = await search(criteria);
    const snake = await search(criteria, { snake: true });
    expect(skus(snake.items)).toEqual(skus(camel.items));
    expect(snake.items).toHaveLength(2);
    expect(snake.total_count).toBe(5);
    expect(snake.search_criteria).toEqual(camel.search_criteria);
    const expected = [...picked].sort((a, b) => b.price - a.price).slice(2, 4);
    expect(snake.items.map((p) => p.price)).toEqual(expected.map((p) => p.price));
  });

  it('accepts percent-encoded brackets', async () => {
    const [a] = sample(1) as [ProductSummary];
    const q = `searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bfield%5D=sku&searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=${encodeURIComponent(a.sku)}`;
    const reply = await backend.call('GET', `/rest/V1/products?${q}`, { token: INTEGRATION_TOKEN });
    expect(reply.body.total_count).toBe(1);
    expect(reply.body.items[0].sku).toBe(a.sku);
  });

  it('an empty searchCriteria returns everything', async () => {
    const reply = await backend.call('GET', '/rest/V1/products?searchCriteria=', {
      token: INTEGRATION_TOKEN,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.total_count).toBe(catalogue.length);
    expect(reply.body.search_criteria).toEqual({ filter_groups: [] });
  });
});

describe('category_id', () => {
  interface TreeNode {
    id: number;
    product_count: number;
    children_data: TreeNode[];
  }

  it('matches only products assigned directly, not those of child (anchor) categories', async () => {
    const tree = (await backend.call('GET', '/rest/V1/categories', { token: INTEGRATION_TOKEN }))
      .body as TreeNode;
    const parents: TreeNode[] = [];
    const walk = (node: TreeNode) => {
      if (node.children_data.length > 0) parents.push(node);
      node.children_data.forEach(walk);
    };
    walk(tree);
    // A parent category whose tree count (with descendants) exceeds its direct assignments.
    const parent = parents.find(
      (node) =>
        node.id !== 2 &&
        node.product_count > catalogue.filter((p) => p.categoryIds.includes(String(node.id))).length,
    );
    if (!parent) throw new Error('no category with products only in its children');
    const direct = catalogue.filter((p) => p.categoryIds.includes(String(parent.id))).map((p) => p.sku);
    for (const conditionType of [undefined, 'eq', 'in']) {
      const result = await search({
        groups: [
          [{ field: 'category_id', value: String(parent.id), ...(conditionType ? { conditionType } : {}) }],
        ],
        pageSize: 0,
      });
      expect(sorted(skus(result.items))).toEqual(sorted(direct));
      expect(result.total_count).toBeLessThan(parent.product_count);
    }
  });

  it('takes a comma list of categories and combines with other groups', async () => {
    const [a, b] = sample(2) as [ProductSummary, ProductSummary];
    const ids = [...new Set([a.categoryIds[0], b.categoryIds[0]])].filter(
      (id): id is string => id !== undefined,
    );
    const inAny = catalogue.filter((p) => p.categoryIds.some((id) => ids.includes(id)));
    const result = await search({
      groups: [[{ field: 'category_id', value: ids.join(','), conditionType: 'in' }]],
      pageSize: 0,
    });
    expect(sorted(skus(result.items))).toEqual(sorted(inAny.map((p) => p.sku)));
    const cheap = await search({
      groups: [
        [{ field: 'category_id', value: ids.join(','), conditionType: 'in' }],
        [{ field: 'price', value: String(a.price), conditionType: 'lteq' }],
      ],
      pageSize: 0,
    });
    expect(sorted(skus(cheap.items))).toEqual(
      sorted(inAny.filter((p) => p.price <= a.price).map((p) => p.sku)),
    );
    expect(skus(cheap.items)).toContain(a.sku);
  });
});
