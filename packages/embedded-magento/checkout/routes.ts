/**
 * Checkout services for a cart found by a `CartLocator` (a guest's masked id, `mine`, or the admin's quote
 * id): totals, discount codes, delivery methods and estimates, totals previews, shipping information,
 * payment methods (offered, chosen), payment information and placing the order (Quote/etc/webapi.xml, Checkout/etc/webapi.xml; the admin's
 * twins under `Magento_Cart::manage`).
 */
import type { CartHooks, CartLocator } from '../carts/routes.ts';
import { adminCart } from '../carts/routes.ts';
import { availableMethods, selectedPayment, selectPaymentMethod } from '../carts/payment.ts';
import type { Database } from '../db.ts';
import { intParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import {
  m,
  paymentMethodDto,
  quoteAddressDto,
  shippingInformationDto,
  totalsInformationDto,
} from '../input.ts';
import { saveCollected } from './collect.ts';
import { applyCoupon, cartCoupon, removeCoupon } from './coupons.ts';
import { paymentDetails, placeOrder, placeOrderForCart } from './place-order.ts';
import type { CheckoutSettings } from './settings.ts';
import { saveShippingInformation, totalsInformation } from './shipping-information.ts';
import { estimateByAddressId, estimateShippingMethods, listShippingMethods } from './shipping-methods.ts';
import { computeTotals } from './totals.ts';

/** What a cart write does for the checkout: its totals collected and saved (a dropped code stays dropped). */
export const checkoutCartHooks = (db: Database, settings: CheckoutSettings): CartHooks => ({
  afterItemsChanged: (quote) => saveCollected(db, quote.id, settings),
});

/** Totals, coupons and delivery methods: the routes every audience has, the admin's included. */
function cartCheckoutRoutes(db: Database, settings: CheckoutSettings, cart: CartLocator): Route[] {
  const { base, resource, find } = cart;
  // `%1` of the coupon messages: the quote id, a string where `GuestCouponManagement` read it.
  const quoteId = (id: number) => (cart.guest ? String(id) : id);
  const code = (request: RouteRequest) => request.params['couponCode'] ?? '';
  return [
    {
      method: 'GET',
      path: `${base}/totals`,
      resource,
      handle: (request) => computeTotals(db, find(request), settings),
    },
    { method: 'GET', path: `${base}/coupons`, resource, handle: (request) => cartCoupon(find(request)) },
    {
      method: 'PUT',
      path: `${base}/coupons/:couponCode`,
      resource,
      handle: (request) => {
        const quote = find(request);
        return applyCoupon(db, quote, code(request), settings, quoteId(quote.id));
      },
    },
    {
      method: 'DELETE',
      path: `${base}/coupons`,
      resource,
      handle: (request) => {
        const quote = find(request);
        return removeCoupon(db, quote, quoteId(quote.id));
      },
    },
    {
      method: 'POST',
      path: `${base}/estimate-shipping-methods`,
      resource,
      ...withBody(m.params({ address: quoteAddressDto }), (request, { address }) =>
        estimateShippingMethods(db, find(request), settings, address),
      ),
    },
    {
      method: 'GET',
      path: `${base}/shipping-methods`,
      resource,
      handle: (request) => listShippingMethods(db, find(request), settings),
    },
    {
      method: 'GET',
      path: `${base}/payment-methods`,
      resource,
      handle: (request) => availableMethods(db, find(request), settings),
    },
    {
      method: 'GET',
      path: `${base}/selected-payment-method`,
      resource,
      handle: (request) => selectedPayment(db, find(request)),
    },
    {
      method: 'POST',
      path: `${base}/totals-information`,
      resource,
      ...withBody(m.params({ addressInformation: totalsInformationDto }), (request, { addressInformation }) =>
        totalsInformation(db, find(request), addressInformation, settings),
      ),
    },
  ];
}

/** A customer's saved address as the place to estimate for: `mine` and the admin's, not a guest's. */
function estimateByAddressIdRoute(db: Database, settings: CheckoutSettings, cart: CartLocator): Route {
  return {
    method: 'POST',
    path: `${cart.base}/estimate-shipping-methods-by-address-id`,
    resource: cart.resource,
    ...withBody(m.params({ addressId: m.int() }), (request, { addressId }) =>
      estimateByAddressId(db, cart.find(request), settings, addressId),
    ),
  };
}

/** The shopper's checkout routes on a guest's or a customer's cart. */
export function checkoutRoutes(db: Database, settings: CheckoutSettings, cart: CartLocator): Route[] {
  const { base, resource, find } = cart;
  const payment = { paymentMethod: paymentMethodDto, billingAddress: quoteAddressDto.optional() };
  return [
    ...cartCheckoutRoutes(db, settings, cart),
    ...(cart.guest ? [] : [estimateByAddressIdRoute(db, settings, cart)]),
    {
      method: 'POST',
      path: `${base}/shipping-information`,
      resource,
      ...withBody(
        m.params({ addressInformation: shippingInformationDto }),
        (request, { addressInformation }) =>
          saveShippingInformation(db, find(request), addressInformation, settings),
      ),
    },
    {
      method: 'PUT',
      path: `${base}/selected-payment-method`,
      resource,
      ...withBody(m.params({ method: paymentMethodDto }), (request, { method }) =>
        selectPaymentMethod(db, find(request), method, settings),
      ),
    },
    {
      method: 'GET',
      path: `${base}/payment-information`,
      resource,
      handle: (request) => paymentDetails(db, find(request), settings),
    },
    {
      method: 'POST',
      path: `${base}/payment-information`,
      resource,
      ...withBody(
        cart.guest ? m.params({ email: m.string(), ...payment }) : m.params(payment),
        (request, body) => placeOrder(db, find(request), body, settings),
      ),
    },
  ];
}

/** The admin's checkout routes by numeric quote id (`Magento_Cart::manage`). */
export function adminCheckoutRoutes(db: Database, settings: CheckoutSettings): Route[] {
  const cart = adminCart(db);
  const cartId = (request: RouteRequest) => intParam(request.params['cartId'], 'cartId');
  return [
    ...cartCheckoutRoutes(db, settings, cart),
    estimateByAddressIdRoute(db, settings, cart),
    {
      method: 'PUT',
      path: `${cart.base}/order`,
      resource: cart.resource,
      ...withBody(m.params({ paymentMethod: paymentMethodDto.optional() }), (request, body) =>
        placeOrderForCart(db, cartId(request), body.paymentMethod, settings),
      ),
    },
  ];
}
