/**
 * Writes `graphql-introspection-2.4.9-supplement.json`: the types of Magento 2.4.9's executable schema that
 * the embedded `/graphql` declares beyond the wish-list extract in `shared/contracts/magento-graphql/`
 * (which stops at the wish-list types), copied verbatim from the full introspection so the schema test can
 * hold them to Magento mechanically instead of to a hand-written list. Big types are cut down to the fields
 * the stand-in declares and marked `"x-fields-filtered": true`, as the extract marks its own; so is
 * `ProductAttributeFilterInput` to the input fields it declares (`"x-input-fields-filtered": true`: Magento
 * makes that input of every filterable attribute of its store, so no list is Magento's for every shop);
 * `fields` of a type the extract already has are added to its fields.
 *
 * Run: `npx node tests/embedded-magento/graphql-introspection-extract.ts <path to spectaql/schema.json>`
 * (AdobeDocs/commerce-webapi, commit 8042bbfe59fc6a7933f2ce6a39f9fd46fdbd1a39, the 2.4.9 introspection).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/** Types copied whole. */
const WHOLE = [
  'SelectedConfigurableOption',
  'ConfigurableProductOptions',
  'ConfigurableProductOptionsValues',
  'ConfigurableVariant',
  'ConfigurableAttributeOption',
  'SwatchDataInterface',
  'ImageSwatchData',
  'TextSwatchData',
  'ColorSwatchData',
  'MediaGalleryInterface',
  'ProductDiscount',
  'CurrencyEnum',
  // Magento_ReviewGraphQl.
  'ProductReviews',
  'ProductReview',
  'ProductReviewRating',
  'ProductReviewRatingsMetadata',
  'ProductReviewRatingMetadata',
  'ProductReviewRatingValueMetadata',
  'CreateProductReviewOutput',
  'CreateProductReviewInput',
  'ProductReviewRatingInput',
  // `products`' arguments.
  'FilterEqualTypeInput',
  'ProductAttributeSortInput',
  'SortEnum',
  // Magento_SalesGraphQl: `Customer.orders`' arguments and an order's invoices.
  'CustomerOrdersFilterInput',
  'FilterStringTypeInput',
  'FilterRangeTypeInput',
  'CustomerOrderSortInput',
  'CustomerOrderSortableField',
  'ScopeTypeEnum',
  'Invoice',
  'InvoiceTotal',
  'ShippingHandling',
  'ShippingDiscount',
  'TaxItem',
  'SalesCommentItem',
  // Magento_InventoryInStorePickupGraphQl: `pickupLocations`.
  'PickupLocations',
  'PickupLocation',
  'AreaInput',
  'PickupLocationFilterInput',
  'PickupLocationSortInput',
  'ProductInfoInput',
  'FilterTypeInput',
];

/** The stand-in's invoice item fields: all but `order_item`. */
const INVOICE_ITEM_FIELDS = [
  'id',
  'product_name',
  'product_sku',
  'product_sale_price',
  'discounts',
  'quantity_invoiced',
];

/** The stand-in's `ProductInterface` fields: the extract's, `image` and the review fields. */
const PRODUCT_FIELDS = [
  'uid',
  'id',
  'sku',
  'name',
  'url_key',
  'url_suffix',
  'image',
  'small_image',
  'thumbnail',
  'price_range',
  'stock_status',
  'only_x_left_in_stock',
  'rating_summary',
  'review_count',
  'reviews',
];

