/**
 * PWA Studio's wish-list documents against the embedded `/graphql`: the operations and fragments its
 * Open Source wish-list page sends (peregrine `talons/WishlistPage/*.gql.js`, `talons/Wishlist/*` and the
 * `*.ce.js` store config query), written out here as that client selects them, must pass graphql-js's
 * `validate` against the schema the back end executes (they used to fail: no `ConfigurableWishlistItem`,
 * `ConfigurableProduct`, `ImageSwatchData`, `ProductInterface.image`, `storeConfig.store_code`), and the
 * item page's query must run over HTTP on a list holding a configurable and a simple product.
 */
import { parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { magentoSchema } from '@cleaning-shop/embedded-magento/graphql/schema.ts';
import { DEMO_CONFIGURABLES } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { createProduct, expectData, gql } from './graphql-helpers.ts';

/** `WishlistPageFragment` and `WishlistItemFragment` as the wish-list talons select them. */
const FRAGMENTS = {
  page: `fragment WishlistPageFragment on Wishlist {
    id
    items_count
    sharing_code
  }`,
  item: `fragment WishlistItemFragment on WishlistItemInterface {
    id
    quantity
    product {
      uid
      name
      sku
      stock_status
      url_key
      url_suffix
      image { label url }
      small_image { url }
      price_range { maximum_price { final_price { currency value } discount { amount_off } } }
      ... on ConfigurableProduct {
        configurable_options {
          id
          uid
          attribute_code
          attribute_id
          attribute_id_v2
          attribute_uid
          label
          position
          use_default
          values {
            uid
            default_label
            label
            store_label
            use_default_value
            value_index
            swatch_data {
              ... on ImageSwatchData { thumbnail }
              value
            }
          }
        }
        variants {
          attributes { uid code label value_index }
          product { uid stock_status small_image { url } thumbnail { url } }
        }
      }
    }
    ... on ConfigurableWishlistItem {
      child_sku
      configurable_options { id option_label value_id value_label }
    }
  }`,
};

/** The operations, each with the fragments it spreads. */
const DOCUMENTS: Readonly<Record<string, string>> = {
  GET_CUSTOMER_WISHLIST: `query GetCustomerWishlist {
    customer { id wishlists { id ...WishlistPageFragment } }
  } ${FRAGMENTS.page}`,
  GET_CUSTOMER_WISHLIST_ITEMS: `query getCustomerWishlist($id: ID!, $currentPage: Int) {
    customer {
      wishlist_v2(id: $id) {
        id
        items_v2(currentPage: $currentPage) { items { id ...WishlistItemFragment } }
      }
    }
  } ${FRAGMENTS.item}`,
  GET_WISHLIST_CONFIG: `query GetWishlistConfigForWishlistPageMOS {
    storeConfig { store_code magento_wishlist_general_is_enabled product_url_suffix }
  }`,
  GET_PRODUCTS_IN_WISHLISTS: `query GetProductsInWishlistsForGallery {
    customer { wishlists { id items_v2(currentPage: 1, pageSize: 1000) { items { id product { uid sku } } } } }
  }`,
  ADD_PRODUCT_TO_WISHLIST: `mutation AddProductToWishlist($wishlistId: ID!, $itemOptions: WishlistItemInput!) {
    addProductsToWishlist(wishlistId: $wishlistId, wishlistItems: [$itemOptions]) { user_errors { code message } }
  }`,
  REMOVE_PRODUCTS_FROM_WISHLIST: `mutation RemoveProductsFromWishlist($wishlistId: ID!, $wishlistItemsId: [ID!]!) {
    removeProductsFromWishlist(wishlistId: $wishlistId, wishlistItemsIds: $wishlistItemsId) {
      wishlist { id ...WishlistPageFragment items_v2 { items { id ...WishlistItemFragment } } }
    }
  } ${FRAGMENTS.page} ${FRAGMENTS.item}`,
};

describe('PWA Studio’s wish-list documents', () => {
  it.each(Object.keys(DOCUMENTS))('%s validates against the schema with no errors', (name) => {
    const errors = validate(magentoSchema.schema, parse(DOCUMENTS[name] ?? ''));
    expect(errors.map((error) => error.message)).toEqual([]);
  });

  it('still fail where Open Source fails them: the Commerce edition’s multi-list fields', () => {
    const commerce = parse(`query { customer { wishlists { id name visibility } } }`);
    expect(validate(magentoSchema.schema, commerce).map((error) => error.message)).toEqual([
      'Cannot query field "name" on type "Wishlist".',
      'Cannot query field "visibility" on type "Wishlist".',
    ]);
  });
});

describe('PWA Studio’s wish-list item query over HTTP', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend.stop());

  it('answers a list with a configurable and a simple product, without errors', async () => {
    const { token } = await backend.newCustomer();
    const shampoo = DEMO_CONFIGURABLES.find((family) => family.parentSku === 'HG-DT-CARSHAMPOO');
    const large = shampoo?.children.find((child) => child.valueLabel === '5 l');
    if (!shampoo || !large) throw new Error('no Car Shampoo 5 l in the demo catalogue');
    const simple = await createProduct(backend);
    const uid = Buffer.from(`configurable/${String(shampoo.attributeId)}/${String(large.valueId)}`).toString(
      'base64',
    );
    for (const itemOptions of [
      { sku: shampoo.parentSku, quantity: 1, selected_options: [uid] },
      { sku: simple.sku, quantity: 2 },
    ]) {
      const added = await gql(backend, DOCUMENTS['ADD_PRODUCT_TO_WISHLIST'] ?? '', {
        token,
        variables: { wishlistId: '0', itemOptions },
      });
      expect(expectData(added).addProductsToWishlist.user_errors).toEqual([]);
    }
    const list = expectData(await gql(backend, DOCUMENTS['GET_CUSTOMER_WISHLIST'] ?? '', { token }));
    expect(list.customer.id).toEqual(expect.any(String));
    const wishlist = list.customer.wishlists[0];
    expect(wishlist.items_count).toBe(2);
    const data = expectData(
      await gql(backend, DOCUMENTS['GET_CUSTOMER_WISHLIST_ITEMS'] ?? '', {
        token,
        variables: { id: wishlist.id, currentPage: 1 },
      }),
    );
    const [configurable, plain] = data.customer.wishlist_v2.items_v2.items;
    expect(configurable.child_sku).toBe(large.sku);
    expect(configurable.configurable_options).toEqual([
      { id: shampoo.attributeId, option_label: 'Volume', value_id: large.valueId, value_label: '5 l' },
    ]);
    expect(configurable.product.sku).toBe(shampoo.parentSku);
    expect(configurable.product.configurable_options[0].attribute_code).toBe('volume');
    expect(configurable.product.image.url).toMatch(/\/media\/catalog\/product\//);
    expect(plain.product.sku).toBe(simple.sku);
    expect(plain).not.toHaveProperty('child_sku');
    const config = expectData(await gql(backend, DOCUMENTS['GET_WISHLIST_CONFIG'] ?? ''));
    expect(config.storeConfig).toEqual({
      store_code: 'default',
      magento_wishlist_general_is_enabled: '1',
      product_url_suffix: '',
    });
  });
});
