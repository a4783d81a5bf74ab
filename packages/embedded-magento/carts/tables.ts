/** Magento_Quote's tables: carts (quotes), their payment, items and addresses; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
CREATE TABLE IF NOT EXISTS quotes (
  id INTEGER PRIMARY KEY,
  masked_id TEXT UNIQUE,
  customer_id INTEGER REFERENCES customers (id),
  store_id INTEGER NOT NULL DEFAULT 1,
  is_active INTEGER NOT NULL DEFAULT 1,
  customer_is_guest INTEGER NOT NULL DEFAULT 1,
  shipping_method TEXT,
  reserved_order_id TEXT,
  -- The code a cart price rule was applied with: NULL before any, '' once removed or dropped.
  coupon_code TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS quotes_one_active_per_customer
  ON quotes (customer_id) WHERE is_active = 1 AND customer_id IS NOT NULL;
-- Magento's quote_payment: the method chosen for a quote (PUT /V1/carts/:cartId/selected-payment-method).
CREATE TABLE IF NOT EXISTS quote_payments (
  payment_id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL UNIQUE REFERENCES quotes (id) ON DELETE CASCADE,
  method TEXT NOT NULL,
  -- PaymentInterface::getPoNumber(): what Purchaseorder::assignData kept (NULL for other methods).
  po_number TEXT
);
CREATE TABLE IF NOT EXISTS quote_items (
  item_id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  price REAL NOT NULL,
  qty REAL NOT NULL,
  product_type TEXT NOT NULL,
  -- A configurable line: product_id is the parent's, sku the chosen child's, and this the cart's
  -- configurable_item_options as sent back ([{option_id: "155", option_value: 212}], JSON); NULL otherwise.
  product_option TEXT,
  UNIQUE (quote_id, sku)
);
CREATE TABLE IF NOT EXISTS quote_addresses (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  address_type TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  UNIQUE (quote_id, address_type)
);
-- quote_id_mask: the masked id a customer's cart is known by in GraphQL (cart_id), which becomes the
-- negotiable quote's uid. Guest carts keep theirs on quotes.masked_id; a customer's cart has none there,
-- so its mask here opens nothing on the guest-cart routes.
CREATE TABLE IF NOT EXISTS quote_id_mask (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote_id INTEGER NOT NULL UNIQUE REFERENCES quotes (id) ON DELETE CASCADE,
  masked_id TEXT NOT NULL UNIQUE
);
`;
