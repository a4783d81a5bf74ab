/** MSI's tables: sources and source items, and the pickup location a cart or an order is collected from; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
-- MSI (magento/inventory 1.2): inventory_source with InventoryInStorePickup's columns, and
-- inventory_source_item for every source but \`default\`, whose items are the products' own qty and
-- is_in_stock (the legacy stock item MSI keeps in sync with the default source: inventory/source-items.ts).
-- Every source is linked to the one stock, "Default Stock" (derived: no stock-source-link API here).
CREATE TABLE IF NOT EXISTS inventory_sources (
  source_code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  description TEXT,
  latitude REAL,
  longitude REAL,
  country_id TEXT NOT NULL,
  region_id INTEGER,
  region TEXT,
  city TEXT,
  street TEXT,
  postcode TEXT NOT NULL,
  phone TEXT,
  email TEXT,
  contact_name TEXT,
  fax TEXT,
  use_default_carrier_config INTEGER NOT NULL DEFAULT 1,
  is_pickup_location_active INTEGER NOT NULL DEFAULT 0,
  frontend_name TEXT,
  frontend_description TEXT
);
-- InventoryCatalog's CreateDefaultSource.
INSERT OR IGNORE INTO inventory_sources (source_code, name, enabled, description, latitude, longitude, country_id, postcode)
  VALUES ('default', 'Default Source', 1, 'Default Source', 0, 0, 'US', '00000');
CREATE TABLE IF NOT EXISTS inventory_source_items (
  source_code TEXT NOT NULL REFERENCES inventory_sources (source_code) ON DELETE CASCADE,
  sku TEXT NOT NULL,
  quantity REAL NOT NULL DEFAULT 0,
  status INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (source_code, sku)
);
CREATE INDEX IF NOT EXISTS inventory_source_items_sku ON inventory_source_items (sku);
-- InventoryInStorePickupQuote's inventory_pickup_location_quote_address.
CREATE TABLE IF NOT EXISTS quote_address_pickup (
  address_id INTEGER PRIMARY KEY REFERENCES quote_addresses (id) ON DELETE CASCADE,
  pickup_location_code TEXT NOT NULL
);
-- InventoryInStorePickupSales' inventory_pickup_location_order and inventory_order_notification.
CREATE TABLE IF NOT EXISTS order_pickup (
  order_id INTEGER PRIMARY KEY REFERENCES orders (entity_id) ON DELETE CASCADE,
  pickup_location_code TEXT NOT NULL,
  send_notification INTEGER,
  notification_sent INTEGER
);
CREATE INDEX IF NOT EXISTS order_pickup_code ON order_pickup (pickup_location_code);
`;
