/** Magento_ProductAlert's tables; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
-- Magento_ProductAlert's product_alert_price and product_alert_stock (ProductAlert/etc/db_schema.xml): one
-- row per customer, product and website, going with the customer and with the product (their foreign keys
-- cascade). A price alert keeps the price it last measured (at subscription, then at each e-mail); status
-- 1 once an e-mail went out. This shop has one website (1) and one store view (1).
CREATE TABLE IF NOT EXISTS product_alert_price (
  alert_price_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- DECIMAL(20,6) in Magento.
  price REAL NOT NULL DEFAULT 0,
  website_id INTEGER NOT NULL DEFAULT 0,
  store_id INTEGER DEFAULT 0,
  add_date TEXT NOT NULL,
  last_send_date TEXT,
  send_count INTEGER NOT NULL DEFAULT 0,
  status INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS product_alert_price_customer ON product_alert_price (customer_id);
CREATE INDEX IF NOT EXISTS product_alert_price_product ON product_alert_price (product_id);
CREATE TABLE IF NOT EXISTS product_alert_stock (
  alert_stock_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  website_id INTEGER NOT NULL DEFAULT 0,
  store_id INTEGER DEFAULT 0,
  add_date TEXT NOT NULL,
  send_date TEXT,
  send_count INTEGER NOT NULL DEFAULT 0,
  status INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS product_alert_stock_customer ON product_alert_stock (customer_id);
CREATE INDEX IF NOT EXISTS product_alert_stock_product ON product_alert_stock (product_id);
`;
