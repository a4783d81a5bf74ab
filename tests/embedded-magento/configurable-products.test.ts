/**
 * `/V1/configurable-products/...` (COMMERCE-BASICS §3.2): children and options of the seeded
 * configurables, adding and removing a child, adding an option, Magento's messages word for word, and
 * the products ACL resource.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedProductSku } from '@cleaning-shop/embedded-magento/app.ts';
import { DEMO_CONFIGURABLES } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { expectError, expectFixtureError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const base = (sku: string) => `/rest/V1/configurable-products/${encodeURIComponent(sku)}`;
const admin = (method: string, path: string, body?: unknown) =>
  backend.call(method, path, { token: INTEGRATION_TOKEN, ...(body === undefined ? {} : { body }) });
const shampoo = DEMO_CONFIGURABLES.find((c) => c.parentSku === 'HG-DT-CARSHAMPOO');
if (!shampoo) throw new Error('no Car Shampoo in the demo');
const simpleSku = shampoo.children[0]?.sku ?? '';

let run = 0;
async function createProduct(product: Record<string, unknown>): Promise<{ id: number; sku: string }> {
  const sku = `CP-${String(++run)}-${String(Date.now())}`;
  const reply = await admin('POST', '/rest/V1/products', {
    product: { sku, name: sku, price: 5, ...product },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.id as number, sku };
}

describe('reading a configurable', () => {
  it('GET children lists the children as products, each with its variant value', async () => {
    const reply = await admin('GET', `${base(shampoo.parentSku)}/children`);
    expect(reply.status).toBe(200);
    const children = reply.body as {
      sku: string;
      custom_attributes: { attribute_code: string; value: unknown }[];
    }[];
    expect(children.map((c) => c.sku)).toEqual(shampoo.children.map((c) => c.sku));
    for (const [i, child] of children.entries()) {
      const volume = child.custom_attributes.find((a) => a.attribute_code === 'volume')?.value;
      expect(volume).toBe(String(shampoo.children[i]?.valueId));
    }
    const result = validateOpenSourceResponse(
      'GET',
      `/V1/configurable-products/${shampoo.parentSku}/children`,
      200,
      reply.body,
    );
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('GET children of a simple product is [], of an unknown sku the product 404', async () => {
    expect((await admin('GET', `${base(simpleSku)}/children`)).body).toEqual([]);
    expectFixtureError(
      await admin('GET', `${base('NO-SUCH-SKU')}/children`),
      'error-404-product-not-found.json',
    );
  });

  it('GET options/all and options/:id are the product’s configurable_product_options', async () => {
    const product = (await admin('GET', `/rest/V1/products/${shampoo.parentSku}`)).body;
    const all = await admin('GET', `${base(shampoo.parentSku)}/options/all`);
    expect(all.body).toEqual(product.extension_attributes.configurable_product_options);
    const [option] = all.body as { id: number }[];
    expect((await admin('GET', `${base(shampoo.parentSku)}/options/${String(option?.id)}`)).body).toEqual(
      option,
    );
    expectError(
      await admin('GET', `${base(shampoo.parentSku)}/options/999999`),
      404,
      "Requested option doesn't exist: %1",
      [999999],
    );
    expectError(
      await admin('GET', `${base(simpleSku)}/options/all`),
      400,
      'Only implemented for configurable product: %1',
      [simpleSku],
    );
  });

  it('is behind Magento_Catalog::products', async () => {
    for (const path of [`${base(shampoo.parentSku)}/children`, `${base(shampoo.parentSku)}/options/all`]) {
      expectError(
        await backend.call('GET', path),
        401,
        "The consumer isn't authorized to access %resources.",
        {
          resources: 'Magento_Catalog::products',
        },
      );
    }
    const customer = await backend.newCustomer();
    expectError(
      await backend.call('POST', `${base(shampoo.parentSku)}/child`, {
        token: customer.token,
        body: { childSku: simpleSku },
      }),
      401,
      "The consumer isn't authorized to access %resources.",
      { resources: 'Magento_Catalog::products' },
    );
  });
});

describe('changing a configurable', () => {
  it('adds an option, then children, refusing what Magento refuses; removes a child', async () => {
    const parent = await createProduct({ type_id: 'configurable', price: 0 });
    const options = `${base(parent.sku)}/options`;
    const [one, five, ten] = [
      DEMO_CONFIGURABLES[3]?.children[0],
      DEMO_CONFIGURABLES[3]?.children[1],
      DEMO_CONFIGURABLES[3]?.children[2],
    ];
    const volumeId = String(shampoo.attributeId);

    // A child before any option: the parent has none.
    const a = await createProduct({
      visibility: 1,
      custom_attributes: [{ attribute_code: 'volume', value: String(one?.valueId) }],
    });
    expectError(
      await admin('POST', `${base(parent.sku)}/child`, { childSku: a.sku }),
      400,
      'Parent product does not have configurable product options',
    );

    expectError(
      await admin('POST', options, { option: { attribute_id: volumeId, label: 'Volume' } }),
      400,
      'Option values are not specified.',
    );
    const incomplete = await admin('POST', options, { option: { values: [{}] } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body).toEqual({
      message: 'One or more input exceptions have occurred.',
      errors: [
        { message: 'Option attribute ID is not specified.', parameters: [] },
        { message: 'Option label is not specified.', parameters: [] },
        { message: 'Value index is not specified for an option.', parameters: [] },
      ],
    });
    const option = {
      attribute_id: volumeId,
      label: 'Volume',
      position: 0,
      values: [one, five, ten].map((c) => ({ value_index: c?.valueId })),
    };
    const created = await admin('POST', options, { option });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(typeof created.body).toBe('number');
    expectError(await admin('POST', options, { option }), 400, 'Product already has this option');
    expectError(
      await admin('POST', `${base(simpleSku)}/options`, { option }),
      400,
      'Only implemented for configurable product: %1',
      [simpleSku],
    );

    expect((await admin('POST', `${base(parent.sku)}/child`, { childSku: a.sku })).body).toBe(true);
    expectError(
      await admin('POST', `${base(parent.sku)}/child`, { childSku: a.sku }),
      400,
      'Product has been already attached',
    );
    const bare = await createProduct({ visibility: 1 });
    expectError(
      await admin('POST', `${base(parent.sku)}/child`, { childSku: bare.sku }),
      400,
      'Child product does not have attribute value %1',
      ['volume'],
    );
    const twin = await createProduct({
      visibility: 1,
      custom_attributes: [{ attribute_code: 'volume', value: String(one?.valueId) }],
    });
    expectError(
      await admin('POST', `${base(parent.sku)}/child`, { childSku: twin.sku }),
      400,
      'Products "%1" and "%2" have the same set of attribute values.',
      [twin.id, a.id],
    );
    const b = await createProduct({
      visibility: 1,
      custom_attributes: [{ attribute_code: 'volume', value: String(five?.valueId) }],
    });
    expect((await admin('POST', `${base(parent.sku)}/child`, { childSku: b.sku })).body).toBe(true);

    const read = await admin('GET', `/rest/V1/products/${parent.sku}`);
    expect(read.body.extension_attributes.configurable_product_links).toEqual([a.id, b.id]);
    expect(
      (await admin('GET', `${base(parent.sku)}/children`)).body.map((c: { sku: string }) => c.sku),
    ).toEqual([a.sku, b.sku]);

    expect((await admin('DELETE', `${base(parent.sku)}/children/${a.sku}`)).body).toBe(true);
    expectError(
      await admin('DELETE', `${base(parent.sku)}/children/${a.sku}`),
      404,
      "Requested option doesn't exist",
    );
    expectError(
      await admin('DELETE', `${base(parent.sku)}/children/NO-SUCH`),
      404,
      "Requested option doesn't exist",
    );
    expect(
      (await admin('GET', `/rest/V1/products/${parent.sku}`)).body.extension_attributes
        .configurable_product_links,
    ).toEqual([b.id]);
  });

  it('answers a missing childSku with Magento’s required message', async () => {
    expectError(
      await admin('POST', `${base(shampoo.parentSku)}/child`, {}),
      400,
      '"%fieldName" is required. Enter and try again.',
      {
        fieldName: 'childSku',
      },
    );
  });
});

describe('telling the storefront', () => {
  it('counts a change to a configurable’s options or children, and bulk tier prices, as product saves', () => {
    expect(savedProductSku('POST', '/rest/V1/configurable-products/DET%20X/child')).toBe('DET X');
    expect(savedProductSku('POST', '/rest/default/V1/configurable-products/DET/options')).toBe('DET');
    expect(savedProductSku('DELETE', '/rest/V1/configurable-products/DET/children/DET-5L')).toBe('DET');
    expect(savedProductSku('GET', '/rest/V1/configurable-products/DET/children')).toBeUndefined();
    expect(savedProductSku('GET', '/rest/V1/configurable-products/DET/options/all')).toBeUndefined();
    for (const [method, path] of [
      ['POST', '/rest/V1/products/tier-prices'],
      ['PUT', '/rest/V1/products/tier-prices'],
      ['POST', '/rest/V1/products/tier-prices-delete'],
    ] as const)
      expect(savedProductSku(method, path)).toBe('');
    expect(savedProductSku('POST', '/rest/V1/products/tier-prices-information')).toBeUndefined();
    expect(savedProductSku('PUT', '/rest/V1/products/PW-1')).toBe('PW-1');
  });
});
