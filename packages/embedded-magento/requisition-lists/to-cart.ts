/**
 * `addRequisitionListItemsToCart`: the chosen lines (every line for none) go into the customer's active
 * cart, found or made, through the very code `POST /V1/carts/mine/items` runs, one line at a time, as the
 * wish list's `addWishlistItemsToCart` does (`../wishlist/to-cart.ts`). Unlike the wish list's, the list
 * does not change. A line the cart refuses becomes a user error typed as Adobe's enum says; `status` is
 * true only when every line went in.
 */
import { z } from 'zod';
import { activeQuoteForCustomer, createCustomerCart } from '../carts/carts.ts';
import { addItem, items as cartLines, deleteItem as deleteCartItem } from '../carts/items.ts';
import type { QuoteRow } from '../carts/rows.ts';
import { MagentoError } from '../errors.ts';
import { encodeUid, type SuperAttribute } from '../graphql/configurable.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { noSuchEntityError } from '../graphql/errors.ts';
import { productById, productView } from '../graphql/product.ts';
import { cartOfMask, maskOf } from '../carts/cart-mask.ts';
import { cartErrorCode } from '../wishlist/to-cart.ts';
import { listItems, type ItemRow } from './lists.ts';
import { ownItems, ownList, requireCustomer } from './mutations.ts';

type UserErrorType = 'OUT_OF_STOCK' | 'UNAVAILABLE_SKU' | 'OPTIONS_UPDATED' | 'LOW_QUANTITY';

/** Adobe's four kinds, from the cart's message (its code as Quote's `AddProductsToCartError` derives it). */
function errorType(message: string): UserErrorType {
  const code = cartErrorCode(message);
  if (code === 'INSUFFICIENT_STOCK') return /out of stock/i.test(message) ? 'OUT_OF_STOCK' : 'LOW_QUANTITY';
  if (code === 'UNDEFINED' && /option/i.test(message)) return 'OPTIONS_UPDATED';
  return 'UNAVAILABLE_SKU';
}

const storedChoice = z.object({ super_attribute: z.array(z.tuple([z.number(), z.number()])) }).partial();

/** A configurable line's choice as the cart takes it (REST's `configurable_item_options`). */
function cartOptions(item: ItemRow) {
  const choice: SuperAttribute = storedChoice.parse(JSON.parse(item.options)).super_attribute ?? [];
  if (choice.length === 0) return {};
  const options = choice.map(([attributeId, value]) => ({
    option_id: String(attributeId),
    option_value: value,
  }));
  return { product_option: { extension_attributes: { configurable_item_options: options } } };
}

/** The cart's refusal of one line, or undefined when it went in. */
function addLine(context: GraphQlContext, customerId: number, item: ItemRow): string | undefined {
  const quote = requireQuote(context, customerId);
  try {
    addItem(context.db, quote, { sku: item.sku, qty: item.qty, ...cartOptions(item) }, context.store);
    return undefined;
  } catch (error) {
    if (!(error instanceof MagentoError)) throw error;
    return error.status === 404 ? `Could not find a product with SKU "${item.sku}"` : error.message;
  }
}

const CART_ITEM_TYPES: Readonly<Record<string, string>> = {
  simple: 'SimpleCartItem',
  virtual: 'VirtualCartItem',
  configurable: 'ConfigurableCartItem',
};

/** The customer's cart as `Cart`: its masked id (the one `customerCart` gives), lines and quantity. */
function cartView(context: GraphQlContext, quote: QuoteRow) {
  const lines = cartLines(context.db, quote.id);
  return {
    id: maskOf(context.db, quote.id),
    total_quantity: lines.reduce((sum, line) => sum + line.qty, 0),
    items: lines.flatMap((line) => {
      const product = productById(context.db, line.product_id);
      const typename = CART_ITEM_TYPES[line.product_type];
      if (!product || !typename) return [];
      const view = productView(context.db, product, context.product);
      return [
        { __typename: typename, uid: encodeUid(String(line.item_id)), quantity: line.qty, product: view },
      ];
    }),
  };
}

function requireQuote(context: GraphQlContext, customerId: number): QuoteRow {
  const quote = activeQuoteForCustomer(context.db, customerId);
  if (!quote) throw new Error(`Customer ${String(customerId)} has no active cart`);
  return quote;
}

const args = z.object({
  requisitionListUid: z.string(),
  requisitionListItemUids: z.array(z.string()).nullish(),
});

export function addRequisitionListItemsToCart(input: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { requisitionListUid, requisitionListItemUids } = args.parse(input);
  return context.db.transaction(() => {
    const list = ownList(context, customerId, requisitionListUid);
    const chosen = requisitionListItemUids?.length
      ? ownItems(context, list, requisitionListItemUids)
      : listItems(context.db, list.entity_id);
    createCustomerCart(context.db, customerId);
    const errors = chosen.flatMap((item) => {
      const message = addLine(context, customerId, item);
      return message === undefined ? [] : [{ message, type: errorType(message) }];
    });
    return {
      status: errors.length === 0,
      cart: cartView(context, requireQuote(context, customerId)),
      add_requisition_list_items_to_cart_user_errors: errors,
    };
  });
}

/**
 * `clearCustomerCart`: every line of the caller's active cart goes. A mask that is not the caller's
 * active cart is refused as Quote's `GetCartForUser` words it.
 */
export function clearCustomerCart(input: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { cartUid } = z.object({ cartUid: z.string() }).parse(input);
  return context.db.transaction(() => {
    const quote = activeQuoteForCustomer(context.db, customerId);
    if (!quote || cartOfMask(context.db, cartUid) !== quote.id)
      throw noSuchEntityError(`Could not find a cart with ID "${cartUid}"`);
    for (const line of cartLines(context.db, quote.id)) deleteCartItem(context.db, quote, line.item_id);
    return { status: true, cart: cartView(context, quote) };
  });
}
