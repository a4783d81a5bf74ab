/**
 * The inputs and outputs of the buyer's negotiable-quote mutations (Magento_NegotiableQuoteGraphQl 2.4.9),
 * reduced to the fields this back end fills, and the batch answers of closing and deleting quotes.
 */
export const NEGOTIABLE_QUOTE_CALLS_SDL = `
input NegotiableQuoteCommentInput {
  comment: String!
}

input RequestNegotiableQuoteInput {
  cart_id: ID!
  quote_name: String!
  comment: NegotiableQuoteCommentInput!
}

type RequestNegotiableQuoteOutput {
  quote: NegotiableQuote
}

input SendNegotiableQuoteForReviewInput {
  quote_uid: ID!
  comment: NegotiableQuoteCommentInput
}

type SendNegotiableQuoteForReviewOutput {
  quote: NegotiableQuote
}

input NegotiableQuoteItemQuantityInput {
  quote_item_uid: ID!
  quantity: Float!
}

input UpdateNegotiableQuoteQuantitiesInput {
  quote_uid: ID!
  items: [NegotiableQuoteItemQuantityInput!]!
}

type UpdateNegotiableQuoteItemsQuantityOutput {
  quote: NegotiableQuote
}

input RemoveNegotiableQuoteItemsInput {
  quote_uid: ID!
  quote_item_uids: [ID!]!
}

type RemoveNegotiableQuoteItemsOutput {
  quote: NegotiableQuote
}

input NegotiableQuoteAddressInput {
  firstname: String!
  lastname: String!
  company: String
  street: [String!]!
  city: String!
  region: String
  region_id: Int
  postcode: String
  country_code: String!
  telephone: String
  save_in_address_book: Boolean
}

input NegotiableQuoteShippingAddressInput {
  address: NegotiableQuoteAddressInput
  customer_address_uid: ID
}

input SetNegotiableQuoteShippingAddressInput {
  quote_uid: ID!
  shipping_addresses: [NegotiableQuoteShippingAddressInput!]
}

type SetNegotiableQuoteShippingAddressOutput {
  quote: NegotiableQuote
}

input NegotiableQuoteBillingAddressInput {
  address: NegotiableQuoteAddressInput
  customer_address_uid: ID
  same_as_shipping: Boolean
  use_for_shipping: Boolean
}

input SetNegotiableQuoteBillingAddressInput {
  quote_uid: ID!
  billing_address: NegotiableQuoteBillingAddressInput!
}

type SetNegotiableQuoteBillingAddressOutput {
  quote: NegotiableQuote
}

input ShippingMethodInput {
  carrier_code: String!
  method_code: String!
}

input SetNegotiableQuoteShippingMethodsInput {
  quote_uid: ID!
  shipping_methods: [ShippingMethodInput]!
}

type SetNegotiableQuoteShippingMethodsOutput {
  quote: NegotiableQuote
}

input NegotiableQuotePaymentMethodInput {
  code: String!
  purchase_order_number: String
}

input SetNegotiableQuotePaymentMethodInput {
  quote_uid: ID!
  payment_method: NegotiableQuotePaymentMethodInput!
}

type SetNegotiableQuotePaymentMethodOutput {
  quote: NegotiableQuote
}

input PlaceNegotiableQuoteOrderInput {
  quote_uid: ID!
}

type Order {
  order_number: String!
}

type PlaceNegotiableQuoteOrderOutput {
  order: Order!
}

input CloseNegotiableQuotesInput {
  quote_uids: [ID]!
}

input DeleteNegotiableQuotesInput {
  quote_uids: [ID]!
}

enum BatchMutationStatus {
  SUCCESS
  FAILURE
  MIXED_RESULTS
}

interface ErrorInterface {
  message: String!
}

type NoSuchEntityUidError implements ErrorInterface {
  message: String!
  uid: ID!
}

type NegotiableQuoteInvalidStateError implements ErrorInterface {
  message: String!
}

type NegotiableQuoteUidOperationSuccess {
  quote_uid: ID!
}

union CloseNegotiableQuoteError = NegotiableQuoteInvalidStateError | NoSuchEntityUidError

type CloseNegotiableQuoteOperationFailure {
  quote_uid: ID!
  errors: [CloseNegotiableQuoteError]!
}

union CloseNegotiableQuoteOperationResult = NegotiableQuoteUidOperationSuccess | CloseNegotiableQuoteOperationFailure

type CloseNegotiableQuotesOutput {
  result_status: BatchMutationStatus!
  operation_results: [CloseNegotiableQuoteOperationResult]!
}

union DeleteNegotiableQuoteError = NegotiableQuoteInvalidStateError | NoSuchEntityUidError

type DeleteNegotiableQuoteOperationFailure {
  quote_uid: ID!
  errors: [DeleteNegotiableQuoteError]!
}

union DeleteNegotiableQuoteOperationResult = NegotiableQuoteUidOperationSuccess | DeleteNegotiableQuoteOperationFailure

type DeleteNegotiableQuotesOutput {
  result_status: BatchMutationStatus!
  operation_results: [DeleteNegotiableQuoteOperationResult]!
}

`;
