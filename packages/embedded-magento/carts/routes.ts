/**
 * Cart services: the quote and its items. One set of item routes serves both audiences; they differ only
 * in how the cart is found (a `CartLocator`): a guest's masked id in the path (the only secret,
 * anonymous) or the customer's token (`mine`, the cart forced from the token like Magento's `%cart_id%`
 * override). The checkout's routes (`../checkout/routes.ts`) find their cart through the same locators.
 */
import type { Database } from '../db.ts';
import { errors } from '../errors.ts';
import { customerId, intParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import { cartItemDto, m, paymentMethodDto } from '../input.ts';
import type { StoreSettings } from '../store-view.ts';
import {
  activeQuoteForCustomer,
  assignGuestCart,
  createCustomerCart,
  createGuestCart,
  quoteById,
  quoteByMask,
  requireCustomerQuote,
} from './carts.ts';
import { addItem, deleteItem, listItems, updateItem } from './items.ts';
import { selectPaymentMethodById } from './payment.ts';
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { QuoteRow } from './rows.ts';
import { negotiableCartOut } from '../negotiable-quotes/cart-out.ts';
import { quoteById as negotiableQuoteById } from '../negotiable-quotes/quotes.ts';
import { serializeCart } from './serialize.ts';

/** How a family of cart routes finds its cart. */
export interface CartLocator {
  /** The cart's URL, e.g. `/V1/guest-carts/:cartId`. */
  readonly base: string;
  readonly resource: string;
  readonly find: (request: RouteRequest) => QuoteRow;
  /** The cart id items carry on the wire (the masked id for a guest, the quote id for a customer). */
  readonly wireId: (request: RouteRequest, quote: QuoteRow) => string;
  /**
   * Whether the cart is a guest's: the payer then sends an e-mail address, and a message naming the
   * quote id gives it as the string `GuestCartManagement` read from the mask table.
   */
  readonly guest: boolean;
}

/** What the items' routes do after a write, e.g. the checkout saving its newly collected totals. */
export interface CartHooks {
  readonly afterItemsChanged?: (quote: QuoteRow) => void;
}

const maskedId = (request: RouteRequest) => request.params['cartId'] ?? '';
const adminCartId = (request: RouteRequest) => intParam(request.params['cartId'], 'cartId');

export const guestCart = (db: Database): CartLocator => ({
  base: '/V1/guest-carts/:cartId',
  resource: 'anonymous',
  find: (request) => quoteByMask(db, maskedId(request)),
  wireId: maskedId,
  guest: true,
});

export const customerCart = (db: Database): CartLocator => ({
  base: '/V1/carts/mine',
  resource: 'self',
  find: ({ caller }) => requireCustomerQuote(db, customerId(caller)),
  wireId: (_request, quote) => String(quote.id),
  guest: false,
});

/** The admin's cart by numeric quote id (`Magento_Cart::manage`): the active quote, as `getActive()` finds it. */
export const adminCart = (db: Database): CartLocator => ({
  base: '/V1/carts/:cartId',
  resource: 'Magento_Cart::manage',
  find: (request) => quoteById(db, adminCartId(request), true),
  wireId: (_request, quote) => String(quote.id),
  guest: false,
});

const cartItemBody = m.params({ cartItem: cartItemDto });

function itemRoutes(db: Database, store: StoreSettings, cart: CartLocator, hooks: CartHooks): Route[] {
  const { base, resource, find } = cart;
  const itemId = (request: RouteRequest) => intParam(request.params['itemId'], 'itemId');
  /** The write, then the hook on the quote as it now stands, in one transaction. */
  const written = <T>(quote: QuoteRow, write: () => T): T =>
    db.transaction(() => {
      const result = write();
      hooks.afterItemsChanged?.(quote);
      return result;
    });
  return [
    {
      method: 'GET',
      path: `${base}/items`,
      resource,
      handle: (request) => {
        const quote = find(request);
        return listItems(db, quote, cart.wireId(request, quote), store);
      },
    },
    {
      method: 'POST',
      path: `${base}/items`,
      resource,
      ...withBody(cartItemBody, (request, { cartItem }) => {
        const quote = find(request);
        return written(quote, () => addItem(db, quote, cartItem, store));
      }),
    },
    {
      method: 'PUT',
      path: `${base}/items/:itemId`,
      resource,
      ...withBody(cartItemBody, (request, { cartItem }) => {
        const quote = find(request);
        return written(quote, () => updateItem(db, quote, itemId(request), cartItem, store));
      }),
    },
    {
      method: 'DELETE',
      path: `${base}/items/:itemId`,
      resource,
      handle: (request) => {
        const quote = find(request);
        return written(quote, () => deleteItem(db, quote, itemId(request)));
      },
    },
  ];
}

export function guestCartRoutes(db: Database, store: StoreSettings, hooks: CartHooks = {}): Route[] {
  return [
    { method: 'POST', path: '/V1/guest-carts', resource: 'anonymous', handle: () => createGuestCart(db) },
    {
      method: 'GET',
      path: '/V1/guest-carts/:cartId',
      resource: 'anonymous',
      handle: (request) => serializeCart(db, quoteByMask(db, maskedId(request)), store),
    },
    {
      // Assigning a guest cart to the signed-in customer needs the customer's token.
      method: 'PUT',
      path: '/V1/guest-carts/:cartId',
      resource: 'self',
      ...withBody(m.params({ customerId: m.int().optional(), storeId: m.int() }), (request, body) =>
        assignGuestCart(
          db,
          maskedId(request),
          customerId(request.caller),
          body.customerId,
          body.storeId,
          store,
        ),
      ),
    },
    ...itemRoutes(db, store, guestCart(db), hooks),
  ];
}

export function customerCartRoutes(db: Database, store: StoreSettings, hooks: CartHooks = {}): Route[] {
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
        return serializeCart(db, quote, store);
      },
    },
    ...itemRoutes(db, store, customerCart(db), hooks),
  ];
}

