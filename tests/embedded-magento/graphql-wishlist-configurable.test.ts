/**
 * A configurable product in the wish list over `/graphql`, as PWA Studio and Magento's own clients drive it:
 * added with the option uids of `selected_options` (base64 of `configurable/<attribute id>/<option id>`,
 * ConfigurableProductGraphQl's format), read back as a `ConfigurableWishlistItem` whose `child_sku`,
 * `configurable_options` and `configured_variant` name the chosen child and whose `product` is the
 * `ConfigurableProduct` with its options and variants, changed with `updateProductsInWishlist`, and moved
 * into the cart as a configurable line (read back over REST). The products are the demo catalogue's
 * families (DEMO_CONFIGURABLES), which the test back end seeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoChild,
  demoFamily,
  type DemoConfigurable,
} from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

/** Car Shampoo: 1 l (7.99), 2.5 l (14.99, sold out), 5 l (24.99). */
const shampoo = demoFamily('HG-DT-CARSHAMPOO');
const b64 = (text: string) => Buffer.from(text).toString('base64');
/** The uid a storefront sends in `selected_options` for one value of the family's attribute. */
const uid = (label: string, of: DemoConfigurable = shampoo) =>
  b64(`configurable/${String(of.attributeId)}/${String(demoChild(of, label).valueId)}`);

const ITEM = `__typename id quantity description
  product { __typename sku name }
  ... on ConfigurableWishlistItem {
    child_sku
    configurable_options {
      id option_label value_id value_label configurable_product_option_uid configurable_product_option_value_uid
    }
    configured_variant { __typename sku }
  }`;

const ADD = `mutation Add($items: [WishlistItemInput!]!) {
  addProductsToWishlist(wishlistId: "0", wishlistItems: $items) {
    wishlist { id items_count items_v2 { items { ${ITEM} } } }
    user_errors { code message }
  }
}`;

const UPDATE = `mutation Update($id: ID!, $items: [WishlistItemUpdateInput!]!) {
  updateProductsInWishlist(wishlistId: $id, wishlistItems: $items) {
    wishlist { id items_count items_v2 { items { ${ITEM} } } }
    user_errors { code message }
  }
}`;

interface Item {
  __typename: string;
  id: string;
  quantity: number;
  description: string | null;
  product: { __typename: string; sku: string; name: string };
  child_sku?: string;
  configurable_options?: Record<string, unknown>[];
  configured_variant?: { __typename: string; sku: string } | null;
}
interface Output {
  wishlist: { id: string; items_count: number; items_v2: { items: Item[] } };
  user_errors: { code: string; message: string }[];
}

type Line = Record<string, unknown>;

async function add(token: string, items: Line[]): Promise<Output> {
  return expectData(await gql(backend, ADD, { token, variables: { items } })).addProductsToWishlist;
}

async function update(token: string, wishlistId: string, items: Line[]): Promise<Output> {
  return expectData(await gql(backend, UPDATE, { token, variables: { id: wishlistId, items } }))
    .updateProductsInWishlist;
}

/** The parent's entity id, which the chosen option's uid carries (`configurable/<parent>/<attribute>`). */
async function parentId(of: DemoConfigurable = shampoo): Promise<number> {
  const reply = await backend.call('GET', `/rest/V1/products/${of.parentSku}`, { token: INTEGRATION_TOKEN });
  expect(reply.status).toBe(200);
  return reply.body.id as number;
}

/** What `configurable_options` of an item that chose `label` holds. */
async function chosen(label: string, of: DemoConfigurable = shampoo) {
  const value = demoChild(of, label);
  return [
    {
      id: of.attributeId,
      option_label: of.attributeLabel,
      value_id: value.valueId,
      value_label: label,
      configurable_product_option_uid: b64(
        `configurable/${String(await parentId(of))}/${String(of.attributeId)}`,
      ),
      configurable_product_option_value_uid: uid(label, of),
    },
  ];
}

