/** Magento_Wishlist's tables: wish lists, their items and the items' options; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
-- Magento_Wishlist's tables (Wishlist/etc/db_schema.xml): one list per customer (UNIQUE customer_id, as in
-- Open Source), created lazily; its rows go with the customer and, like Magento's foreign keys, with the
-- product (a product deleted through the admin API takes its wish-list rows along).
CREATE TABLE IF NOT EXISTS wishlist (
  wishlist_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL UNIQUE REFERENCES customers (id) ON DELETE CASCADE,
  shared INTEGER NOT NULL DEFAULT 0,
  sharing_code TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS wishlist_item (
  wishlist_item_id INTEGER PRIMARY KEY,
  wishlist_id INTEGER NOT NULL REFERENCES wishlist (wishlist_id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  store_id INTEGER,
  added_at TEXT NOT NULL,
  description TEXT,
  -- DECIMAL(12,4) in Magento; a REAL keeps the same values for the quantities a shopper enters.
  qty REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS wishlist_item_wishlist ON wishlist_item (wishlist_id, wishlist_item_id);
CREATE INDEX IF NOT EXISTS wishlist_item_product ON wishlist_item (product_id);
-- Magento_Wishlist's wishlist_item_option: what an item was added with (code info_buyRequest, the buy
-- request as JSON, a configurable's super_attribute as [[attribute id, option id], ...] in the order
-- given) and, for a configurable whose choice matched a child, that child (simple_product, its product_id).
CREATE TABLE IF NOT EXISTS wishlist_item_option (
  option_id INTEGER PRIMARY KEY,
  wishlist_item_id INTEGER NOT NULL REFERENCES wishlist_item (wishlist_item_id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  code TEXT NOT NULL,
  value TEXT
);
CREATE INDEX IF NOT EXISTS wishlist_item_option_item ON wishlist_item_option (wishlist_item_id);
`;
