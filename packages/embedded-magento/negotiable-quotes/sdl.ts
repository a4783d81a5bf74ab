/**
 * The negotiable quotes' SDL: B2B for Adobe Commerce's buyer calls (Magento_NegotiableQuoteGraphQl's
 * schema.graphqls, 2.4.9), reduced to the fields this back end fills; every field named here is Adobe's.
 * The cart types are `sdl-cart.ts`'s and the purchase orders' (`CartPrices`); `customerCart` gives the
 * masked id of the cart a quote is requested from.
 * `Money`, `ProductInterface`, `SearchResultPageInfo`, `FilterEqualTypeInput` and `SortEnum` are the
 * catalogue part's.
 */
export const NEGOTIABLE_QUOTES_SDL = `
type NegotiableQuoteShippingAddress {
  firstname: String!
  lastname: String!
  company: String
  street: [String]!
  city: String!
  region: CartAddressRegion
  postcode: String
  country: CartAddressCountry!
  telephone: String
  available_shipping_methods: [AvailableShippingMethod]
  selected_shipping_method: SelectedShippingMethod
}

type NegotiableQuoteBillingAddress {
  firstname: String!
  lastname: String!
  company: String
  street: [String]!
  city: String!
  region: CartAddressRegion
  postcode: String
  country: CartAddressCountry!
  telephone: String
}

enum NegotiableQuoteStatus {
  SUBMITTED
  PENDING
  UPDATED
  OPEN
  ORDERED
  CLOSED
  DECLINED
  EXPIRED
}

type NegotiableQuoteUser {
  firstname: String!
  lastname: String!
}

enum NegotiableQuoteCommentCreatorType {
  BUYER
  SELLER
}

type NegotiableQuoteComment {
  uid: ID!
  created_at: String!
  creator_type: NegotiableQuoteCommentCreatorType!
  author: NegotiableQuoteUser!
  text: String!
}

enum NegotiableQuoteHistoryEntryChangeType {
  CREATED
  UPDATED
  CLOSED
  UPDATED_BY_SYSTEM
}

type NegotiableQuoteHistoryStatusChange {
  old_status: NegotiableQuoteStatus
  new_status: NegotiableQuoteStatus!
}

type NegotiableQuoteHistoryStatusesChange {
  changes: [NegotiableQuoteHistoryStatusChange]!
}

type NegotiableQuoteHistoryCommentChange {
  comment: String!
}

type NegotiableQuoteHistoryTotalChange {
  old_price: Money
  new_price: Money
}

type NegotiableQuoteHistoryExpirationChange {
  old_expiration: String
  new_expiration: String
}

type NegotiableQuoteHistoryChanges {
  statuses: NegotiableQuoteHistoryStatusesChange
  comment_added: NegotiableQuoteHistoryCommentChange
  total: NegotiableQuoteHistoryTotalChange
  expiration: NegotiableQuoteHistoryExpirationChange
}

type NegotiableQuoteHistoryEntry {
  uid: ID!
  author: NegotiableQuoteUser!
  change_type: NegotiableQuoteHistoryEntryChangeType!
  changes: NegotiableQuoteHistoryChanges
  created_at: String
}

type NegotiableQuote {
  uid: ID!
  name: String!
  status: NegotiableQuoteStatus!
  created_at: String
  updated_at: String
  email: String
  buyer: NegotiableQuoteUser!
  is_virtual: Boolean!
  total_quantity: Float!
  items: [CartItemInterface]
  prices: CartPrices
  comments: [NegotiableQuoteComment]
  history: [NegotiableQuoteHistoryEntry]
  shipping_addresses: [NegotiableQuoteShippingAddress]!
  billing_address: NegotiableQuoteBillingAddress
  available_payment_methods: [AvailablePaymentMethod]
  selected_payment_method: SelectedPaymentMethod
}

input NegotiableQuoteFilterInput {
  ids: FilterEqualTypeInput
  name: FilterMatchTypeInput
}

enum NegotiableQuoteSortableField {
  QUOTE_NAME
  CREATED_AT
  UPDATED_AT
}

input NegotiableQuoteSortInput {
  sort_field: NegotiableQuoteSortableField!
  sort_direction: SortEnum!
}

type NegotiableQuotesOutput {
  items: [NegotiableQuote]!
  page_info: SearchResultPageInfo!
  total_count: Int!
}

extend type Query {
  customerCart: Cart!
  negotiableQuote(uid: ID!): NegotiableQuote
  negotiableQuotes(
    filter: NegotiableQuoteFilterInput
    pageSize: Int = 20
    currentPage: Int = 1
    sort: NegotiableQuoteSortInput
  ): NegotiableQuotesOutput
}

extend type Mutation {
  requestNegotiableQuote(input: RequestNegotiableQuoteInput!): RequestNegotiableQuoteOutput
  sendNegotiableQuoteForReview(input: SendNegotiableQuoteForReviewInput!): SendNegotiableQuoteForReviewOutput
  updateNegotiableQuoteQuantities(input: UpdateNegotiableQuoteQuantitiesInput!): UpdateNegotiableQuoteItemsQuantityOutput
  removeNegotiableQuoteItems(input: RemoveNegotiableQuoteItemsInput!): RemoveNegotiableQuoteItemsOutput
  setNegotiableQuoteShippingAddress(input: SetNegotiableQuoteShippingAddressInput!): SetNegotiableQuoteShippingAddressOutput
  setNegotiableQuoteBillingAddress(input: SetNegotiableQuoteBillingAddressInput!): SetNegotiableQuoteBillingAddressOutput
  setNegotiableQuoteShippingMethods(input: SetNegotiableQuoteShippingMethodsInput!): SetNegotiableQuoteShippingMethodsOutput
  setNegotiableQuotePaymentMethod(input: SetNegotiableQuotePaymentMethodInput!): SetNegotiableQuotePaymentMethodOutput
  placeNegotiableQuoteOrder(input: PlaceNegotiableQuoteOrderInput!): PlaceNegotiableQuoteOrderOutput
  closeNegotiableQuotes(input: CloseNegotiableQuotesInput!): CloseNegotiableQuotesOutput
  deleteNegotiableQuotes(input: DeleteNegotiableQuotesInput!): DeleteNegotiableQuotesOutput
}
`;
