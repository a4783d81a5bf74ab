/**
 * The product alerts' SDL: Adobe's eight calls (Storefront Compatibility Package 2.4.9, the
 * `subscribeProductAlertStock` family) and the customer's alert list, which Adobe documents no call for:
 * `Customer.product_alerts` as magenxcommerce/module-product-alert-graph-ql gives it to Magento Open Source
 * (the fields this back end fills; docs/magento.md says which). `ProductInterface` is the catalogue part's.
 */
export const PRODUCT_ALERTS_SDL = `
input ProductAlertStockInput {
  sku: String!
}

input ProductAlertPriceInput {
  sku: String!
}

type ProductAlertSubscriptionResult {
  success: Boolean!
  message: String
}

type IsProductAlertSubscriptionResult {
  isSubscribed: Boolean!
  message: String
}

enum ProductAlertType {
  PRICE
  STOCK
}

enum ProductAlertStatus {
  ACTIVE
  SENT
}

type ProductAlertEntry {
  id: Int!
  alert_type: ProductAlertType!
  product: ProductInterface
  price: Float
  current_price: Float
  price_diff: Float
  add_date: String!
  status: ProductAlertStatus!
  status_changed_at: String
}

type ProductAlerts {
  price_alerts: [ProductAlertEntry!]!
  stock_alerts: [ProductAlertEntry!]!
}

extend type Customer {
  product_alerts: ProductAlerts
}

extend type StoreConfig {
  product_alert_allow_stock: Boolean
  product_alert_allow_price: Boolean
}

extend type Query {
  isSubscribedProductAlertStock(input: ProductAlertStockInput!): IsProductAlertSubscriptionResult!
  isSubscribedProductAlertPrice(input: ProductAlertPriceInput!): IsProductAlertSubscriptionResult!
}

extend type Mutation {
  subscribeProductAlertStock(input: ProductAlertStockInput!): ProductAlertSubscriptionResult
  subscribeProductAlertPrice(input: ProductAlertPriceInput!): ProductAlertSubscriptionResult
  unsubscribeProductAlertStock(input: ProductAlertStockInput!): ProductAlertSubscriptionResult
  unsubscribeProductAlertPrice(input: ProductAlertPriceInput!): ProductAlertSubscriptionResult
  unsubscribeProductAlertStockAll: ProductAlertSubscriptionResult
  unsubscribeProductAlertPriceAll: ProductAlertSubscriptionResult
}
`;