describe('addProductsToWishlist with a configurable product', () => {
  it('adds the child the selected options name, as a ConfigurableWishlistItem of the parent', async () => {
    const { token } = await backend.newCustomer();
    const output = await add(token, [
      { sku: shampoo.parentSku, quantity: 2, selected_options: [uid('5 l')] },
    ]);
    expect(output.user_errors).toEqual([]);
    expect(output.wishlist.items_count).toBe(1);
    expect(output.wishlist.items_v2.items).toEqual([
      {
        __typename: 'ConfigurableWishlistItem',
        id: expect.any(String),
        quantity: 2,
        description: null,
        product: { __typename: 'ConfigurableProduct', sku: shampoo.parentSku, name: shampoo.name },
        child_sku: demoChild(shampoo, '5 l').sku,
        configurable_options: await chosen('5 l'),
        configured_variant: { __typename: 'SimpleProduct', sku: demoChild(shampoo, '5 l').sku },
      },
    ]);
  });

  it('keeps one line per choice: the same choice again replaces its quantity, another is a new line', async () => {
    const { token } = await backend.newCustomer();
    await add(token, [{ sku: shampoo.parentSku, quantity: 1, selected_options: [uid('1 l')] }]);
    const again = await add(token, [
      { sku: shampoo.parentSku, quantity: 3, selected_options: [uid('1 l')] },
      { sku: shampoo.parentSku, quantity: 1, selected_options: [uid('5 l')] },
    ]);
    expect(again.user_errors).toEqual([]);
    expect(again.wishlist.items_v2.items.map((item) => [item.child_sku, item.quantity])).toEqual([
      [demoChild(shampoo, '1 l').sku, 3],
      [demoChild(shampoo, '5 l').sku, 1],
    ]);
  });

  it('takes the choice from a child sku given with parent_sku', async () => {
    const { token } = await backend.newCustomer();
    const output = await add(token, [
      { parent_sku: shampoo.parentSku, sku: demoChild(shampoo, '1 l').sku, quantity: 1 },
    ]);
    expect(output.user_errors).toEqual([]);
    const [item] = output.wishlist.items_v2.items;
    expect(item?.product.sku).toBe(shampoo.parentSku);
    expect(item?.child_sku).toBe(demoChild(shampoo, '1 l').sku);
    expect(item?.configurable_options).toEqual(await chosen('1 l'));
  });

  it('keeps a sold-out size the shopper wishes for: the wish list checks the parent’s stock only', async () => {
    const { token } = await backend.newCustomer();
    const output = await add(token, [
      { sku: shampoo.parentSku, quantity: 1, selected_options: [uid('2.5 l')] },
    ]);
    expect(output.user_errors).toEqual([]);
    expect(output.wishlist.items_v2.items[0]?.child_sku).toBe(demoChild(shampoo, '2.5 l').sku);
  });

  it('adds a configurable without options as Magento does: no child, child_sku "" and no options', async () => {
    const { token } = await backend.newCustomer();
    const output = await add(token, [
      { sku: shampoo.parentSku, quantity: 1 },
      // A uid of another option type, and one of an option no child has, choose nothing either.
      {
        sku: demoFamily('HG-DT-UNIVERSAL').parentSku,
        quantity: 1,
        selected_options: [b64('custom-option/1/2')],
      },
    ]);
    expect(output.user_errors).toEqual([]);
    expect(
      output.wishlist.items_v2.items.map(
        ({ __typename, child_sku, configurable_options, configured_variant }) => ({
          __typename,
          child_sku,
          configurable_options,
          configured_variant,
        }),
      ),
    ).toEqual([
      {
        __typename: 'ConfigurableWishlistItem',
        child_sku: '',
        configurable_options: [],
        configured_variant: null,
      },
      {
        __typename: 'ConfigurableWishlistItem',
        child_sku: '',
        configurable_options: [],
        configured_variant: null,
      },
    ]);
  });
});

