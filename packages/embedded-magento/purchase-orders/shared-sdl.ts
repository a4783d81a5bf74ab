/**
 * What the purchase orders add to types other parts declare: the cart a purchase order keeps
 * (`PurchaseOrder.quote`), reduced to its lines, prices and chosen delivery, on the `Cart` and
 * `CartItemInterface` the requisition lists declare (`../requisition-lists/sdl.ts`), and the types only the
 * purchase orders name (`AvailableCurrency` of the rule metadata, `AddProductsToCartOutput` of
 * `addPurchaseOrderItemsToCart`). Each is Magento's type with fewer fields: a customer's cart here is read
 * over REST (`carts/mine`), so GraphQL serves only what a purchase order shows. `AddProductsToCartOutput`'s
 * `user_errors` are Magento's `[Error]!`, given here as the one implementation this call answers with.
 */
export const PURCHASE_ORDER_SHARED_SDL = `
extend type Cart {
  id: ID!
  email: String
  is_virtual: Boolean!
  prices: CartPrices
  shipping_addresses: [ShippingCartAddress]!
}

extend interface CartItemInterface {
  prices: CartItemPrices
}

extend type SimpleCartItem {
  prices: CartItemPrices
}

extend type VirtualCartItem {
  prices: CartItemPrices
}

extend type ConfigurableCartItem {
  prices: CartItemPrices
}

type CartPrices {
  grand_total: Money
  grand_total_excluding_tax: Money
  subtotal_excluding_tax: Money
  subtotal_including_tax: Money
  subtotal_with_discount_excluding_tax: Money
}

type CartItemPrices {
  price: Money!
  price_including_tax: Money!
  row_total: Money!
  row_total_including_tax: Money!
}

type ShippingCartAddress {
  firstname: String!
  lastname: String!
  city: String!
  postcode: String
  street: [String]!
  selected_shipping_method: SelectedShippingMethod
}

type SelectedShippingMethod {
  amount: Money!
  carrier_code: String!
  carrier_title: String!
  method_code: String!
  method_title: String!
  price_excl_tax: Money!
  price_incl_tax: Money!
}

type AvailableCurrency {
  code: CurrencyEnum!
  symbol: String!
}

type AddProductsToCartOutput {
  cart: Cart!
  user_errors: [CartUserInputError]!
}

type CartUserInputError {
  code: CartUserInputErrorType!
  message: String!
}

enum CartUserInputErrorType {
  PRODUCT_NOT_FOUND
  NOT_SALABLE
  INSUFFICIENT_STOCK
  COULD_NOT_FIND_CART_ITEM
  REQUIRED_PARAMETER_MISSING
  INVALID_PARAMETER_VALUE
  UNDEFINED
  PERMISSION_DENIED
}
`;
