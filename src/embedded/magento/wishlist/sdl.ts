/**
 * The wish-list part of Magento Open Source 2.4.9's GraphQL schema (Magento_WishlistGraphQl with the
 * Catalog, ConfigurableProduct, Swatches, Customer and Directory types it reaches, and the `storeConfig`
 * fields a wish-list page reads), as a client sees it on
 * the wire: nullability is the executable schema's (`wishlist-introspection-2.4.9.json`), where output list
 * items are nullable (`[Wishlist]!`) although the module's `.graphqls` writes `[Wishlist!]!`, and argument
 * lists keep theirs. Adobe Commerce's multi-list members (`Wishlist.name`, `visibility`,
 * create/update/delete/copy/move) are absent, so selecting them is a validation error as on Open Source.
 * The bundle/grouped/downloadable item types and most product fields are left out: the catalogue has
 * simple and configurable products. PWA Studio's wish-list documents validate against this schema
 * (`tests/embedded-magento/graphql-pwa-studio.test.ts`), and `graphql-wishlist-schema.test.ts` holds every
 * type, field, argument and enum value here to the 2.4.9 introspection.
 */

/** Directory's `CurrencyEnum`, every code Magento 2.4.9 lists (a store may be configured for any). */
const CURRENCY_CODES = `
  AFN ALL AZN DZD AOA ARS AMD AWG AUD BSD BHD BDT BBD BYN BZD BMD BTN BOB BAM BWP BRL GBP BND BGN BUK BIF
  KHR CAD CVE CZK KYD GQE CLP CNY COP KMF CDF CRC HRK CUP DKK DJF DOP XCD EGP SVC ERN EEK ETB EUR FKP FJD
  GMD GEK GEL GHS GIP GTQ GNF GYD HTG HNL HKD HUF ISK INR IDR IRR IQD ILS JMD JPY JOD KZT KES KWD KGS LAK
  LVL LBP LSL LRD LYD LTL MOP MKD MGA MWK MYR MVR LSM MRO MUR MXN MDL MNT MAD MZN MMK NAD NPR ANG YTL NZD
  NIC NGN KPW NOK OMR PKR PAB PGK PYG PEN PHP PLN QAR RHD RON RUB RWF SHP STD SAR RSD SCR SLL SGD SKK SBD
  SOS ZAR KRW LKR SDG SRD SZL SEK CHF SYP TWD TJS TZS THB TOP TTD TND TMM USD UGX UAH AED UYU UZS VUV VEB
  VEF VND CHE CHW XOF WST YER ZMK ZWD TRY AZM ROL TRL XPF`;

/** The fields every wish-list item type shares (GraphQL has no interface inheritance of fields). */
const WISHLIST_ITEM_FIELDS = `
  added_at: String!
  customizable_options: [SelectedCustomizableOption]!
  description: String
  id: ID!
  product: ProductInterface
  quantity: Float!`;

/** The `ProductInterface` fields a wish-list page uses, repeated on each product type. */
const PRODUCT_FIELDS = `
  uid: ID!
  id: Int @deprecated(reason: "Use the \`uid\` field instead.")
  sku: String
  name: String
  url_key: String
  url_suffix: String
  image: ProductImage
  small_image: ProductImage
  thumbnail: ProductImage
  price_range: PriceRange!
  stock_status: ProductStockStatus
  only_x_left_in_stock: Float`;

/** `MediaGalleryInterface`'s fields, repeated on `ProductImage`. */
const MEDIA_FIELDS = `
  disabled: Boolean
  label: String
  position: Int
  types: [String]
  url: String`;

