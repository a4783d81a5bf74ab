/** Magento_Sales' tables: orders, their items, addresses and status history, and shipments; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
CREATE TABLE IF NOT EXISTS orders (
  entity_id INTEGER PRIMARY KEY,
  increment_id TEXT NOT NULL UNIQUE,
  quote_id INTEGER NOT NULL,
  customer_id INTEGER,
  customer_email TEXT NOT NULL,
  customer_firstname TEXT,
  customer_lastname TEXT,
  customer_is_guest INTEGER NOT NULL,
  state TEXT NOT NULL,
  status TEXT NOT NULL,
  -- Excl VAT where the *_incl_tax and tax columns are set (tax.ts); orders written before VAT was kept
  -- have them NULL, and were charged no tax (their amounts are then the same incl and excl).
  subtotal REAL NOT NULL,
  subtotal_incl_tax REAL,
  shipping_amount REAL NOT NULL,
  shipping_incl_tax REAL,
  shipping_tax_amount REAL,
  tax_amount REAL,
  discount_tax_compensation_amount REAL,
  -- Negative, as Magento keeps it.
  discount_amount REAL NOT NULL DEFAULT 0,
  grand_total REAL NOT NULL,
  total_qty REAL NOT NULL,
  shipping_method TEXT NOT NULL,
  shipping_description TEXT NOT NULL,
  coupon_code TEXT,
  discount_description TEXT,
  -- The cart price rules that applied, comma-separated ids.
  applied_rule_ids TEXT,
  payment_method TEXT NOT NULL,
  -- The purchase-order number purchaseorder took (sales_order_payment.po_number); NULL otherwise.
  payment_po_number TEXT,
  -- The quote's customer group and the customer's VAT number when the order was placed (NULL: guest
  -- orders and orders written before these were kept).
  customer_group_id INTEGER,
  customer_taxvat TEXT,
  store_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS orders_quote ON orders (quote_id);
-- "My orders": a customer's orders newest first, a page at a time, even for a customer with thousands.
CREATE INDEX IF NOT EXISTS orders_customer ON orders (customer_id, created_at);
CREATE TABLE IF NOT EXISTS order_items (
  item_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (entity_id) ON DELETE CASCADE,
  quote_item_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  -- Excl VAT where the *_incl_tax and tax columns are set, as on the order; NULL on a configurable's child
  -- item (its parent carries the price) and on items written before VAT was kept.
  price REAL NOT NULL,
  price_incl_tax REAL,
  qty REAL NOT NULL,
  row_total REAL NOT NULL,
  row_total_incl_tax REAL,
  tax_amount REAL,
  tax_percent REAL,
  discount_tax_compensation_amount REAL,
  -- Positive, as Magento keeps an item's.
  discount_amount REAL NOT NULL DEFAULT 0,
  discount_percent REAL NOT NULL DEFAULT 0,
  product_type TEXT NOT NULL,
  -- A configurable's chosen options (the quote line's product_option, JSON); NULL otherwise. Magento also
  -- keeps a hidden child item (parent_item_id set) for the chosen simple product.
  product_option TEXT,
  parent_item_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS order_items_order ON order_items (order_id);
CREATE TABLE IF NOT EXISTS order_addresses (
  entity_id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES orders (entity_id) ON DELETE CASCADE,
  address_type TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS order_addresses_order ON order_addresses (parent_id);
-- The entries Magento itself writes (placing, a status saved) are the order's, told to no one and shown
-- to no one; a comment an integration adds says what it was sent (orders/history.ts).
CREATE TABLE IF NOT EXISTS order_status_history (
  entity_id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES orders (entity_id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  comment TEXT,
  created_at TEXT NOT NULL,
  is_customer_notified INTEGER DEFAULT 0,
  is_visible_on_front INTEGER NOT NULL DEFAULT 0,
  entity_name TEXT DEFAULT 'order'
);
CREATE INDEX IF NOT EXISTS order_status_history_order ON order_status_history (parent_id);
-- A minimal sales_shipment and sales_shipment_item, with InventoryShipping's source code.
CREATE TABLE IF NOT EXISTS shipments (
  entity_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (entity_id) ON DELETE CASCADE,
  source_code TEXT,
  total_qty REAL NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS shipments_order ON shipments (order_id);
CREATE TABLE IF NOT EXISTS shipment_items (
  entity_id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES shipments (entity_id) ON DELETE CASCADE,
  order_item_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  qty REAL NOT NULL
);
`;
