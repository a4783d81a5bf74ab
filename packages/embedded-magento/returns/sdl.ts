/**
 * MageOS_RMA's `etc/schema.graphqls`, as the module declares it (its descriptions included), less the
 * resolver directives: `SearchResultPageInfo` is the catalogue part's (`../graphql/catalog-sdl.ts`).
 */
export const RETURNS_SDL = /* GraphQL */ `
  extend type Query {
    "List return requests for the logged-in customer."
    customerReturns(pageSize: Int = 20, currentPage: Int = 1): CustomerReturnsOutput
    "Get a single return request by ID for the logged-in customer."
    customerReturn(rma_id: Int!): CustomerReturn
    "Get a single return request by ID for a guest order."
    guestReturn(order_number: String!, email: String!, rma_id: Int!): CustomerReturn
    "List comments for a return request (customer-visible only)."
    returnComments(rma_id: Int!, pageSize: Int = 50, currentPage: Int = 1): ReturnCommentsOutput
  }

  extend type Mutation {
    "Create a return request for a customer order."
    createCustomerReturn(input: CreateReturnInput!): CreateReturnOutput
    "Create a return request for a guest order."
    createGuestReturn(input: CreateGuestReturnInput!): CreateReturnOutput
    "Add a comment to a return request."
    addReturnComment(input: AddReturnCommentInput!): ReturnComment
  }

  type CustomerReturn {
    "The RMA entity ID."
    rma_id: Int
    "The RMA increment ID (e.g. RMA-000001)."
    increment_id: String
    "The associated order increment ID."
    order_number: String
    "The current RMA status."
    status: ReturnLookupValue
    "The return reason."
    reason: ReturnLookupValue
    "The preferred resolution type."
    resolution_type: ReturnLookupValue
    "The items included in this return."
    items: [ReturnItem]
    "Customer-visible comments."
    comments: [ReturnComment]
    "Creation date."
    created_at: String
    "Last update date."
    updated_at: String
  }

  type ReturnItem {
    "The RMA item entity ID."
    item_id: Int
    "The original order item ID."
    order_item_id: Int
    "The product name."
    product_name: String
    "The product SKU."
    product_sku: String
    "Quantity requested for return."
    qty_requested: Int
    "Quantity approved."
    qty_approved: Int
    "Quantity returned."
    qty_returned: Int
    "Item condition."
    condition: ReturnLookupValue
  }

  type ReturnComment {
    "The comment entity ID."
    comment_id: Int
    "Author type: customer or admin."
    author_type: String
    "Author display name."
    author_name: String
    "Comment text."
    comment: String
    "Comment creation date."
    created_at: String
  }

  type ReturnLookupValue {
    "Entity ID."
    id: Int
    "Unique code."
    code: String
    "Store-localized label."
    label: String
  }

  type CustomerReturnsOutput {
    "List of return requests."
    items: [CustomerReturn]
    "Total number of return requests."
    total_count: Int
    "Pagination info."
    page_info: SearchResultPageInfo
  }

  type ReturnCommentsOutput {
    "List of comments."
    items: [ReturnComment]
    "Total number of comments."
    total_count: Int
    "Pagination info."
    page_info: SearchResultPageInfo
  }

  type CreateReturnOutput {
    "The created return request."
    return: CustomerReturn
  }

  input CreateReturnInput {
    "The order entity ID."
    order_id: Int!
    "The return reason ID."
    reason_id: Int!
    "The preferred resolution type ID."
    resolution_type_id: Int!
    "Items to return."
    items: [CreateReturnItemInput!]!
  }

  input CreateGuestReturnInput {
    "The order increment ID."
    order_number: String!
    "The order billing email."
    email: String!
    "The return reason ID."
    reason_id: Int!
    "The preferred resolution type ID."
    resolution_type_id: Int!
    "Items to return."
    items: [CreateReturnItemInput!]!
  }

  input CreateReturnItemInput {
    "The order item ID."
    order_item_id: Int!
    "Quantity to return."
    qty_requested: Int!
    "Item condition ID."
    condition_id: Int
  }

  input AddReturnCommentInput {
    "The RMA entity ID."
    rma_id: Int!
    "Comment text."
    comment: String!
  }
`;
