/**
 * Checkout and orders: shipping information (flat rate), placing the order from the cart with payment
 * method checkmo (stock checked and decremented, cart deactivated, all in one transaction), and the admin
 * order read and status update (CONTRACT.md §5.4, §5.5, §5.10).
 */
import {
  computeTotals,
  FLAT_RATE,
  lineTotal,
  missingAddressFields,
  quoteAddress,
  saveQuoteAddress,
  type AddressData,
  type CartSettings,
  type ItemRow,
  type QuoteRow,
} from './carts.ts';
import { magentoDate, type Database } from './db.ts';
import { isKnownCountry } from './directory.ts';
import { errors } from './errors.ts';
import type { Input } from './input.ts';

const PAYMENT_METHODS = [{ code: 'checkmo', title: 'Check / Money order' }];

export function saveShippingInformation(db: Database, quote: QuoteRow, info: Input, settings: CartSettings) {
  return db.transaction(() => {
    const count =
      db.get<{ n: number }>('SELECT COUNT(*) AS n FROM quote_items WHERE quote_id = ?', quote.id)?.n ?? 0;
    if (count === 0) throw errors.emptyCartShipping();
    const shipping = info['shipping_address'] as AddressData | undefined;
    if (!shipping || typeof shipping['country_id'] !== 'string' || shipping['country_id'] === '') {
      throw errors.shippingAddressMissing();
    }
    const carrier = String(info['shipping_carrier_code'] ?? '');
    const method = String(info['shipping_method_code'] ?? '');
    if (carrier !== FLAT_RATE.carrier || method !== FLAT_RATE.method)
      throw errors.carrierNotFound(carrier, method);
    const billing = info['billing_address'] as AddressData | undefined;
    for (const address of billing ? [shipping, billing] : [shipping]) {
      if (!isKnownCountry(String(address['country_id']).toUpperCase())) throw errors.shippingInfoNotSaved();
    }
    saveQuoteAddress(db, quote.id, 'shipping', shipping);
    if (billing) saveQuoteAddress(db, quote.id, 'billing', billing);
    db.run(
      'UPDATE quotes SET shipping_method = ?, updated_at = ? WHERE id = ?',
      `${FLAT_RATE.carrier}_${FLAT_RATE.method}`,
      magentoDate(),
      quote.id,
    );
    const updated = { ...quote, shipping_method: `${FLAT_RATE.carrier}_${FLAT_RATE.method}` };
    return { payment_methods: PAYMENT_METHODS, totals: computeTotals(db, updated, settings) };
  });
}

export function paymentDetails(db: Database, quote: QuoteRow, settings: CartSettings) {
  return { payment_methods: PAYMENT_METHODS, totals: computeTotals(db, quote, settings) };
}

interface PlaceOrderInput {
  email?: string;
  paymentMethod: Input;
  billingAddress?: Input;
}

/**
 * `…/payment-information`: records the payment and places the order. Returns the order entity id as the
 * integer Magento's schema declares; real Magento has been seen to send a numeric string instead
 * (CONTRACT.md §1.4.7), which is why clients accept both.
 */
