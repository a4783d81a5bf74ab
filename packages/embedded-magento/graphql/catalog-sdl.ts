/**
 * The catalogue types every part of the embedded GraphQL schema shares (Magento_CatalogGraphQl with the
 * ConfigurableProduct, Swatches and Directory types it reaches, Magento_StoreGraphQl's `storeConfig`), as a
 * client sees them on the wire: nullability is the executable schema's (`wishlist-introspection-2.4.9.json`
 * and `tests/embedded-magento/graphql-introspection-2.4.9-supplement.json`). The parts (`wishlist/sdl.ts`,
 * `reviews/sdl.ts`) extend `Query`, `Mutation`, `StoreConfig` and the product types with their own fields;
 * `graphql-wishlist-schema.test.ts` holds every type, field, argument and enum value to Magento 2.4.9's
 * introspection. The bundle/grouped/downloadable product types and most product fields are left out: the
 * catalogue has simple and configurable products.
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

/** The `ProductInterface` fields the parts share, repeated on each product type. */
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

export const CATALOG_SDL = `
type Query {
  "Open to guests: what a storefront reads of the store before it offers a feature."
  storeConfig: StoreConfig
  "Products visible in the catalogue (a filter) or in search (a search), enabled and in stock."
  products(
    search: String
    filter: ProductAttributeFilterInput
    pageSize: Int = 20
    currentPage: Int = 1
    sort: ProductAttributeSortInput
  ): Products
}

type Products {
  items: [ProductInterface]
  page_info: SearchResultPageInfo
  total_count: Int
}

"The attributes a \`products\` filter may name here: of Magento's, the two that find given products."
input ProductAttributeFilterInput {
  sku: FilterEqualTypeInput
  url_key: FilterEqualTypeInput
}

input FilterEqualTypeInput {
  eq: String
  in: [String]
}

input ProductAttributeSortInput {
  name: SortEnum
  position: SortEnum
  price: SortEnum
  relevance: SortEnum
}

enum SortEnum {
  ASC
  DESC
}

type Mutation

type StoreConfig {
  product_url_suffix: String
  store_code: ID
}

type SearchResultPageInfo {
  current_page: Int
  page_size: Int
  total_pages: Int
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

/** The object types behind `ProductInterface`: a part adding product fields adds them to each. */
export const PRODUCT_TYPE_NAMES = ['SimpleProduct', 'VirtualProduct', 'ConfigurableProduct'] as const;

/**
 * SDL adding `fields` to `ProductInterface` and to each of its object types (GraphQL has no interface
 * inheritance of fields, so an extension of the interface alone would leave the types invalid).
 */
export const extendProductTypes = (fields: string): string =>
  [
    `extend interface ProductInterface {${fields}\n}`,
    ...PRODUCT_TYPE_NAMES.map((name) => `extend type ${name} {${fields}\n}`),
  ].join('\n\n');
