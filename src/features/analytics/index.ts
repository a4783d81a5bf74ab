/** The door of features/analytics: what the rest of the shop may use of it (eslint/doors.js). */
export { cartLineItem, factsAbout, itemAbout, pushQuantityChange } from './cart-items.ts';
export type { ItemAbout } from './cart-items.ts';
export {
  cartItems,
  measureBeginCheckout,
  measurePayment,
  measureShippingInfo,
  measureViewCart,
} from './checkout-events.ts';
export { gtag } from './data-layer.ts';
export { pushEcommerce, readGa4Item, shopBrand } from './ga4.ts';
export type { Ga4Item } from './ga4.ts';
export { MEASURED_KEY, measurePurchase, PENDING_KEY } from './purchase.ts';
export { pushSearch } from './search-event.ts';