/**
 * The admin's cart routes by numeric quote id (`Magento_Cart::manage`, Quote/etc/webapi.xml; COVERAGE.md
 * rows 29–32): no ownership check, guest and customer quotes alike. The payment bridge reads the cart and
 * selects the payment method through these with its integration token.
 */
export function adminCartRoutes(db: Database, store: CheckoutSettings): Route[] {
  const resource = 'Magento_Cart::manage';
  return [
    {
      method: 'GET',
      path: '/V1/carts/:cartId',
      resource,
      handle: (request) => adminCartOut(db, quoteById(db, adminCartId(request), false), store),
    },
    {
      method: 'PUT',
      path: '/V1/carts/:cartId/selected-payment-method',
      resource,
      ...withBody(m.params({ method: paymentMethodDto }), (request, { method }) =>
        selectPaymentMethodById(db, adminCartId(request), method, store),
      ),
    },
  ];
}

/**
 * `CartRepositoryInterface::get`: a negotiable quote as B2B's load handler reads it (active, its lines at
 * the offered prices and its negotiation, `../negotiable-quotes/cart-out.ts`); any other inactive (ordered)
 * quote is still answered, but `QuoteRepository\LoadHandler::load()` returns early for it, so it has no
 * items and no shipping assignment (COVERAGE.md row 31, derived).
 */
function adminCartOut(db: Database, quote: QuoteRow, store: CheckoutSettings) {
  const negotiable = negotiableQuoteById(db, store, quote.id);
  if (negotiable) return negotiableCartOut(db, store, negotiable);
  const cart = serializeCart(db, quote, store);
  if (quote.is_active === 1) return cart;
  return Object.fromEntries(
    Object.entries(cart).filter(([key]) => key !== 'items' && key !== 'extension_attributes'),
  );
}
