/**
 * Magento's cart types as far as a negotiable quote needs them, declared once for every B2B part: the
 * `Cart` the customer's basket is known by in GraphQL (its fields are added by the parts that answer with
 * it: `id` and prices by the purchase orders, lines by the requisition lists), `CartItemInterface` and its
 * product types (the purchase orders add `prices`), and `FilterMatchTypeInput`. `CartPrices`,
 * `CartItemPrices` and `SelectedShippingMethod` are the purchase orders' (`../purchase-orders/shared-sdl.ts`);
 * a quote's line adds the price it was quoted at. Every field is Magento 2.4.9's.
 */
export const CART_SDL = `
type Cart

interface CartItemInterface {
  uid: String!
  quantity: Float!
  product: ProductInterface!
}

type SimpleCartItem implements CartItemInterface {
  uid: String!
  quantity: Float!
  product: ProductInterface!
}

type VirtualCartItem implements CartItemInterface {
  uid: String!
  quantity: Float!
  product: ProductInterface!
}

type ConfigurableCartItem implements CartItemInterface {
  uid: String!
  quantity: Float!
  product: ProductInterface!
}

extend type CartItemPrices {
  original_item_price: Money!
  original_row_total: Money!
}

type CartAddressCountry {
  code: String!
  label: String!
}

type CartAddressRegion {
  code: String
  label: String
}

type AvailableShippingMethod {
  amount: Money!
  available: Boolean!
  carrier_code: String!
  carrier_title: String!
  method_code: String
  method_title: String
  price_excl_tax: Money!
  price_incl_tax: Money!
}

type AvailablePaymentMethod {
  code: String!
  title: String!
}

type SelectedPaymentMethod {
  code: String!
  purchase_order_number: String
  title: String!
}

input FilterMatchTypeInput {
  match: String
}
`;
