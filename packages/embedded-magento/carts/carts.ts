/**
 * Quotes: guest carts behind a 32-character masked id, customer carts behind the token (CONTRACT.md
 * §5.4–5.6), and the merge of a guest cart into a customer's on assignment (2.4 semantics). Items are
 * `items.ts`; totals, shipping and coupons are the checkout's (`../checkout/`). Every write runs in one
 * transaction.
 */
import { randomString } from '../crypto.ts';
import { magentoDate, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { items, repriceItems } from './items.ts';
import { itemRow, quoteRow, type QuoteRow } from './rows.ts';
import type { StoreSettings } from '../store-view.ts';

const MASK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// ---- Finding quotes -------------------------------------------------------------------------------

export function quoteByMask(db: Database, maskedId: string): QuoteRow {
  const quote = db.get(quoteRow, 'SELECT * FROM quotes WHERE masked_id = ?', maskedId);
  if (!quote) throw errors.noSuchEntity('cartId', null);
  if (quote.is_active !== 1) throw errors.noSuchEntity('cartId', String(quote.id));
  return quote;
}

/**
 * An admin route's `{cartId}`, the numeric quote id: `QuoteRepository::get()` finds inactive quotes too
 * (`GET /V1/carts/:cartId`, `selected-payment-method`); `getActive()` refuses them with the same 404
 * (`…/totals`, `…/order`). Either way the value is the integer the path declares.
 */
export function quoteById(db: Database, cartId: number, activeOnly: boolean): QuoteRow {
  const quote = db.get(quoteRow, 'SELECT * FROM quotes WHERE id = ?', cartId);
  if (!quote || (activeOnly && quote.is_active !== 1)) throw errors.noSuchEntity('cartId', cartId);
  return quote;
}

export function activeQuoteForCustomer(db: Database, customerId: number): QuoteRow | undefined {
  return db.get(quoteRow, 'SELECT * FROM quotes WHERE customer_id = ? AND is_active = 1', customerId);
}

/** For `carts/mine/*` other than GET/POST `carts/mine` (ParamOverriderCartId). */
export function requireCustomerQuote(db: Database, customerId: number): QuoteRow {
  const quote = activeQuoteForCustomer(db, customerId);
  if (!quote) throw errors.noActiveCart();
  return quote;
}

// ---- Creating quotes ------------------------------------------------------------------------------

function insertQuote(db: Database, maskedId: string | null, customerId: number | null): number {
  const now = magentoDate();
  const id = db.run(
    `INSERT INTO quotes (masked_id, customer_id, store_id, is_active, customer_is_guest, created_at, updated_at)
     VALUES (?, ?, 1, 1, ?, ?, ?)`,
    maskedId,
    customerId,
    customerId === null ? 1 : 0,
    now,
    now,
  ).lastInsertRowid;
  db.run(
    "INSERT INTO quote_addresses (quote_id, address_type) VALUES (?, 'billing'), (?, 'shipping')",
    id,
    id,
  );
  return id;
}

export function createGuestCart(db: Database): string {
  return db.transaction(() => {
    const masked = randomString(32, MASK_ALPHABET);
    insertQuote(db, masked, null);
    return masked;
  });
}

/** Idempotent: the customer's active cart id when there is one (CONTRACT.md §5.5). */
export function createCustomerCart(db: Database, customerId: number): number {
  return db.transaction(
    () => activeQuoteForCustomer(db, customerId)?.id ?? insertQuote(db, null, customerId),
  );
}

// ---- Assigning a guest cart to a customer ---------------------------------------------------------

/**
 * `PUT /V1/guest-carts/:cartId` (2.4): the customer's current cart is merged into the guest cart, which
 * becomes the customer's active cart and loses its masked id; a line of the same product (a configurable's
 * same choice) takes both quantities. A discount code on the guest cart survives
 * the sign-in unless the customer's cart had one of its own.
 */
export function assignGuestCart(
  db: Database,
  maskedId: string,
  customerId: number,
  requestedCustomerId: unknown,
  storeId: unknown,
  store: StoreSettings,
): true {
  return db.transaction(() => {
    const guest = quoteByMask(db, maskedId);
    if (
      requestedCustomerId !== undefined &&
      requestedCustomerId !== null &&
      requestedCustomerId !== customerId
    ) {
      throw errors.assignWrongCustomer();
    }
    if (storeId !== 1) throw errors.assignDifferentStore();
    if (guest.customer_id !== null) throw errors.cartNotAnonymous();
    const current = activeQuoteForCustomer(db, customerId);
    if (current) {
      for (const line of items(db, current.id)) {
        const existing = db.get(
          itemRow,
          'SELECT * FROM quote_items WHERE quote_id = ? AND sku = ?',
          guest.id,
          line.sku,
        );
        if (existing)
          db.run(
            'UPDATE quote_items SET qty = ? WHERE item_id = ?',
            existing.qty + line.qty,
            existing.item_id,
          );
        else {
          db.run(
            `INSERT INTO quote_items (quote_id, product_id, sku, name, price, qty, product_type, product_option)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            guest.id,
            line.product_id,
            line.sku,
            line.name,
            line.price,
            line.qty,
            line.product_type,
            line.product_option,
          );
        }
      }
      // `Quote::merge`: the merged-in quote's code, if it has one, replaces the guest cart's; otherwise the
      // guest's code stays. Nothing is collected here, so the next collection checks it for the customer.
      if (current.coupon_code)
        db.run('UPDATE quotes SET coupon_code = ? WHERE id = ?', current.coupon_code, guest.id);
      db.run('UPDATE quotes SET is_active = 0, updated_at = ? WHERE id = ?', magentoDate(), current.id);
    }
    db.run(
      'UPDATE quotes SET customer_id = ?, customer_is_guest = 0, masked_id = NULL, updated_at = ? WHERE id = ?',
      customerId,
      magentoDate(),
      guest.id,
    );
    // The cart is now priced for the customer's group (a trade customer's tier prices).
    repriceItems(db, { id: guest.id, customer_id: customerId }, store);
    return true;
  });
}
