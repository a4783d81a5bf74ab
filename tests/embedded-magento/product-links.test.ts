/**
 * A product's links (issue 50): the spec's connected products are Magento product links, and a merchant's
 * tools edit them through `Catalog/etc/webapi.xml`'s routes. The link types; a product's links of one
 * type; adding links (`setProductLinks`), saving one (`Repository::save`) and deleting one
 * (`deleteById`), each answering `true`; Magento's refusals word for word; the same links on
 * `GET /V1/products/{sku}`; the ACL resource `Magento_Catalog::catalog`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { loadFixture, validateOpenSourceResponse } from '../support/openapi.ts';
import { expectError, expectFixtureError } from './helpers.ts';

let backend: TestBackend;
const saved: string[] = [];

beforeAll(async () => {
  backend = await startTestBackend({
    onSaved: (entity) => {
      if (entity.entity === 'product') saved.push(entity.sku);
    },
  });
});
afterAll(() => backend.stop());

interface WireLink {
  sku: string;
  link_type: string;
  linked_product_sku: string;
  linked_product_type: string;
  position: number;
}

let counter = 0;

/** A new product made through the admin API, as an editor would; the sku has a space and a slash. */
async function createProduct(typeId = 'simple'): Promise<string> {
  const sku = `LINK ${++counter}/${Date.now()}`;
  const reply = await backend.call('POST', '/rest/V1/products', {
    token: INTEGRATION_TOKEN,
    body: { product: { sku, name: `Link test ${counter}`, price: 10, type_id: typeId, attribute_set_id: 4 } },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return sku;
}

const links = (sku: string) => `/rest/V1/products/${encodeURIComponent(sku)}/links`;
const call = (method: string, path: string, body?: unknown) =>
  backend.call(method, path, { token: INTEGRATION_TOKEN, body });

async function productLinksOf(sku: string): Promise<WireLink[]> {
  const reply = await call('GET', `/rest/V1/products/${encodeURIComponent(sku)}`);
  expect(reply.status).toBe(200);
  return reply.body.product_links as WireLink[];
}

function expectTrue(method: string, template: string, reply: { status: number; body: unknown }): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body).toBe(true);
  const result = validateOpenSourceResponse(method, template, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

describe('GET /V1/products/links/types', () => {
  it("lists LinkTypeProvider's types with their codes, grouped products' associated last", async () => {
    const reply = await call('GET', '/rest/V1/products/links/types');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { code: 1, name: 'related' },
      { code: 5, name: 'crosssell' },
      { code: 4, name: 'upsell' },
      { code: 3, name: 'associated' },
    ]);
    const result = validateOpenSourceResponse('GET', '/V1/products/links/types', 200, reply.body);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
});

describe('GET /V1/products/:sku/links/:type', () => {
  it("answers a seeded machine's links of one type as its product_links hold them, in the fixture's key order", async () => {
    const search = await call(
      'GET',
      '/rest/V1/products?searchCriteria[pageSize]=0&fields=items[sku,product_links]',
    );
    const withAll = (search.body.items as { sku: string; product_links: WireLink[] }[]).find((p) =>
      ['related', 'upsell', 'crosssell'].every((type) => p.product_links.some((l) => l.link_type === type)),
    );
    expect(withAll).toBeDefined();
    const { sku, product_links: all } = withAll ?? { sku: '', product_links: [] };
    const fixtureLink = (
      loadFixture('products-search-by-url_key.response.json') as { items: { product_links: object[] }[] }
    ).items[0]?.product_links[0];
    for (const type of ['related', 'upsell', 'crosssell']) {
      const reply = await call('GET', `${links(sku)}/${type}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(all.filter((link) => link.link_type === type));
      for (const link of reply.body as object[])
        expect(Object.keys(link)).toEqual(Object.keys(fixtureLink ?? {}));
      const result = validateOpenSourceResponse('GET', '/V1/products/{sku}/links/{type}', 200, reply.body);
      expect(result.ok ? [] : result.errors).toEqual([]);
    }
    expect((await call('GET', `${links(sku)}/associated`)).body).toEqual([]);
  });

  it('refuses an unknown type before looking for the product, and an unknown product', async () => {
    expectError(
      await call('GET', `${links('NO-SUCH-SKU')}/accessory`),
      404,
      'The "%1" link type is unknown. Verify the type and try again.',
      ['accessory'],
    );
    expectFixtureError(
      await call('GET', `${links('NO-SUCH-SKU')}/related`),
      'error-404-product-not-found.json',
    );
  });
});

describe('POST /V1/products/:sku/links', () => {
  it('adds the items to the product’s links, the linked product’s own type kept, and GET /V1/products shows them', async () => {
    const [machine, hose, detergent] = [
      await createProduct(),
      await createProduct(),
      await createProduct('virtual'),
    ];
    saved.length = 0;
    const reply = await call('POST', links(machine), {
      items: [
        {
          sku: machine,
          link_type: 'crosssell',
          linked_product_sku: hose,
          linked_product_type: 'simple',
          position: 2,
        },
        {
          sku: machine,
          link_type: 'upsell',
          linked_product_sku: detergent,
          linked_product_type: 'simple',
          position: 1,
        },
      ],
    });
    expectTrue('POST', '/V1/products/{sku}/links', reply);
    const expected = [
      {
        sku: machine,
        link_type: 'crosssell',
        linked_product_sku: hose,
        linked_product_type: 'simple',
        position: 2,
      },
      {
        sku: machine,
        link_type: 'upsell',
        linked_product_sku: detergent,
        linked_product_type: 'virtual',
        position: 1,
      },
    ];
    expect(await productLinksOf(machine)).toEqual(expected);
    expect((await call('GET', `${links(machine)}/upsell`)).body).toEqual([expected[1]]);
    // A merchant's change to the links is a change to the product: the storefront is told.
    await new Promise((resolve) => setImmediate(resolve));
    expect(saved).toContain(machine);
  });

  it('keeps the links already there; a link to a product already linked that way moves it', async () => {
    const [machine, hose, brush] = [await createProduct(), await createProduct(), await createProduct()];
    const add = (linked: string, position: number) =>
      call('POST', links(machine), {
        items: [{ link_type: 'related', linked_product_sku: linked, position }],
      });
    expectTrue('POST', '/V1/products/{sku}/links', await add(hose, 1));
    expectTrue('POST', '/V1/products/{sku}/links', await add(brush, 2));
    expectTrue('POST', '/V1/products/{sku}/links', await add(hose, 3));
    expect((await productLinksOf(machine)).map((l) => [l.linked_product_sku, l.position])).toEqual([
      [hose, 3],
      [brush, 2],
    ]);
  });

  it('refuses as Magento does: no items, no link type, an unknown type, an unknown linked sku (saving nothing), an unknown product', async () => {
    const [machine, hose] = [await createProduct(), await createProduct()];
    const post = (items: unknown[]) => call('POST', links(machine), { items });
    expectError(await post([]), 400, 'Invalid value of "%value" provided for the %fieldName field.', {
      fieldName: 'items',
      value: 'empty array',
    });
    expectError(
      await post([{ linked_product_sku: hose }]),
      400,
      '"%fieldName" is required. Enter and try again.',
      {
        fieldName: 'linkType',
      },
    );
    expectError(
      await post([{ link_type: 'accessory', linked_product_sku: hose }]),
      404,
      'The "%1" link type wasn\'t found. Verify the type and try again.',
      ['accessory'],
    );
    expectError(
      await post([
        { link_type: 'related', linked_product_sku: hose },
        { link_type: 'related', linked_product_sku: 'NO-SUCH-SKU' },
      ]),
      400,
      'The linked products data is invalid. Verify the data and try again.',
    );
    expect(await productLinksOf(machine)).toEqual([]);
    expectFixtureError(
      await call('POST', links('NO-SUCH-SKU'), {
        items: [{ link_type: 'related', linked_product_sku: hose }],
      }),
      'error-404-product-not-found.json',
    );
    expectError(
      await call('POST', links(machine), {}),
      400,
      '"%fieldName" is required. Enter and try again.',
      { fieldName: 'items' },
    );
  });
});

describe('PUT /V1/products/:sku/links', () => {
  it("saves one link to the path's product (the body's sku is overridden) and moves it on a second save", async () => {
    const [machine, hose] = [await createProduct(), await createProduct()];
    const put = (position: number) =>
      call('PUT', links(machine), {
        entity: { sku: 'SOMETHING-ELSE', link_type: 'crosssell', linked_product_sku: hose, position },
      });
    expectTrue('PUT', '/V1/products/{sku}/links', await put(4));
    expectTrue('PUT', '/V1/products/{sku}/links', await put(7));
    expect(await productLinksOf(machine)).toEqual([
      {
        sku: machine,
        link_type: 'crosssell',
        linked_product_sku: hose,
        linked_product_type: 'simple',
        position: 7,
      },
    ]);
  });

  it('refuses an unknown linked sku or product with the product 404, and an unknown type as invalid data', async () => {
    const [machine, hose] = [await createProduct(), await createProduct()];
    const put = (sku: string, entity: object) => call('PUT', links(sku), { entity });
    expectFixtureError(
      await put(machine, { link_type: 'related', linked_product_sku: 'NO-SUCH-SKU' }),
      'error-404-product-not-found.json',
    );
    expectFixtureError(
      await put('NO-SUCH-SKU', { link_type: 'related', linked_product_sku: hose }),
      'error-404-product-not-found.json',
    );
    expectError(
      await put(machine, { link_type: 'accessory', linked_product_sku: hose }),
      400,
      'The linked products data is invalid. Verify the data and try again.',
    );
    expect(await productLinksOf(machine)).toEqual([]);
  });
});

describe('DELETE /V1/products/:sku/links/:type/:linkedProductSku', () => {
  it('removes that one link; the product no longer shows it, and a second delete is refused', async () => {
    const [machine, hose, brush] = [await createProduct(), await createProduct(), await createProduct()];
    await call('POST', links(machine), {
      items: [
        { link_type: 'related', linked_product_sku: hose, position: 1 },
        { link_type: 'crosssell', linked_product_sku: hose, position: 1 },
        { link_type: 'related', linked_product_sku: brush, position: 2 },
      ],
    });
    const remove = () => call('DELETE', `${links(machine)}/related/${encodeURIComponent(hose)}`);
    expectTrue('DELETE', '/V1/products/{sku}/links/{type}/{linkedProductSku}', await remove());
    expect((await productLinksOf(machine)).map((l) => [l.link_type, l.linked_product_sku])).toEqual([
      ['crosssell', hose],
      ['related', brush],
    ]);
    expectError(await remove(), 404, "Product %1 doesn't have linked %2 as %3", [machine, hose, 'related']);
    expectError(
      await call('DELETE', `${links(machine)}/accessory/${encodeURIComponent(hose)}`),
      404,
      'The "%1" link type is unknown. Verify the type and try again.',
      ['accessory'],
    );
  });
});

describe('the ACL resource Magento_Catalog::catalog', () => {
  it('refuses a guest and a customer on every product-link route', async () => {
    const [machine, hose] = [await createProduct(), await createProduct()];
    const { token } = await backend.newCustomer();
    const item = { link_type: 'related', linked_product_sku: hose };
    const routes: [string, string, unknown][] = [
      ['GET', '/rest/V1/products/links/types', undefined],
      ['GET', `${links(machine)}/related`, undefined],
      ['POST', links(machine), { items: [item] }],
      ['PUT', links(machine), { entity: item }],
      ['DELETE', `${links(machine)}/related/${encodeURIComponent(hose)}`, undefined],
    ];
    for (const [method, path, body] of routes) {
      for (const caller of [undefined, token]) {
        expectError(
          await backend.call(method, path, { token: caller, body }),
          401,
          "The consumer isn't authorized to access %resources.",
          { resources: 'Magento_Catalog::catalog' },
        );
      }
    }
    expect(await productLinksOf(machine)).toEqual([]);
  });
});
