/**
 * The requisition lists' SDL: B2B for Adobe Commerce 2.4.9's (the GraphQL reference's types and the ten
 * mutations of its "Requisition list (B2B) mutations" pages), with the item's `sku` of the Storefront
 * Compatibility Package. Left out: `customizable_options` (this shop's products have no custom options),
 * bundle, downloadable and gift-card items (no such products), sorting and the sharing calls (Adobe
 * Commerce as a Cloud Service only). `Cart`, `CartItemInterface` and `FilterMatchTypeInput` are the
 * negotiable-quotes part's (`../negotiable-quotes/sdl.ts`); this part adds the cart's lines and quantity,
 * which `addRequisitionListItemsToCart` and `clearCustomerCart` answer with.
 */
export const REQUISITION_LISTS_SDL = `
input RequisitionListFilterInput {
  name: FilterMatchTypeInput
  uids: FilterEqualTypeInput
}

type RequisitionLists {
  items: [RequisitionList]
  page_info: SearchResultPageInfo
  total_count: Int
}

type RequisitionList {
  uid: ID!
  name: String!
  description: String
  items_count: Int!
  updated_at: String
  items(currentPage: Int = 1, pageSize: Int = 20): RequistionListItems @deprecated(reason: "Deprecated. Use requisition_list_items instead. Will be removed in a future release.")
  requisition_list_items(currentPage: Int = 1, pageSize: Int = 20): RequisitionListItems
}

type RequistionListItems {
  items: [RequisitionListItemInterface]!
  page_info: SearchResultPageInfo
  total_pages: Int!
}

type RequisitionListItems {
  items: [RequisitionListItemInterface]!
  page_info: SearchResultPageInfo
  total_pages: Int!
}

interface RequisitionListItemInterface {
  uid: ID!
  sku: String!
  quantity: Float!
  product: ProductInterface!
}

type SimpleRequisitionListItem implements RequisitionListItemInterface {
  uid: ID!
  sku: String!
  quantity: Float!
  product: ProductInterface!
}

type VirtualRequisitionListItem implements RequisitionListItemInterface {
  uid: ID!
  sku: String!
  quantity: Float!
  product: ProductInterface!
}

type ConfigurableRequisitionListItem implements RequisitionListItemInterface {
  uid: ID!
  sku: String!
  quantity: Float!
  product: ProductInterface!
}

input CreateRequisitionListInput {
  name: String!
  description: String
}

input UpdateRequisitionListInput {
  name: String!
  description: String
}

input RequisitionListItemsInput {
  sku: String!
  quantity: Float
  parent_sku: String
  selected_options: [String]
  entered_options: [EnteredOptionInput]
}

input UpdateRequisitionListItemsInput {
  item_id: ID!
  quantity: Float
  selected_options: [String]
  entered_options: [EnteredOptionInput]
}

input CopyItemsBetweenRequisitionListsInput {
  requisitionListItemUids: [ID]!
}

input MoveItemsBetweenRequisitionListsInput {
  requisitionListItemUids: [ID]!
}

type CreateRequisitionListOutput {
  requisition_list: RequisitionList
}

type UpdateRequisitionListOutput {
  requisition_list: RequisitionList
}

type DeleteRequisitionListOutput {
  status: Boolean!
  requisition_lists: RequisitionLists
}

type AddProductsToRequisitionListOutput {
  requisition_list: RequisitionList
}

type UpdateRequisitionListItemsOutput {
  requisition_list: RequisitionList
}

type DeleteRequisitionListItemsOutput {
  requisition_list: RequisitionList
}

type CopyItemsFromRequisitionListsOutput {
  requisition_list: RequisitionList
}

type MoveItemsBetweenRequisitionListsOutput {
  source_requisition_list: RequisitionList
  destination_requisition_list: RequisitionList
}

enum AddRequisitionListItemToCartUserErrorType {
  OUT_OF_STOCK
  UNAVAILABLE_SKU
  OPTIONS_UPDATED
  LOW_QUANTITY
}

type AddRequisitionListItemToCartUserError {
  message: String!
  type: AddRequisitionListItemToCartUserErrorType!
}

type AddRequisitionListItemsToCartOutput {
  status: Boolean!
  cart: Cart
  add_requisition_list_items_to_cart_user_errors: [AddRequisitionListItemToCartUserError]!
}

type ClearCustomerCartOutput {
  status: Boolean!
  cart: Cart
}

extend type Cart {
  total_quantity: Float!
  items: [CartItemInterface]
}

extend type Customer {
  requisition_lists(pageSize: Int = 20, currentPage: Int = 1, filter: RequisitionListFilterInput): RequisitionLists
}

extend type StoreConfig {
  is_requisition_list_active: String
}

extend type Mutation {
  createRequisitionList(input: CreateRequisitionListInput): CreateRequisitionListOutput
  updateRequisitionList(requisitionListUid: ID!, input: UpdateRequisitionListInput): UpdateRequisitionListOutput
  deleteRequisitionList(requisitionListUid: ID!): DeleteRequisitionListOutput
  addProductsToRequisitionList(requisitionListUid: ID!, requisitionListItems: [RequisitionListItemsInput!]!): AddProductsToRequisitionListOutput
  updateRequisitionListItems(requisitionListUid: ID!, requisitionListItems: [UpdateRequisitionListItemsInput!]!): UpdateRequisitionListItemsOutput
  deleteRequisitionListItems(requisitionListUid: ID!, requisitionListItemUids: [ID!]!): DeleteRequisitionListItemsOutput
  addRequisitionListItemsToCart(requisitionListUid: ID!, requisitionListItemUids: [ID!]): AddRequisitionListItemsToCartOutput
  copyItemsBetweenRequisitionLists(sourceRequisitionListUid: ID!, destinationRequisitionListUid: ID, requisitionListItem: CopyItemsBetweenRequisitionListsInput): CopyItemsFromRequisitionListsOutput
  moveItemsBetweenRequisitionLists(sourceRequisitionListUid: ID!, destinationRequisitionListUid: ID, requisitionListItem: MoveItemsBetweenRequisitionListsInput): MoveItemsBetweenRequisitionListsOutput
  clearCustomerCart(cartUid: String!): ClearCustomerCartOutput
}
`;