export function placeOrder(
  db: Database,
  quote: QuoteRow,
  input: PlaceOrderInput,
  settings: CartSettings,
): number {
  return db.transaction(() => {
    if (input.paymentMethod['method'] !== 'checkmo') throw errors.invalidPaymentMethod();
    if (input.billingAddress) saveQuoteAddress(db, quote.id, 'billing', input.billingAddress);
    if (!quote.shipping_method) throw errors.shippingMethodMissing();
    const lines = db.all<ItemRow>('SELECT * FROM quote_items WHERE quote_id = ? ORDER BY item_id', quote.id);
    if (lines.length === 0) throw errors.shippingMethodMissing();
    const billing = quoteAddress(db, quote.id, 'billing').data;
    const shipping = quoteAddress(db, quote.id, 'shipping').data;
    const missing = missingAddressFields(billing);
    if (missing.length > 0)
      throw errors.billingAddressInvalid(`"${missing[0]}" is required. Enter and try again.`);

    const customer =
      quote.customer_id === null
        ? undefined
        : db.get<{ email: string; firstname: string; lastname: string }>(
            'SELECT email, firstname, lastname FROM customers WHERE id = ?',
            quote.customer_id,
          );
    const email =
      customer?.email ?? input.email ?? (typeof billing['email'] === 'string' ? billing['email'] : undefined);
    if (!email) throw errors.required(['email']);

    for (const line of lines) {
      const product = db.get<{ status: number; qty: number; is_in_stock: number }>(
        'SELECT status, qty, is_in_stock FROM products WHERE id = ?',
        line.product_id,
      );
      if (!product || product.status !== 1) throw errors.productNotAvailable();
      if (product.is_in_stock !== 1 || line.qty > product.qty) throw errors.qtyNotAvailable();
    }

    const totals = computeTotals(db, quote, settings);
    const now = magentoDate();
    const next = db.get<{ n: number }>('SELECT COALESCE(MAX(entity_id), 0) + 1 AS n FROM orders')?.n ?? 1;
    const incrementId = String(next).padStart(9, '0');
    const orderId = db.run(
      `INSERT INTO orders (entity_id, increment_id, quote_id, customer_id, customer_email, customer_firstname, customer_lastname,
        customer_is_guest, state, status, subtotal, shipping_amount, grand_total, total_qty, shipping_method,
        shipping_description, payment_method, store_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'new', 'pending', ?, ?, ?, ?, ?, ?, 'checkmo', ?, ?, ?)`,
      next,
      incrementId,
      quote.id,
      quote.customer_id,
      email,
      customer?.firstname ?? (billing['firstname'] as string),
      customer?.lastname ?? (billing['lastname'] as string),
      quote.customer_id === null ? 1 : 0,
      totals.subtotal,
      totals.shipping_amount,
      totals.grand_total,
      totals.items_qty,
      quote.shipping_method,
      FLAT_RATE.title,
      quote.store_id,
      now,
      now,
    ).lastInsertRowid;
    for (const line of lines) {
      db.run(
        `INSERT INTO order_items (order_id, quote_item_id, product_id, sku, name, price, qty, row_total, product_type, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        orderId,
        line.item_id,
        line.product_id,
        line.sku,
        line.name,
        line.price,
        line.qty,
        lineTotal(line.price, line.qty),
        line.product_type,
        now,
      );
      db.run(
        'UPDATE products SET qty = qty - ?, is_in_stock = CASE WHEN qty - ? <= 0 THEN 0 ELSE is_in_stock END WHERE id = ?',
        line.qty,
        line.qty,
        line.product_id,
      );
    }
    db.run(
      "INSERT INTO order_addresses (parent_id, address_type, data) VALUES (?, 'shipping', ?), (?, 'billing', ?)",
      orderId,
      JSON.stringify({ ...shipping, email: shipping['email'] ?? email }),
      orderId,
      JSON.stringify({ ...billing, email: billing['email'] ?? email }),
    );
    db.run(
      "INSERT INTO order_status_history (parent_id, status, comment, created_at) VALUES (?, 'pending', NULL, ?)",
      orderId,
      now,
    );
    db.run(
      'UPDATE quotes SET is_active = 0, reserved_order_id = ?, updated_at = ? WHERE id = ?',
      incrementId,
      now,
      quote.id,
    );
    return orderId;
  });
}

// ---- Reading and updating orders ------------------------------------------------------------------

interface OrderRow {
  entity_id: number;
  increment_id: string;
  quote_id: number;
  customer_id: number | null;
  customer_email: string;
  customer_firstname: string | null;
  customer_lastname: string | null;
  customer_is_guest: number;
  state: string;
  status: string;
  subtotal: number;
  shipping_amount: number;
  grand_total: number;
  total_qty: number;
  shipping_method: string;
  shipping_description: string;
  payment_method: string;
  store_id: number;
  created_at: string;
  updated_at: string;
}

function serializeOrderAddress(row: {
  entity_id: number;
  parent_id: number;
  address_type: string;
  data: string;
}) {
  const data = JSON.parse(row.data) as AddressData;
  const keys = ['city', 'company', 'country_id', 'email'] as const;
  const tail = ['firstname', 'lastname'] as const;
  return {
    address_type: row.address_type,
    ...Object.fromEntries(keys.filter((key) => data[key] !== undefined).map((key) => [key, data[key]])),
    entity_id: row.entity_id,
    ...Object.fromEntries(tail.filter((key) => data[key] !== undefined).map((key) => [key, data[key]])),
    parent_id: row.parent_id,
    ...Object.fromEntries(
      (['postcode', 'region', 'region_code', 'region_id', 'street', 'telephone'] as const)
        .filter((key) => data[key] !== undefined)
        .map((key) => [key, data[key]]),
    ),
  };
}

export function getOrder(db: Database, id: number, settings: CartSettings) {
  const order = db.get<OrderRow>('SELECT * FROM orders WHERE entity_id = ?', id);
  if (!order) throw errors.orderNotFound();
  const code = settings.currency;
  const items = db
    .all<{
      item_id: number;
      quote_item_id: number;
      product_id: number;
      sku: string;
      name: string;
      price: number;
      qty: number;
      row_total: number;
      product_type: string;
      created_at: string;
    }>('SELECT * FROM order_items WHERE order_id = ? ORDER BY item_id', id)
    .map((item) => ({
      amount_refunded: 0,
      base_amount_refunded: 0,
      base_discount_amount: 0,
      base_discount_invoiced: 0,
      base_original_price: item.price,
      base_price: item.price,
      base_price_incl_tax: item.price,
      base_row_invoiced: 0,
      base_row_total: item.row_total,
      base_row_total_incl_tax: item.row_total,
      base_tax_amount: 0,
      base_tax_invoiced: 0,
      created_at: item.created_at,
      discount_amount: 0,
      discount_invoiced: 0,
      discount_percent: 0,
      free_shipping: 0,
      is_qty_decimal: 0,
      is_virtual: 0,
      item_id: item.item_id,
      name: item.name,
      no_discount: 0,
      order_id: id,
      original_price: item.price,
      price: item.price,
      price_incl_tax: item.price,
      product_id: item.product_id,
      product_type: item.product_type,
      qty_canceled: 0,
      qty_invoiced: 0,
      qty_ordered: item.qty,
      qty_refunded: 0,
      qty_shipped: 0,
      quote_item_id: item.quote_item_id,
      row_invoiced: 0,
      row_total: item.row_total,
      row_total_incl_tax: item.row_total,
      sku: item.sku,
      store_id: order.store_id,
      tax_amount: 0,
      tax_invoiced: 0,
      tax_percent: 0,
      updated_at: item.created_at,
    }));
  const addresses = db.all<{ entity_id: number; parent_id: number; address_type: string; data: string }>(
    'SELECT * FROM order_addresses WHERE parent_id = ? ORDER BY entity_id',
    id,
  );
  const billing = addresses.find((address) => address.address_type === 'billing');
  const shipping = addresses.find((address) => address.address_type === 'shipping');
  const histories = db
    .all<{ entity_id: number; status: string; comment: string | null; created_at: string }>(
      'SELECT * FROM order_status_history WHERE parent_id = ? ORDER BY entity_id',
      id,
    )
    .map((history) => ({
      comment: history.comment,
      created_at: history.created_at,
      entity_id: history.entity_id,
      entity_name: 'order',
      is_customer_notified: 0,
      is_visible_on_front: 0,
      parent_id: id,
      status: history.status,
    }));
  const totalDue = order.state === 'complete' ? 0 : order.grand_total;
  return {
    base_currency_code: code,
    base_discount_amount: 0,
    base_grand_total: order.grand_total,
    base_discount_tax_compensation_amount: 0,
    base_shipping_amount: order.shipping_amount,
    base_shipping_discount_amount: 0,
    base_shipping_incl_tax: order.shipping_amount,
    base_shipping_tax_amount: 0,
    base_subtotal: order.subtotal,
    base_subtotal_incl_tax: order.subtotal,
    base_tax_amount: 0,
    base_total_due: totalDue,
    base_to_global_rate: 1,
    base_to_order_rate: 1,
    ...(billing ? { billing_address_id: billing.entity_id } : {}),
    created_at: order.created_at,
    ...(order.customer_id === null ? {} : { customer_id: order.customer_id }),
    customer_email: order.customer_email,
    ...(order.customer_firstname === null ? {} : { customer_firstname: order.customer_firstname }),
    customer_group_id: order.customer_id === null ? 0 : 1,
    customer_is_guest: order.customer_is_guest,
    ...(order.customer_lastname === null ? {} : { customer_lastname: order.customer_lastname }),
    customer_note_notify: 1,
    discount_amount: 0,
    email_sent: 1,
    entity_id: order.entity_id,
    global_currency_code: code,
    grand_total: order.grand_total,
    discount_tax_compensation_amount: 0,
    increment_id: order.increment_id,
    is_virtual: 0,
    order_currency_code: code,
    quote_id: order.quote_id,
    shipping_amount: order.shipping_amount,
    shipping_description: order.shipping_description,
    shipping_discount_amount: 0,
    shipping_discount_tax_compensation_amount: 0,
    shipping_incl_tax: order.shipping_amount,
    shipping_tax_amount: 0,
    state: order.state,
    status: order.status,
    store_currency_code: code,
    store_id: order.store_id,
    store_name: 'Main Website\nMain Website Store\nDefault Store View',
    store_to_base_rate: 0,
    store_to_order_rate: 0,
    subtotal: order.subtotal,
    subtotal_incl_tax: order.subtotal,
    tax_amount: 0,
    total_due: totalDue,
    total_item_count: items.length,
    total_qty_ordered: order.total_qty,
    updated_at: order.updated_at,
    items,
    ...(billing ? { billing_address: serializeOrderAddress(billing) } : {}),
    payment: {
      account_status: null,
      additional_information: ['Check / Money order'],
      amount_ordered: order.grand_total,
      base_amount_ordered: order.grand_total,
      base_shipping_amount: order.shipping_amount,
      cc_last4: null,
      entity_id: order.entity_id,
      method: order.payment_method,
      parent_id: order.entity_id,
      shipping_amount: order.shipping_amount,
    },
    status_histories: histories,
    extension_attributes: {
      shipping_assignments: shipping
        ? [
            {
              shipping: {
                address: serializeOrderAddress(shipping),
                method: order.shipping_method,
                total: {
                  base_shipping_amount: order.shipping_amount,
                  base_shipping_discount_amount: 0,
                  base_shipping_discount_tax_compensation_amnt: 0,
                  base_shipping_incl_tax: order.shipping_amount,
                  base_shipping_tax_amount: 0,
                  shipping_amount: order.shipping_amount,
                  shipping_discount_amount: 0,
                  shipping_discount_tax_compensation_amount: 0,
                  shipping_incl_tax: order.shipping_amount,
                  shipping_tax_amount: 0,
                },
              },
              items,
            },
          ]
        : [],
      payment_additional_info: [{ key: 'method_title', value: 'Check / Money order' }],
      applied_taxes: [],
      item_applied_taxes: [],
      converting_from_quote: false,
    },
  };
}

/** Magento's order states for the statuses an integration sets. */
const STATE_OF_STATUS: Readonly<Record<string, string>> = {
  pending: 'new',
  processing: 'processing',
  complete: 'complete',
  closed: 'closed',
  canceled: 'canceled',
  holded: 'holded',
};

/** `POST /V1/orders` with `entity_id`: only the status (and its state) changes; returns the full order. */
export function saveOrder(db: Database, entity: Input, settings: CartSettings) {
  const id = entity['entity_id'];
  if (typeof id !== 'number') throw errors.required(['entity_id']);
  return db.transaction(() => {
    const order = db.get<OrderRow>('SELECT * FROM orders WHERE entity_id = ?', id);
    if (!order) throw errors.orderNotFound();
    const status =
      typeof entity['status'] === 'string' && entity['status'] !== '' ? entity['status'] : order.status;
    const state =
      typeof entity['state'] === 'string' ? entity['state'] : (STATE_OF_STATUS[status] ?? order.state);
    if (status !== order.status || state !== order.state) {
      const now = magentoDate();
      db.run(
        'UPDATE orders SET status = ?, state = ?, updated_at = ? WHERE entity_id = ?',
        status,
        state,
        now,
        id,
      );
      db.run(
        'INSERT INTO order_status_history (parent_id, status, comment, created_at) VALUES (?, ?, NULL, ?)',
        id,
        status,
        now,
      );
    }
    return getOrder(db, id, settings);
  });
}