describe('a configurable item’s product', () => {
  it('is the ConfigurableProduct with its options, its in-stock variants, price range and image', async () => {
    const { token } = await backend.newCustomer();
    await add(token, [{ sku: shampoo.parentSku, quantity: 1, selected_options: [uid('1 l')] }]);
    const data = expectData(
      await gql(
        backend,
        `{ customer { wishlists { items_v2 { items { product {
          __typename sku image { url label }
          price_range { minimum_price { final_price { value currency } } maximum_price { final_price { value } } }
          ... on ConfigurableProduct {
            configurable_options {
              id uid attribute_id attribute_id_v2 attribute_uid attribute_code label position product_id use_default
              values { uid value_index label default_label store_label use_default_value swatch_data { value ... on ImageSwatchData { thumbnail } } }
            }
            variants { attributes { code label uid value_index } product { __typename sku } }
          }
        } } } } } }`,
        { token },
      ),
    );
    const product = data.customer.wishlists[0].items_v2.items[0].product;
    const id = await parentId();
    const attribute = String(shampoo.attributeId);
    expect(product.__typename).toBe('ConfigurableProduct');
    // The base image is the file REST names in the `image` attribute, under the media route.
    const rest = await backend.call('GET', `/rest/V1/products/${shampoo.parentSku}`, {
      token: INTEGRATION_TOKEN,
    });
    const file = (rest.body.custom_attributes as { attribute_code: string; value: unknown }[]).find(
      (attribute) => attribute.attribute_code === 'image',
    )?.value;
    expect(file).toMatch(/^\/.+\.\w+$/);
    expect(product.image.url).toBe(`${backend.url}/media/catalog/product${String(file)}`);
    expect(product.image.label).toEqual(expect.any(String));
    // Every child's price counts but the sold-out one's: 1 l at 7.99 to 5 l at 24.99.
    expect(product.price_range).toEqual({
      minimum_price: { final_price: { value: demoChild(shampoo, '1 l').price, currency: 'GBP' } },
      maximum_price: { final_price: { value: demoChild(shampoo, '5 l').price } },
    });
    const value = (label: string) => ({
      uid: uid(label),
      value_index: demoChild(shampoo, label).valueId,
      label,
      default_label: label,
      store_label: label,
      use_default_value: true,
      swatch_data: null,
    });
    expect(product.configurable_options).toEqual([
      {
        id: expect.any(Number),
        uid: b64(`configurable/${attribute}`),
        attribute_id: attribute,
        attribute_id_v2: shampoo.attributeId,
        attribute_uid: b64(attribute),
        attribute_code: shampoo.attributeCode,
        label: shampoo.attributeLabel,
        position: 0,
        product_id: id,
        use_default: expect.any(Boolean),
        values: shampoo.children.map((c) => value(c.valueLabel)),
      },
    ]);
    expect(product.variants).toEqual(
      shampoo.children
        .filter((c) => c.inStock)
        .map((c) => ({
          attributes: [
            {
              code: shampoo.attributeCode,
              label: c.valueLabel,
              uid: uid(c.valueLabel),
              value_index: c.valueId,
            },
          ],
          product: { __typename: 'SimpleProduct', sku: c.sku },
        })),
    );
  });
});