/** Types cut down to the fields the stand-in declares. */
const FILTERED: Readonly<Record<string, readonly string[]>> = {
  SimpleProduct: PRODUCT_FIELDS,
  VirtualProduct: PRODUCT_FIELDS,
  ConfigurableProduct: [...PRODUCT_FIELDS, 'configurable_options', 'variants'],
  StoreConfig: [
    'magento_wishlist_general_is_enabled',
    'product_url_suffix',
    'store_code',
    'product_reviews_enabled',
    'allow_guests_to_write_product_reviews',
  ],
  Products: ['items', 'page_info', 'total_count'],
  SelectedCustomizableOption: ['customizable_option_uid', 'is_required', 'label', 'sort_order', 'type'],
  CustomerOrders: ['items', 'page_info', 'total_count'],
  CustomerOrder: [
    'id',
    'order_date',
    'status',
    'number',
    'total',
    'invoices',
    'increment_id',
    'order_number',
    'created_at',
    'grand_total',
  ],
  OrderTotal: [
    'subtotal',
    'subtotal_excl_tax',
    'subtotal_incl_tax',
    'discounts',
    'total_tax',
    'taxes',
    'grand_total',
    'grand_total_excl_tax',
    'base_grand_total',
    'total_shipping',
    'shipping_handling',
  ],
  InvoiceItemInterface: INVOICE_ITEM_FIELDS,
  InvoiceItem: INVOICE_ITEM_FIELDS,
  Discount: ['amount', 'label'],
};

/** Input objects cut down to the input fields the stand-in declares. */
const INPUT_FILTERED: Readonly<Record<string, readonly string[]>> = {
  ProductAttributeFilterInput: ['sku', 'url_key'],
};

/** Fields added to types the extract holds (filtered there). */
const ADDED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Customer: ['id', 'orders'],
  Mutation: ['createProductReview'],
  ProductInterface: ['image', 'rating_summary', 'review_count', 'reviews'],
  Query: ['storeConfig', 'products', 'productReviewRatingsMetadata', 'pickupLocations'],
};

const introspection = z.object({
  __schema: z.object({
    types: z.array(
      z.looseObject({ name: z.string(), fields: z.array(z.looseObject({ name: z.string() })).nullable() }),
    ),
  }),
});

const source = process.argv[2];
if (!source) throw new Error('Usage: graphql-introspection-extract.ts <path to the 2.4.9 schema.json>');
const types = new Map(
  introspection
    .parse(JSON.parse(readFileSync(source, 'utf8')))
    .__schema.types.map((type) => [type.name, type]),
);
const type = (name: string) => {
  const found = types.get(name);
  if (!found) throw new Error(`${name} is not in the introspection`);
  return found;
};
const pick = (name: string, fields: readonly string[]) =>
  fields.map((field) => {
    const found = type(name).fields?.find((candidate) => candidate.name === field);
    if (!found) throw new Error(`${name}.${field} is not in the introspection`);
    return found;
  });

const inputFields = z.array(z.looseObject({ name: z.string() }));
const pickInput = (name: string, fields: readonly string[]) =>
  fields.map((field) => {
    const found = inputFields.parse(type(name)['inputFields']).find((candidate) => candidate.name === field);
    if (!found) throw new Error(`${name}.${field} is not an input field in the introspection`);
    return found;
  });

const supplement = {
  'x-source': {
    repository: 'https://github.com/AdobeDocs/commerce-webapi',
    path: 'spectaql/schema.json (extract)',
    commit: '8042bbfe59fc6a7933f2ce6a39f9fd46fdbd1a39',
    what: 'GraphQL introspection of Adobe Commerce 2.4.9: the types the embedded /graphql declares beyond shared/contracts/magento-graphql/wishlist-introspection-2.4.9.json',
    license: 'Apache-2.0 (repository LICENSE); (c) Adobe',
    made_by: 'tests/embedded-magento/graphql-introspection-extract.ts',
  },
  types: [
    ...WHOLE.map(type),
    ...Object.entries(FILTERED).map(([name, fields]) => ({
      ...type(name),
      fields: pick(name, fields),
      'x-fields-filtered': true,
    })),
    ...Object.entries(INPUT_FILTERED).map(([name, fields]) => ({
      ...type(name),
      inputFields: pickInput(name, fields),
      'x-input-fields-filtered': true,
    })),
  ],
  fields: Object.fromEntries(
    Object.entries(ADDED_FIELDS).map(([name, fields]) => [name, pick(name, fields)]),
  ),
};

writeFileSync(
  resolve(import.meta.dirname, 'graphql-introspection-2.4.9-supplement.json'),
  `${JSON.stringify(supplement, null, 2)}\n`,
);
