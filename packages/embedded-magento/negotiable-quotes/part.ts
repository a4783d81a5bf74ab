/**
 * The negotiable quotes as a part of the embedded GraphQL schema (`../graphql/schema.ts`): B2B for Adobe
 * Commerce's buyer calls (`buyer.ts`, `lists.ts`, `addresses.ts`, `place.ts`) and `customerCart`, the
 * masked id of the customer's cart a quote is requested from.
 */
import type { GraphQlContext } from '../graphql/context.ts';
import { authorizationError } from '../graphql/errors.ts';
import type { SchemaPart } from '../graphql/schema-part.ts';
import { setBillingAddress, setPaymentMethod, setShippingAddress, setShippingMethods } from './addresses.ts';
import { removeItems, requestQuote, sendForReview, updateQuantities } from './buyer.ts';
import { customerCartMask } from '../carts/cart-mask.ts';
import { closeQuotes, deleteQuotes, negotiableQuote, negotiableQuotes } from './lists.ts';
import { placeQuoteOrder } from './place.ts';
import { NEGOTIABLE_QUOTE_CALLS_SDL } from './sdl-calls.ts';
import { CART_SDL } from './sdl-cart.ts';
import { NEGOTIABLE_QUOTES_SDL } from './sdl.ts';

function customerCart(_args: unknown, context: GraphQlContext) {
  // CartGraphQl's words for a guest asking for a customer's cart.
  if (context.customerId === undefined) throw authorizationError("The current customer isn't authorized.");
  return { id: customerCartMask(context.db, context.customerId) };
}

export const negotiableQuotesPart: SchemaPart = {
  sdl: CART_SDL + NEGOTIABLE_QUOTES_SDL + NEGOTIABLE_QUOTE_CALLS_SDL,
  root: {
    customerCart,
    negotiableQuote,
    negotiableQuotes,
    requestNegotiableQuote: requestQuote,
    sendNegotiableQuoteForReview: sendForReview,
    updateNegotiableQuoteQuantities: updateQuantities,
    removeNegotiableQuoteItems: removeItems,
    setNegotiableQuoteShippingAddress: setShippingAddress,
    setNegotiableQuoteBillingAddress: setBillingAddress,
    setNegotiableQuoteShippingMethods: setShippingMethods,
    setNegotiableQuotePaymentMethod: setPaymentMethod,
    placeNegotiableQuoteOrder: placeQuoteOrder,
    closeNegotiableQuotes: closeQuotes,
    deleteNegotiableQuotes: deleteQuotes,
  },
};
