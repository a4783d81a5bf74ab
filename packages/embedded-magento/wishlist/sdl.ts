/**
 * The wish-list part of Magento Open Source 2.4.9's GraphQL schema (Magento_WishlistGraphQl with the
 * Customer types it reaches, and the `storeConfig` field a wish-list page reads) on top of the shared
 * catalogue types (`../graphql/catalog-sdl.ts`), as a client sees it on the wire: nullability is the
 * executable schema's (`wishlist-introspection-2.4.9.json`), where output list items are nullable
 * (`[Wishlist]!`) although the module's `.graphqls` writes `[Wishlist!]!`, and argument lists keep theirs.
 * Adobe Commerce's multi-list members (`Wishlist.name`, `visibility`, create/update/delete/copy/move) are
 * absent, so selecting them is a validation error as on Open Source. The bundle/grouped/downloadable item
 * types are left out: the catalogue has simple and configurable products. PWA Studio's wish-list documents
 * validate against the schema (`tests/embedded-magento/graphql-pwa-studio.test.ts`).
 */

/** The fields every wish-list item type shares (GraphQL has no interface inheritance of fields). */
const WISHLIST_ITEM_FIELDS = `
  added_at: String!
  customizable_options: [SelectedCustomizableOption]!
  description: String
  id: ID!
  product: ProductInterface
  quantity: Float!`;

export const WISHLIST_SDL = `
extend type Query {
  customer: Customer
  wishlist: WishlistOutput @deprecated(reason: "Moved under \`Customer.wishlist\`.")
}

extend type StoreConfig {
  magento_wishlist_general_is_enabled: String
}

extend type Mutation {
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
`;