describe('updateProductsInWishlist', () => {
  it('changes an item’s choice: the new choice takes a new line in the old one’s place', async () => {
    const { token } = await backend.newCustomer();
    const added = await add(token, [{ sku: shampoo.parentSku, quantity: 1, selected_options: [uid('1 l')] }]);
    const before = added.wishlist.items_v2.items[0];
    const output = await update(token, added.wishlist.id, [
      {
        wishlist_item_id: before?.id,
        quantity: 4,
        selected_options: [uid('5 l')],
        description: 'for the van',
      },
    ]);
    expect(output.user_errors).toEqual([]);
    expect(output.wishlist.items_v2.items).toEqual([
      expect.objectContaining({
        quantity: 4,
        description: 'for the van',
        child_sku: demoChild(shampoo, '5 l').sku,
        configurable_options: await chosen('5 l'),
      }),
    ]);
    expect(output.wishlist.items_v2.items[0]?.id).not.toBe(before?.id);
  });

  it('sets the quantity on the same line when the choice is sent back unchanged', async () => {
    const { token } = await backend.newCustomer();
    const added = await add(token, [{ sku: shampoo.parentSku, quantity: 1, selected_options: [uid('1 l')] }]);
    const id = added.wishlist.items_v2.items[0]?.id;
    const output = await update(token, added.wishlist.id, [
      { wishlist_item_id: id, quantity: 6, selected_options: [uid('1 l')] },
    ]);
    expect(output.wishlist.items_v2.items.map((item) => [item.id, item.quantity, item.child_sku])).toEqual([
      [id, 6, demoChild(shampoo, '1 l').sku],
    ]);
  });

  it('merges into the line that already has the new choice, adding the quantities', async () => {
    const { token } = await backend.newCustomer();
    const added = await add(token, [
      { sku: shampoo.parentSku, quantity: 1, selected_options: [uid('1 l')] },
      { sku: shampoo.parentSku, quantity: 2, selected_options: [uid('5 l')] },
    ]);
    const [small, large] = added.wishlist.items_v2.items;
    const output = await update(token, added.wishlist.id, [
      { wishlist_item_id: small?.id, quantity: 3, selected_options: [uid('5 l')] },
    ]);
    expect(output.wishlist.items_v2.items.map((item) => [item.id, item.quantity, item.child_sku])).toEqual([
      [large?.id, 5, demoChild(shampoo, '5 l').sku],
    ]);
  });

  it('refuses a line with Magento’s messages, leaving the item as it was', async () => {
    const [owner, other] = [await backend.newCustomer(), await backend.newCustomer()];
    const mine = await add(owner.token, [
      { sku: shampoo.parentSku, quantity: 1, selected_options: [uid('1 l')] },
    ]);
    const theirs = await add(other.token, [
      { sku: shampoo.parentSku, quantity: 1, selected_options: [uid('5 l')] },
    ]);
    const itemId = mine.wishlist.items_v2.items[0]?.id;
    const foreignId = theirs.wishlist.items_v2.items[0]?.id;
    const output = await update(owner.token, mine.wishlist.id, [
      { wishlist_item_id: itemId, quantity: 0, selected_options: [uid('5 l')] },
      { wishlist_item_id: foreignId, quantity: 2 },
    ]);
    expect(output.user_errors).toEqual([
      { code: 'UNDEFINED', message: 'The quantity of a wish list item cannot be 0' },
      {
        code: 'UNDEFINED',
        message: `The wishlist item with ID "${String(foreignId)}" does not belong to the wishlist`,
      },
    ]);
    expect(output.wishlist.items_v2.items.map((item) => [item.id, item.quantity, item.child_sku])).toEqual([
      [itemId, 1, demoChild(shampoo, '1 l').sku],
    ]);
  });
});

describe('addWishlistItemsToCart with a configurable item', () => {
  const TO_CART = `mutation ToCart($id: ID!) {
    addWishlistItemsToCart(wishlistId: $id) {
      status
      add_wishlist_items_to_cart_user_errors { code message wishlistItemId }
      wishlist { items_count items_v2 { items { id } } }
    }
  }`;

  it('adds the chosen child as a configurable line and takes the item off the list', async () => {
    const { token } = await backend.newCustomer();
    const added = await add(token, [{ sku: shampoo.parentSku, quantity: 2, selected_options: [uid('5 l')] }]);
    const output = expectData(
      await gql(backend, TO_CART, { token, variables: { id: added.wishlist.id } }),
    ).addWishlistItemsToCart;
    expect(output).toEqual({
      status: true,
      add_wishlist_items_to_cart_user_errors: [],
      wishlist: { items_count: 0, items_v2: { items: [] } },
    });
    const cart = await backend.call('GET', '/rest/V1/carts/mine', { token });
    expect(cart.status).toBe(200);
    expect(cart.body.items).toEqual([
      expect.objectContaining({
        sku: demoChild(shampoo, '5 l').sku,
        qty: 2,
        name: shampoo.name,
        price: demoChild(shampoo, '5 l').price,
        product_type: 'configurable',
        product_option: {
          extension_attributes: {
            configurable_item_options: [
              { option_id: String(shampoo.attributeId), option_value: demoChild(shampoo, '5 l').valueId },
            ],
          },
        },
      }),
    ]);
  });

  it('leaves an item without a choice in the list with the cart’s refusal', async () => {
    const { token } = await backend.newCustomer();
    const added = await add(token, [{ sku: shampoo.parentSku, quantity: 1 }]);
    const itemId = added.wishlist.items_v2.items[0]?.id;
    const output = expectData(
      await gql(backend, TO_CART, { token, variables: { id: added.wishlist.id } }),
    ).addWishlistItemsToCart;
    expect(output).toEqual({
      status: false,
      add_wishlist_items_to_cart_user_errors: [
        { code: 'UNDEFINED', message: 'You need to choose options for your item.', wishlistItemId: itemId },
      ],
      wishlist: { items_count: 1, items_v2: { items: [{ id: itemId }] } },
    });
  });
});
