/**
 * Cart services. One set of item, totals, shipping and payment routes serves both audiences; they differ
 * only in how the cart is found: a guest's masked id in the path (the only secret, anonymous) or the
 * customer's token (`mine`, the cart forced from the token like Magento's `%cart_id%` override).
 */
import type { Database } from '../db.ts';
import { errors } from '../errors.ts';
import { customerId, intParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import { cartItemDto, m, paymentMethodDto, quoteAddressDto, shippingInformationDto } from '../input.ts';
import { paymentDetails, placeOrder, saveShippingInformation } from '../orders/checkout.ts';
import {
  activeQuoteForCustomer,
  assignGuestCart,
  createCustomerCart,
  createGuestCart,
  quoteById,
  quoteByMask,
  requireCustomerQuote,
  type CartSettings,
} from './carts.ts';
import { placeOrderForCart, selectPaymentMethod } from './payment.ts';
import type { QuoteRow } from './rows.ts';
import { addItem, deleteItem, listItems, updateItem } from './items.ts';
import { computeTotals, serializeCart } from './totals.ts';

/** How a family of cart routes finds its cart. */
interface CartLocator {
  /** The cart's URL, e.g. `/V1/guest-carts/:cartId`. */
  readonly base: string;
  readonly resource: string;
  readonly find: (request: RouteRequest) => QuoteRow;
  /** The cart id items carry on the wire (the masked id for a guest, the quote id for a customer). */
  readonly wireId: (request: RouteRequest, quote: QuoteRow) => string;
  /** Whether the payer sends an e-mail address (a guest does; a customer's account gives it). */
  readonly guest: boolean;
}

const cartItemBody = m.params({ cartItem: cartItemDto });

function cartRoutes(db: Database, settings: CartSettings, cart: CartLocator): Route[] {
  const { base, resource, find } = cart;
  const itemId = (request: RouteRequest) => intParam(request.params['itemId'], 'itemId');
  return [
    {
      method: 'GET',
      path: `${base}/items`,
      resource,
      handle: (request) => {
        const quote = find(request);
        return listItems(db, quote, cart.wireId(request, quote));
      },
    },
    {
      method: 'POST',
      path: `${base}/items`,
      resource,
      ...withBody(cartItemBody, (request, { cartItem }) => addItem(db, find(request), cartItem)),
    },
    {
      method: 'PUT',
      path: `${base}/items/:itemId`,
      resource,
      ...withBody(cartItemBody, (request, { cartItem }) =>
        updateItem(db, find(request), itemId(request), cartItem),
      ),
    },
    {
      method: 'DELETE',
      path: `${base}/items/:itemId`,
      resource,
      handle: (request) => deleteItem(db, find(request), itemId(request)),
    },
    {
      method: 'GET',
      path: `${base}/totals`,
      resource,
      handle: (request) => computeTotals(db, find(request), settings),
    },
    ...checkoutRoutes(db, settings, cart),
  ];
}

function checkoutRoutes(db: Database, settings: CartSettings, cart: CartLocator): Route[] {
  const { base, resource, find } = cart;
  const payment = { paymentMethod: paymentMethodDto, billingAddress: quoteAddressDto.optional() };
  return [
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

export function guestCartRoutes(db: Database, settings: CartSettings): Route[] {
  const maskedId = (request: RouteRequest) => request.params['cartId'] ?? '';
  return [
    { method: 'POST', path: '/V1/guest-carts', resource: 'anonymous', handle: () => createGuestCart(db) },
    {
      method: 'GET',
      path: '/V1/guest-carts/:cartId',
      resource: 'anonymous',
      handle: (request) => serializeCart(db, quoteByMask(db, maskedId(request)), settings),
    },
    {
      // Assigning a guest cart to the signed-in customer needs the customer's token.
      method: 'PUT',
      path: '/V1/guest-carts/:cartId',
      resource: 'self',
      ...withBody(m.params({ customerId: m.int().optional(), storeId: m.int() }), (request, body) =>
        assignGuestCart(db, maskedId(request), customerId(request.caller), body.customerId, body.storeId),
      ),
    },
    ...cartRoutes(db, settings, {
      base: '/V1/guest-carts/:cartId',
      resource: 'anonymous',
      find: (request) => quoteByMask(db, maskedId(request)),
      wireId: maskedId,
      guest: true,
    }),
  ];
}

export function customerCartRoutes(db: Database, settings: CartSettings): Route[] {
  return [
    {
      method: 'POST',
      path: '/V1/carts/mine',
      resource: 'self',
      handle: ({ caller }) => createCustomerCart(db, customerId(caller)),
    },
    {
      method: 'GET',
      path: '/V1/carts/mine',
      resource: 'self',
      handle: ({ caller }) => {
        const id = customerId(caller);
        const quote = activeQuoteForCustomer(db, id);
        if (!quote) throw errors.noSuchEntity('customerId', id);
        return serializeCart(db, quote, settings);
      },
    },
    ...cartRoutes(db, settings, {
      base: '/V1/carts/mine',
      resource: 'self',
      find: ({ caller }) => requireCustomerQuote(db, customerId(caller)),
      wireId: (_request, quote) => String(quote.id),
      guest: false,
    }),
  ];
}

/**
 * The admin's cart routes by numeric quote id (`Magento_Cart::manage`, Quote/etc/webapi.xml; COVERAGE.md
 * rows 29–32): no ownership check, guest and customer quotes alike. The payment bridge reads the cart and
 * places the order through these with its integration token.
 */
export function adminCartRoutes(db: Database, settings: CartSettings): Route[] {
  const resource = 'Magento_Cart::manage';
  const cartId = (request: RouteRequest) => intParam(request.params['cartId'], 'cartId');
  return [
    {
      method: 'GET',
      path: '/V1/carts/:cartId',
      resource,
      handle: (request) => adminCart(db, quoteById(db, cartId(request), false), settings),
    },
    {
      method: 'GET',
      path: '/V1/carts/:cartId/totals',
      resource,
      handle: (request) => computeTotals(db, quoteById(db, cartId(request), true), settings),
    },
    {
      method: 'PUT',
      path: '/V1/carts/:cartId/selected-payment-method',
      resource,
      ...withBody(m.params({ method: paymentMethodDto }), (request, { method }) =>
        selectPaymentMethod(db, cartId(request), method),
      ),
    },
    {
      method: 'PUT',
      path: '/V1/carts/:cartId/order',
      resource,
      ...withBody(m.params({ paymentMethod: paymentMethodDto.optional() }), (request, body) =>
        placeOrderForCart(db, cartId(request), body.paymentMethod, settings),
      ),
    },
  ];
}

/**
 * `CartRepositoryInterface::get`: an inactive (ordered) quote is still answered, but
 * `QuoteRepository\LoadHandler::load()` returns early for it, so it has no items and no shipping
 * assignment (COVERAGE.md row 31, derived).
 */
function adminCart(db: Database, quote: QuoteRow, settings: CartSettings) {
  const cart = serializeCart(db, quote, settings);
  if (quote.is_active === 1) return cart;
  return Object.fromEntries(
    Object.entries(cart).filter(([key]) => key !== 'items' && key !== 'extension_attributes'),
  );
}
