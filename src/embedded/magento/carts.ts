/**
 * Quotes: guest carts behind a 32-character masked id, customer carts behind the token (CONTRACT.md
 * §5.4–5.6), their items with stock enforced, addresses, totals computed here (§6.4), and the merge of a
 * guest cart into a customer's on assignment (2.4 semantics). Every write runs in one transaction.
 */
import { randomString } from './auth.ts';
import { findProductBySku, SALE_QTY, type ProductRecord } from './catalog.ts';
import { serializeCustomer } from './customers.ts';
import { magentoDate, type Database } from './db.ts';
import { errors } from './errors.ts';
import type { Input } from './input.ts';

export interface CartSettings {
  /** ISO currency of the store, e.g. GBP. */
  readonly currency: string;
  /** Flat rate per item (Magento's flatrate type I); 0 means free delivery. */
  readonly flatRatePerItem: number;
}

export interface QuoteRow {
  id: number;
  masked_id: string | null;
  customer_id: number | null;
  store_id: number;
  is_active: number;
  customer_is_guest: number;
  shipping_method: string | null;
  reserved_order_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ItemRow {
  item_id: number;
  quote_id: number;
  product_id: number;
  sku: string;
  name: string;
  price: number;
  qty: number;
  product_type: string;
}

/** Quote address data as stored: the quote address fields, keyed as on the wire. */
export type AddressData = Record<string, unknown>;

const MASK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Money in pence-exact decimal pounds. */
export const roundMoney = (value: number): number => Math.round(value * 100) / 100;

/** The line total, the same function the storefront uses for its optimistic display. */
export const lineTotal = (price: number, qty: number): number => roundMoney(price * qty);

// ---- Finding quotes -------------------------------------------------------------------------------

export function quoteByMask(db: Database, maskedId: string): QuoteRow {
  const quote = db.get<QuoteRow>('SELECT * FROM quotes WHERE masked_id = ?', maskedId);
  if (!quote) throw errors.noSuchEntity('cartId', null);
  if (quote.is_active !== 1) throw errors.noSuchEntity('cartId', String(quote.id));
  return quote;
}

export function activeQuoteForCustomer(db: Database, customerId: number): QuoteRow | undefined {
  return db.get<QuoteRow>('SELECT * FROM quotes WHERE customer_id = ? AND is_active = 1', customerId);
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

// ---- Items ----------------------------------------------------------------------------------------

const items = (db: Database, quoteId: number): ItemRow[] =>
  db.all<ItemRow>('SELECT * FROM quote_items WHERE quote_id = ? ORDER BY item_id', quoteId);

export const serializeItem = (item: ItemRow, quoteId: string = String(item.quote_id)) => ({
  item_id: item.item_id,
  sku: item.sku,
  qty: item.qty,
  name: item.name,
  price: item.price,
  product_type: item.product_type,
  quote_id: quoteId,
});

/**
 * The quantity a line may hold, checked as Magento 2.4's InventorySales `IsCorrectQtyCondition` does
 * before any stock check: the minimum and maximum sale quantity, then whole units unless the product is
 * `is_qty_decimal`; then the salable quantity ("The requested qty is not available").
 */
function checkLineQty(product: ProductRecord, qty: number): void {
  if (qty < SALE_QTY.min) throw errors.qtyBelowMinSale(SALE_QTY.min);
  if (qty > SALE_QTY.max) throw errors.qtyAboveMaxSale();
  if (product.is_qty_decimal !== 1 && !Number.isInteger(qty)) throw errors.qtyNotDecimal();
  if (product.is_in_stock !== 1 || qty > product.qty) throw errors.qtyNotAvailable();
}

function validQty(qty: unknown): number {
  if (typeof qty !== 'number' || !Number.isFinite(qty) || qty <= 0)
    throw errors.invalidFieldValue('qty', qty ?? null);
  return qty;
}

function touch(db: Database, quoteId: number): void {
  db.run('UPDATE quotes SET updated_at = ? WHERE id = ?', magentoDate(), quoteId);
}

/** Adds a product, or more of it to its existing line; the total asked for must be in stock. */
export function addItem(db: Database, quote: QuoteRow, cartItem: Input) {
  const qty = validQty(cartItem['qty']);
  const sku = typeof cartItem['sku'] === 'string' ? cartItem['sku'] : '';
  return db.transaction(() => {
    const product = findProductBySku(db, sku);
    if (!product) throw errors.productNotFound();
    if (product.status !== 1) throw errors.productNotAvailable();
    const line = db.get<ItemRow>('SELECT * FROM quote_items WHERE quote_id = ? AND sku = ?', quote.id, sku);
    const wanted = (line?.qty ?? 0) + qty;
    checkLineQty(product, wanted);
    let itemId: number;
    if (line) {
      db.run(
        'UPDATE quote_items SET qty = ?, price = ?, name = ? WHERE item_id = ?',
        wanted,
        product.price,
        product.name,
        line.item_id,
      );
      itemId = line.item_id;
    } else {
      itemId = db.run(
        'INSERT INTO quote_items (quote_id, product_id, sku, name, price, qty, product_type) VALUES (?, ?, ?, ?, ?, ?, ?)',
        quote.id,
        product.id,
        product.sku,
        product.name,
        product.price,
        qty,
        product.type_id,
      ).lastInsertRowid;
    }
    touch(db, quote.id);
    const item = db.get<ItemRow>('SELECT * FROM quote_items WHERE item_id = ?', itemId);
    if (!item) throw errors.internal();
    return serializeItem(item);
  });
}

function requireItem(db: Database, quote: QuoteRow, itemId: number): ItemRow {
  const item = db.get<ItemRow>(
    'SELECT * FROM quote_items WHERE item_id = ? AND quote_id = ?',
    itemId,
    quote.id,
  );
  if (!item) throw errors.cartItemNotFound(String(quote.id), itemId);
  return item;
}

export function updateItem(db: Database, quote: QuoteRow, itemId: number, cartItem: Input) {
  const qty = validQty(cartItem['qty']);
  return db.transaction(() => {
    const item = requireItem(db, quote, itemId);
    const product = findProductBySku(db, item.sku);
    if (!product || product.status !== 1) throw errors.productNotAvailable();
    checkLineQty(product, qty);
    db.run('UPDATE quote_items SET qty = ?, price = ? WHERE item_id = ?', qty, product.price, itemId);
    touch(db, quote.id);
    return serializeItem({ ...item, qty, price: product.price });
  });
}

export function deleteItem(db: Database, quote: QuoteRow, itemId: number): true {
  return db.transaction(() => {
    requireItem(db, quote, itemId);
    db.run('DELETE FROM quote_items WHERE item_id = ?', itemId);
    touch(db, quote.id);
    return true;
  });
}

export function listItems(db: Database, quote: QuoteRow, quoteIdOnWire: string) {
  return items(db, quote.id).map((item) => serializeItem(item, quoteIdOnWire));
}

// ---- Addresses ------------------------------------------------------------------------------------

const REQUIRED_ADDRESS_GETTERS = [
  'region',
  'region_id',
  'region_code',
  'country_id',
  'street',
  'telephone',
  'postcode',
  'city',
  'firstname',
  'lastname',
  'email',
];

/** Quote address in wire order; getters without `|null` are emitted as null when empty (§6.3). */
function serializeQuoteAddress(id: number, data: AddressData) {
  const value = (key: string) => (data[key] === undefined ? null : data[key]);
  const optional = (key: string) =>
    data[key] === undefined || data[key] === null ? {} : { [key]: data[key] };
  return {
    id,
    region: value('region'),
    region_id: value('region_id'),
    region_code: value('region_code'),
    country_id: value('country_id'),
    street: Array.isArray(data['street']) && data['street'].length > 0 ? data['street'] : [''],
    ...optional('company'),
    telephone: value('telephone'),
    ...optional('fax'),
    postcode: value('postcode'),
    city: value('city'),
    firstname: value('firstname'),
    lastname: value('lastname'),
    ...optional('middlename'),
    ...optional('prefix'),
    ...optional('suffix'),
    ...optional('vat_id'),
    ...optional('customer_id'),
    email: value('email'),
    same_as_billing: typeof data['same_as_billing'] === 'number' ? data['same_as_billing'] : 0,
    ...optional('customer_address_id'),
    save_in_address_book: typeof data['save_in_address_book'] === 'number' ? data['save_in_address_book'] : 0,
  };
}

export function quoteAddress(db: Database, quoteId: number, type: 'billing' | 'shipping') {
  const row = db.get<{ id: number; data: string }>(
    'SELECT id, data FROM quote_addresses WHERE quote_id = ? AND address_type = ?',
    quoteId,
    type,
  );
  if (!row) throw errors.internal();
  return { id: row.id, data: JSON.parse(row.data) as AddressData };
}

export function saveQuoteAddress(
  db: Database,
  quoteId: number,
  type: 'billing' | 'shipping',
  data: AddressData,
): void {
  const clean: AddressData = {};
  for (const [key, value] of Object.entries(data)) {
    if (
      value !== undefined &&
      value !== null &&
      key !== 'id' &&
      key !== 'extension_attributes' &&
      key !== 'custom_attributes'
    ) {
      clean[key] = value;
    }
  }
  db.run(
    'UPDATE quote_addresses SET data = ? WHERE quote_id = ? AND address_type = ?',
    JSON.stringify(clean),
    quoteId,
    type,
  );
}

export const missingAddressFields = (data: AddressData): string[] =>
  ['firstname', 'lastname', 'street', 'city', 'postcode', 'telephone', 'country_id'].filter((key) => {
    const value = data[key];
    if (key === 'street')
      return !Array.isArray(value) || !value.some((line) => typeof line === 'string' && line.trim() !== '');
    return typeof value !== 'string' || value.trim() === '';
  });

export { REQUIRED_ADDRESS_GETTERS };

// ---- Serializing carts and totals -----------------------------------------------------------------

function currency(settings: CartSettings) {
  const code = settings.currency;
  return {
    global_currency_code: code,
    base_currency_code: code,
    store_currency_code: code,
    quote_currency_code: code,
    store_to_base_rate: 0,
    store_to_quote_rate: 0,
    base_to_global_rate: 1,
    base_to_quote_rate: 1,
  };
}

export function serializeCart(db: Database, quote: QuoteRow, settings: CartSettings) {
  const lines = items(db, quote.id).map((item) => serializeItem(item));
  const billing = quoteAddress(db, quote.id, 'billing');
  const shipping = quoteAddress(db, quote.id, 'shipping');
  return {
    id: quote.id,
    created_at: quote.created_at,
    updated_at: quote.updated_at,
    is_active: quote.is_active === 1,
    is_virtual: false,
    items: lines,
    items_count: lines.length,
    items_qty: lines.reduce((sum, line) => sum + line.qty, 0),
    customer:
      quote.customer_id === null
        ? { email: null, firstname: null, lastname: null }
        : serializeCustomer(db, quote.customer_id),
    billing_address: serializeQuoteAddress(billing.id, billing.data),
    ...(quote.reserved_order_id ? { reserved_order_id: quote.reserved_order_id } : {}),
    orig_order_id: 0,
    currency: currency(settings),
    customer_is_guest: quote.customer_is_guest === 1,
    customer_note_notify: true,
    customer_tax_class_id: 3,
    store_id: quote.store_id,
    extension_attributes: {
      shipping_assignments:
        lines.length === 0
          ? []
          : [
              {
                shipping: {
                  address: serializeQuoteAddress(shipping.id, shipping.data),
                  method: quote.shipping_method,
                },
                items: lines,
              },
            ],
    },
  };
}

export const FLAT_RATE = { carrier: 'flatrate', method: 'flatrate', title: 'Flat Rate - Fixed' } as const;

export function computeTotals(db: Database, quote: QuoteRow, settings: CartSettings) {
  const lines = items(db, quote.id);
  const qty = lines.reduce((sum, line) => sum + line.qty, 0);
  const subtotal = roundMoney(lines.reduce((sum, line) => sum + lineTotal(line.price, line.qty), 0));
  const shipping = quote.shipping_method ? roundMoney(settings.flatRatePerItem * qty) : 0;
  const grandTotal = roundMoney(subtotal + shipping);
  const code = settings.currency;
  return {
    grand_total: grandTotal,
    base_grand_total: grandTotal,
    subtotal,
    base_subtotal: subtotal,
    discount_amount: 0,
    base_discount_amount: 0,
    subtotal_with_discount: subtotal,
    base_subtotal_with_discount: subtotal,
    shipping_amount: shipping,
    base_shipping_amount: shipping,
    shipping_discount_amount: 0,
    base_shipping_discount_amount: 0,
    tax_amount: 0,
    base_tax_amount: 0,
    weee_tax_applied_amount: null,
    shipping_tax_amount: 0,
    base_shipping_tax_amount: 0,
    subtotal_incl_tax: subtotal,
    shipping_incl_tax: shipping,
    base_shipping_incl_tax: shipping,
    base_currency_code: code,
    quote_currency_code: code,
    items_qty: qty,
    items: lines.map((line) => {
      const row = lineTotal(line.price, line.qty);
      return {
        item_id: line.item_id,
        price: line.price,
        base_price: line.price,
        qty: line.qty,
        row_total: row,
        base_row_total: row,
        row_total_with_discount: 0,
        tax_amount: 0,
        base_tax_amount: 0,
        tax_percent: 0,
        discount_amount: 0,
        base_discount_amount: 0,
        discount_percent: 0,
        price_incl_tax: line.price,
        base_price_incl_tax: line.price,
        row_total_incl_tax: row,
        base_row_total_incl_tax: row,
        options: '[]',
        weee_tax_applied_amount: null,
        weee_tax_applied: null,
        name: line.name,
      };
    }),
    total_segments: [
      { code: 'subtotal', title: 'Subtotal', value: subtotal },
      {
        code: 'shipping',
        title: quote.shipping_method ? `Shipping & Handling (${FLAT_RATE.title})` : 'Shipping & Handling',
        value: shipping,
      },
      { code: 'tax', title: 'Tax', value: 0, extension_attributes: { tax_grandtotal_details: [] } },
      { code: 'grand_total', title: 'Grand Total', value: grandTotal, area: 'footer' },
    ],
  };
}

// ---- Assigning a guest cart to a customer ---------------------------------------------------------

/**
 * `PUT /V1/guest-carts/:cartId` (2.4): the customer's current cart is merged into the guest cart, which
 * becomes the customer's active cart and loses its masked id.
 */
export function assignGuestCart(
  db: Database,
  maskedId: string,
  customerId: number,
  requestedCustomerId: unknown,
  storeId: unknown,
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
        const existing = db.get<ItemRow>(
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
            'INSERT INTO quote_items (quote_id, product_id, sku, name, price, qty, product_type) VALUES (?, ?, ?, ?, ?, ?, ?)',
            guest.id,
            line.product_id,
            line.sku,
            line.name,
            line.price,
            line.qty,
            line.product_type,
          );
        }
      }
      db.run('UPDATE quotes SET is_active = 0, updated_at = ? WHERE id = ?', magentoDate(), current.id);
    }
    db.run(
      'UPDATE quotes SET customer_id = ?, customer_is_guest = 0, masked_id = NULL, updated_at = ? WHERE id = ?',
      customerId,
      magentoDate(),
      guest.id,
    );
    return true;
  });
}
