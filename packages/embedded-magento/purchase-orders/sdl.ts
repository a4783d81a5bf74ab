/**
 * The purchase orders' SDL: B2B for Adobe Commerce's Magento_PurchaseOrderGraphQl and
 * Magento_PurchaseOrderRuleGraphQl, type for type as Adobe's published schema declares them
 * (developer.adobe.com/commerce/webapi/graphql/schema/b2b/purchase-order/ and purchase-order-rule/), and the
 * `Customer` fields they add. The cart, role and currency types they name are in `shared-sdl.ts`.
 */
export const PURCHASE_ORDERS_SDL = `
input AddPurchaseOrderCommentInput {
  comment: String!
  purchase_order_uid: ID!
}

type AddPurchaseOrderCommentOutput {
  comment: PurchaseOrderComment!
}

type PurchaseOrder {
  approval_flow: [PurchaseOrderRuleApprovalFlow]!
  available_actions: [PurchaseOrderAction]!
  comments: [PurchaseOrderComment]!
  created_at: String!
  created_by: Customer
  history_log: [PurchaseOrderHistoryItem]!
  number: String!
  order: CustomerOrder
  quote: Cart
  status: PurchaseOrderStatus!
  uid: ID!
  updated_at: String!
}

input PurchaseOrdersActionInput {
  purchase_order_uids: [ID]!
}

type PurchaseOrdersActionOutput {
  errors: [PurchaseOrderActionError]!
  purchase_orders: [PurchaseOrder]!
}

type PurchaseOrderActionError {
  message: String!
  type: PurchaseOrderErrorType!
}

enum PurchaseOrderErrorType {
  NOT_FOUND
  OPERATION_NOT_APPLICABLE
  COULD_NOT_SAVE
  NOT_VALID_DATA
  UNDEFINED
}

enum PurchaseOrderAction {
  REJECT
  CANCEL
  VALIDATE
  APPROVE
  PLACE_ORDER
}

enum PurchaseOrderStatus {
  PENDING
  APPROVAL_REQUIRED
  APPROVED
  ORDER_IN_PROGRESS
  ORDER_PLACED
  ORDER_FAILED
  REJECTED
  CANCELED
  APPROVED_PENDING_PAYMENT
}

type PurchaseOrderComment {
  author: Customer
  created_at: String!
  text: String!
  uid: ID!
}

type PurchaseOrderHistoryItem {
  activity: String!
  created_at: String!
  message: String!
  uid: ID!
}

input PurchaseOrdersFilterInput {
  company_purchase_orders: Boolean
  created_date: FilterRangeTypeInput
  require_my_approval: Boolean
  status: PurchaseOrderStatus
}

type PurchaseOrders {
  items: [PurchaseOrder]!
  page_info: SearchResultPageInfo
  total_count: Int
}

input PlacePurchaseOrderInput {
  cart_id: String!
}

input PlaceOrderForPurchaseOrderInput {
  purchase_order_uid: ID!
}

type PlacePurchaseOrderOutput {
  purchase_order: PurchaseOrder!
}

type PlaceOrderForPurchaseOrderOutput {
  order: CustomerOrder!
}

input AddPurchaseOrderItemsToCartInput {
  cart_id: String!
  purchase_order_uid: ID!
  replace_existing_cart_items: Boolean!
}

input UpdatePurchaseOrderApprovalRuleInput {
  applies_to: [ID]
  approvers: [ID]
  condition: CreatePurchaseOrderApprovalRuleConditionInput
  description: String
  name: String
  status: PurchaseOrderApprovalRuleStatus
  uid: ID!
}

input PurchaseOrderApprovalRuleInput {
  applies_to: [ID]!
  approvers: [ID]!
  condition: CreatePurchaseOrderApprovalRuleConditionInput!
  description: String
  name: String!
  status: PurchaseOrderApprovalRuleStatus!
}

input CreatePurchaseOrderApprovalRuleConditionInput {
  amount: CreatePurchaseOrderApprovalRuleConditionAmountInput
  attribute: PurchaseOrderApprovalRuleType!
  operator: PurchaseOrderApprovalRuleConditionOperator!
  quantity: Int
}

input CreatePurchaseOrderApprovalRuleConditionAmountInput {
  currency: CurrencyEnum!
  value: Float!
}

type PurchaseOrderApprovalRuleMetadata {
  available_applies_to: [CompanyRole]!
  available_condition_currencies: [AvailableCurrency]!
  available_requires_approval_from: [CompanyRole]!
}

type PurchaseOrderApprovalRules {
  items: [PurchaseOrderApprovalRule]!
  page_info: SearchResultPageInfo
  total_count: Int
}

type PurchaseOrderApprovalRule {
  applies_to_roles: [CompanyRole]!
  approver_roles: [CompanyRole]!
  condition: PurchaseOrderApprovalRuleConditionInterface
  created_at: String!
  created_by: String!
  description: String
  name: String!
  status: PurchaseOrderApprovalRuleStatus!
  uid: ID!
  updated_at: String!
}

interface PurchaseOrderApprovalRuleConditionInterface {
  attribute: PurchaseOrderApprovalRuleType
  operator: PurchaseOrderApprovalRuleConditionOperator
}

type PurchaseOrderApprovalRuleConditionAmount implements PurchaseOrderApprovalRuleConditionInterface {
  amount: Money!
  attribute: PurchaseOrderApprovalRuleType
  operator: PurchaseOrderApprovalRuleConditionOperator
}

type PurchaseOrderApprovalRuleConditionQuantity implements PurchaseOrderApprovalRuleConditionInterface {
  attribute: PurchaseOrderApprovalRuleType
  operator: PurchaseOrderApprovalRuleConditionOperator
  quantity: Int
}

enum PurchaseOrderApprovalRuleConditionOperator {
  MORE_THAN
  LESS_THAN
  MORE_THAN_OR_EQUAL_TO
  LESS_THAN_OR_EQUAL_TO
}

enum PurchaseOrderApprovalRuleStatus {
  ENABLED
  DISABLED
}

enum PurchaseOrderApprovalRuleType {
  GRAND_TOTAL
  SHIPPING_INCL_TAX
  NUMBER_OF_SKUS
}

type PurchaseOrderRuleApprovalFlow {
  events: [PurchaseOrderApprovalFlowEvent]!
  rule_name: String!
}

type PurchaseOrderApprovalFlowEvent {
  message: String
  name: String
  role: String
  status: PurchaseOrderApprovalFlowItemStatus
  updated_at: String
}

enum PurchaseOrderApprovalFlowItemStatus {
  PENDING
  APPROVED
  REJECTED
}

input ValidatePurchaseOrdersInput {
  purchase_order_uids: [ID]!
}

type ValidatePurchaseOrdersOutput {
  errors: [ValidatePurchaseOrderError]!
  purchase_orders: [PurchaseOrder]!
}

type ValidatePurchaseOrderError {
  message: String!
  type: ValidatePurchaseOrderErrorType!
}

enum ValidatePurchaseOrderErrorType {
  NOT_FOUND
  OPERATION_NOT_APPLICABLE
  COULD_NOT_SAVE
  NOT_VALID_DATA
  UNDEFINED
}

input DeletePurchaseOrderApprovalRuleInput {
  approval_rule_uids: [ID]!
}

type DeletePurchaseOrderApprovalRuleOutput {
  errors: [DeletePurchaseOrderApprovalRuleError]!
}

type DeletePurchaseOrderApprovalRuleError {
  message: String
  type: DeletePurchaseOrderApprovalRuleErrorType
}

enum DeletePurchaseOrderApprovalRuleErrorType {
  UNDEFINED
  NOT_FOUND
}

extend type Customer {
  purchase_order(uid: ID!): PurchaseOrder
  purchase_order_approval_rule(uid: ID!): PurchaseOrderApprovalRule
  purchase_order_approval_rule_metadata: PurchaseOrderApprovalRuleMetadata
  purchase_order_approval_rules(currentPage: Int = 1, pageSize: Int = 20): PurchaseOrderApprovalRules
  purchase_orders(filter: PurchaseOrdersFilterInput, currentPage: Int = 1, pageSize: Int = 20): PurchaseOrders
}

extend type Mutation {
  addPurchaseOrderComment(input: AddPurchaseOrderCommentInput!): AddPurchaseOrderCommentOutput
  addPurchaseOrderItemsToCart(input: AddPurchaseOrderItemsToCartInput!): AddProductsToCartOutput
  approvePurchaseOrders(input: PurchaseOrdersActionInput!): PurchaseOrdersActionOutput
  cancelPurchaseOrders(input: PurchaseOrdersActionInput!): PurchaseOrdersActionOutput
  createPurchaseOrderApprovalRule(input: PurchaseOrderApprovalRuleInput!): PurchaseOrderApprovalRule
  deletePurchaseOrderApprovalRule(input: DeletePurchaseOrderApprovalRuleInput!): DeletePurchaseOrderApprovalRuleOutput
  placeOrderForPurchaseOrder(input: PlaceOrderForPurchaseOrderInput!): PlaceOrderForPurchaseOrderOutput
  placePurchaseOrder(input: PlacePurchaseOrderInput!): PlacePurchaseOrderOutput
  rejectPurchaseOrders(input: PurchaseOrdersActionInput!): PurchaseOrdersActionOutput
  updatePurchaseOrderApprovalRule(input: UpdatePurchaseOrderApprovalRuleInput!): PurchaseOrderApprovalRule
  validatePurchaseOrders(input: ValidatePurchaseOrdersInput!): ValidatePurchaseOrdersOutput
}
`;
