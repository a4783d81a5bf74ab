/**
 * The customer's orders and their invoices, a part of Magento Open Source 2.4's GraphQL schema
 * (SalesGraphQl/etc/schema.graphqls): `Customer.orders` and the types it reaches, reduced to what this
 * back end serves. Left out, so that selecting them is a validation error as for any unknown field:
 * `CustomerOrder`'s items, shipments, credit memos, payment methods, addresses, carrier and comments,
 * `CustomerOrders.date_of_first_order`, `InvoiceItemInterface.order_item`, the bundle, downloadable and gift
 * card item types, and `Discount`'s fields but `amount` and `label`. Nullability, arguments, defaults and
 * deprecations are 2.4.9's (`tests/embedded-magento/graphql-introspection-2.4.9-supplement.json`).
 */
export const CUSTOMER_ORDERS_SDL = `
extend type Customer {
  orders(
    filter: CustomerOrdersFilterInput
    currentPage: Int = 1
    pageSize: Int = 20
    sort: CustomerOrderSortInput
    scope: ScopeTypeEnum
  ): CustomerOrders
}

input CustomerOrdersFilterInput {
  grand_total: FilterRangeTypeInput
  number: FilterStringTypeInput
  order_date: FilterRangeTypeInput
  status: FilterEqualTypeInput
}

input FilterRangeTypeInput {
  from: String
  to: String
}

enum ScopeTypeEnum {
  GLOBAL
  WEBSITE
  STORE
}

input FilterStringTypeInput {
  eq: String
  in: [String]
  match: String
}

input CustomerOrderSortInput {
  sort_direction: SortEnum!
  sort_field: CustomerOrderSortableField!
}

enum CustomerOrderSortableField {
  NUMBER
  CREATED_AT
}

type CustomerOrders {
  items: [CustomerOrder]!
  page_info: SearchResultPageInfo
  total_count: Int
}

type CustomerOrder {
  id: ID!
  order_date: String!
  status: String!
  number: String!
  total: OrderTotal
  invoices: [Invoice]!
  increment_id: String @deprecated(reason: "Use the \`id\` field instead.")
  order_number: String! @deprecated(reason: "Use the \`number\` field instead.")
  created_at: String @deprecated(reason: "Use the \`order_date\` field instead.")
  grand_total: Float @deprecated(reason: "Use the \`totals.grand_total\` field instead.")
}

type OrderTotal {
  subtotal: Money! @deprecated(reason: "Use subtotal_excl_tax field instead")
  subtotal_excl_tax: Money!
  subtotal_incl_tax: Money!
  grand_total_excl_tax: Money!
  discounts: [Discount]
  total_tax: Money!
  taxes: [TaxItem]
  grand_total: Money!
  base_grand_total: Money!
  total_shipping: Money!
  shipping_handling: ShippingHandling
}

type Invoice {
  id: ID!
  number: String!
  total: InvoiceTotal
  items: [InvoiceItemInterface]
  comments: [SalesCommentItem]
}

type InvoiceTotal {
  subtotal: Money!
  discounts: [Discount]
  total_tax: Money!
  taxes: [TaxItem]
  grand_total: Money!
  base_grand_total: Money!
  total_shipping: Money!
  shipping_handling: ShippingHandling
}

interface InvoiceItemInterface {
  id: ID!
  product_name: String
  product_sku: String!
  product_sale_price: Money!
  discounts: [Discount]
  quantity_invoiced: Float
}

type InvoiceItem implements InvoiceItemInterface {
  id: ID!
  product_name: String
  product_sku: String!
  product_sale_price: Money!
  discounts: [Discount]
  quantity_invoiced: Float
}

type ShippingHandling {
  total_amount: Money!
  amount_including_tax: Money
  amount_excluding_tax: Money
  taxes: [TaxItem]
  discounts: [ShippingDiscount]
}

type ShippingDiscount {
  amount: Money!
}

type TaxItem {
  amount: Money!
  title: String!
  rate: Float!
}

type Discount {
  amount: Money!
  label: String!
}

type SalesCommentItem {
  timestamp: String!
  message: String!
}
`;
