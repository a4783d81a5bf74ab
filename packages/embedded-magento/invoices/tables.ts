/** Magento_Sales' invoice tables: invoices, their items and comments; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
-- Magento_Sales' invoices (sales_invoice, sales_invoice_item, sales_invoice_comment): written only by
-- invoices/invoice-order.ts. What an order has invoiced (its items' qty_invoiced, its total_invoiced and
-- total_paid) is summed from these rows, not kept twice on the order. One currency: base_* are these.
CREATE TABLE IF NOT EXISTS invoices (
  entity_id INTEGER PRIMARY KEY,
  increment_id TEXT NOT NULL UNIQUE,
  order_id INTEGER NOT NULL REFERENCES orders (entity_id) ON DELETE CASCADE,
  store_id INTEGER NOT NULL,
  -- 1 open, 2 paid, 3 canceled (Invoice::STATE_*).
  state INTEGER NOT NULL,
  billing_address_id INTEGER,
  shipping_address_id INTEGER,
  subtotal REAL NOT NULL,
  subtotal_incl_tax REAL NOT NULL,
  -- Negative, as Magento keeps it.
  discount_amount REAL NOT NULL,
  discount_description TEXT,
  -- NULL where the shipping collector left it unset (no shipping, or charged on an earlier invoice).
  shipping_amount REAL NOT NULL,
  shipping_incl_tax REAL,
  shipping_tax_amount REAL,
  shipping_discount_tax_compensation_amount REAL,
  tax_amount REAL NOT NULL,
  discount_tax_compensation_amount REAL NOT NULL,
  grand_total REAL NOT NULL,
  total_qty REAL NOT NULL,
  can_void_flag INTEGER NOT NULL,
  email_sent INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS invoices_order ON invoices (order_id);
-- NULL money where Magento's collectors leave an item's field unset (a configurable's child item, no tax
-- or no discount on the order item), which REST then leaves out.
CREATE TABLE IF NOT EXISTS invoice_items (
  entity_id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES invoices (entity_id) ON DELETE CASCADE,
  order_item_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  qty REAL NOT NULL,
  price REAL NOT NULL,
  price_incl_tax REAL,
  row_total REAL,
  row_total_incl_tax REAL,
  tax_amount REAL,
  discount_tax_compensation_amount REAL,
  -- Positive, as Magento keeps an item's.
  discount_amount REAL
);
CREATE INDEX IF NOT EXISTS invoice_items_invoice ON invoice_items (parent_id);
CREATE INDEX IF NOT EXISTS invoice_items_order_item ON invoice_items (order_item_id);
CREATE TABLE IF NOT EXISTS invoice_comments (
  entity_id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES invoices (entity_id) ON DELETE CASCADE,
  comment TEXT NOT NULL,
  is_customer_notified INTEGER NOT NULL,
  is_visible_on_front INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS invoice_comments_invoice ON invoice_comments (parent_id);
`;
