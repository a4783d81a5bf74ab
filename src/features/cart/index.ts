/** The door of features/cart: what the rest of the shop may use of it (eslint/doors.js). */
export { basketTexts } from './browser-texts.ts';
export {
  $basketCount,
  $cart,
  $guestCode,
  addAllToCart,
  addToCart,
  asShopper,
  cartChangedElsewhere,
  cartPath,
  forgetCart,
  lastKnownCount,
  refreshCart,
  removeCartItem,
  requireCartPath,
  updateCartItem,
} from './cart-state.ts';
export { COUPON_MAX_LENGTH, GUEST_CODE_KEY, wholeQuantity } from './cart.ts';
export { $couponChanged, applyCoupon, droppedCoupon, removeCoupon } from './coupon.ts';
export { basketDelivery, deliveryChoices, estimateMethods, previewTotals } from './delivery.ts';
export type { BasketDelivery, DeliveryAddress, DeliveryDestination } from './delivery.ts';
export { addFromQuery } from './from-query.ts';
export { isTierPrice, lineAmounts, linesSum, unitExclVat } from './lines.ts';
export type { VatAmounts } from './lines.ts';
export { basketProducts } from './products.ts';
export type { BasketProduct, BasketProducts } from './products.ts';
export { cartSignIn } from './sign-in-hooks.ts';
export { startBasketSync } from './sync.ts';
export { fetchTotals, summaryLines } from './totals.ts';