export const WISHLIST_SDL = `
type Query {
  customer: Customer
  "Open to guests: whether wish lists are on, before a storefront offers one."
  storeConfig: StoreConfig
  wishlist: WishlistOutput @deprecated(reason: "Moved under \`Customer.wishlist\`.")
}

type StoreConfig {
  magento_wishlist_general_is_enabled: String
  product_url_suffix: String
  store_code: ID
}

type Mutation {
  addProductsToWishlist(wishlistId: ID!, wishlistItems: [WishlistItemInput!]!): AddProductsToWishlistOutput
  removeProductsFromWishlist(wishlistId: ID!, wishlistItemsIds: [ID!]!): RemoveProductsFromWishlistOutput
  updateProductsInWishlist(wishlistId: ID!, wishlistItems: [WishlistItemUpdateInput!]!): UpdateProductsInWishlistOutput
  addWishlistItemsToCart(wishlistId: ID!, wishlistItemIds: [ID!]): AddWishlistItemsToCartOutput
  clearWishlist(wishlistId: ID!): RemoveProductsFromWishlistOutput
}

type Customer {
  id: ID!
  "Exactly one list in Open Source, created on first read."
  wishlists(pageSize: Int = 20, currentPage: Int = 1): [Wishlist]!
  wishlist_v2(id: ID!): Wishlist
  wishlist: Wishlist! @deprecated(reason: "Use \`Customer.wishlists\` or \`Customer.wishlist_v2\` instead.")
}

type Wishlist {
  id: ID
  items: [WishlistItem] @deprecated(reason: "Use the \`items_v2\` field instead.")
  items_count: Int
  items_v2(currentPage: Int = 1, pageSize: Int = 20): WishlistItems
  sharing_code: String
  updated_at: String
}

type WishlistOutput {
  items: [WishlistItem] @deprecated(reason: "Use the \`Wishlist.items\` field instead.")
  items_count: Int @deprecated(reason: "Use the \`Wishlist.items_count\` field instead.")
  name: String
    @deprecated(reason: "This field is related to Commerce functionality and is always \`null\` in Open Source.")
  sharing_code: String @deprecated(reason: "Use the \`Wishlist.sharing_code\` field instead.")
  updated_at: String @deprecated(reason: "Use the \`Wishlist.updated_at\` field instead.")
}

type WishlistItems {
  items: [WishlistItemInterface]!
  page_info: SearchResultPageInfo
}

type SearchResultPageInfo {
  current_page: Int
  page_size: Int
  total_pages: Int
}

interface WishlistItemInterface {${WISHLIST_ITEM_FIELDS}
}

type SimpleWishlistItem implements WishlistItemInterface {${WISHLIST_ITEM_FIELDS}
}

type VirtualWishlistItem implements WishlistItemInterface {${WISHLIST_ITEM_FIELDS}
}

type ConfigurableWishlistItem implements WishlistItemInterface {${WISHLIST_ITEM_FIELDS}
  child_sku: String! @deprecated(reason: "Use \`ConfigurableWishlistItem.configured_variant.sku\` instead.")
  configurable_options: [SelectedConfigurableOption]
  configured_variant: ProductInterface
}

type SelectedConfigurableOption {
  configurable_product_option_uid: ID!
  configurable_product_option_value_uid: ID!
  id: Int! @deprecated(reason: "Use \`SelectedConfigurableOption.configurable_product_option_uid\` instead.")
  option_label: String!
  value_id: Int!
    @deprecated(reason: "Use \`SelectedConfigurableOption.configurable_product_option_value_uid\` instead.")
  value_label: String!
}

type WishlistItem {
  added_at: String
  description: String
  id: Int
  product: ProductInterface
  qty: Float
}

type SelectedCustomizableOption {
  customizable_option_uid: ID!
  is_required: Boolean!
  label: String!
  sort_order: Int!
  type: String!
}

input WishlistItemInput {
  entered_options: [EnteredOptionInput]
  parent_sku: String
  quantity: Float!
  selected_options: [ID]
  sku: String!
}

input WishlistItemUpdateInput {
  description: String
  entered_options: [EnteredOptionInput]
  quantity: Float
  selected_options: [ID]
  wishlist_item_id: ID!
}

input EnteredOptionInput {
  uid: ID!
  value: String!
}

type AddProductsToWishlistOutput {
  user_errors: [WishListUserInputError]!
  wishlist: Wishlist!
}

type RemoveProductsFromWishlistOutput {
  user_errors: [WishListUserInputError]!
  wishlist: Wishlist!
}

type UpdateProductsInWishlistOutput {
  user_errors: [WishListUserInputError]!
  wishlist: Wishlist!
}

type AddWishlistItemsToCartOutput {
  add_wishlist_items_to_cart_user_errors: [WishlistCartUserInputError]!
  status: Boolean!
  wishlist: Wishlist!
}

type WishListUserInputError {
  code: WishListUserInputErrorType!
  message: String!
}

enum WishListUserInputErrorType {
  PRODUCT_NOT_FOUND
  UNDEFINED
}

type WishlistCartUserInputError {
  code: WishlistCartUserInputErrorType!
  message: String!
  wishlistId: ID!
  wishlistItemId: ID!
}

enum WishlistCartUserInputErrorType {
  PRODUCT_NOT_FOUND
  REQUIRED_PARAMETER_MISSING
  NOT_SALABLE
  INSUFFICIENT_STOCK
  UNDEFINED
}

interface ProductInterface {${PRODUCT_FIELDS}
}

type SimpleProduct implements ProductInterface {${PRODUCT_FIELDS}
}

type VirtualProduct implements ProductInterface {${PRODUCT_FIELDS}
}

type ConfigurableProduct implements ProductInterface {${PRODUCT_FIELDS}
  configurable_options: [ConfigurableProductOptions]
  variants: [ConfigurableVariant]
}

type ConfigurableProductOptions {
  attribute_code: String
  attribute_id: String @deprecated(reason: "Use \`attribute_uid\` instead.")
  attribute_id_v2: Int @deprecated(reason: "Use \`attribute_uid\` instead.")
  attribute_uid: ID!
  id: Int @deprecated(reason: "Use \`uid\` instead.")
  label: String
  position: Int
  product_id: Int @deprecated(reason: "\`product_id\` is not needed and can be obtained from its parent.")
  uid: ID!
  use_default: Boolean
  values: [ConfigurableProductOptionsValues]
}

type ConfigurableProductOptionsValues {
  default_label: String
  label: String
  store_label: String
  swatch_data: SwatchDataInterface
  uid: ID
  use_default_value: Boolean
  value_index: Int @deprecated(reason: "Use \`uid\` instead.")
}

interface SwatchDataInterface {
  value: String
}

type ImageSwatchData implements SwatchDataInterface {
  thumbnail: String
  value: String
}

type TextSwatchData implements SwatchDataInterface {
  value: String
}

type ColorSwatchData implements SwatchDataInterface {
  value: String
}

type ConfigurableVariant {
  attributes: [ConfigurableAttributeOption]
  product: SimpleProduct
}

type ConfigurableAttributeOption {
  code: String
  label: String
  uid: ID!
  value_index: Int
}

interface MediaGalleryInterface {${MEDIA_FIELDS}
}

type ProductImage implements MediaGalleryInterface {${MEDIA_FIELDS}
}

type PriceRange {
  maximum_price: ProductPrice
  minimum_price: ProductPrice!
}

type ProductPrice {
  discount: ProductDiscount
  final_price: Money!
  regular_price: Money!
}

type ProductDiscount {
  amount_off: Float
  percent_off: Float
}

type Money {
  currency: CurrencyEnum
  value: Float
}

enum CurrencyEnum {${CURRENCY_CODES}
}

enum ProductStockStatus {
  IN_STOCK
  OUT_OF_STOCK
}
`;
