/** Magento_Customer's tables: groups, customers, their addresses and attribute values; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
-- Magento's customer_group (Customer/etc/db_schema.xml): code unique as MySQL's case-insensitive collation
-- makes ResourceModel/Group.php (_checkUnique) see it, ids never reused (auto_increment). Install rows and
-- the demo's trade groups come from customers/groups.ts (ensureCustomerGroups).
CREATE TABLE IF NOT EXISTS customer_groups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code TEXT NOT NULL UNIQUE COLLATE NOCASE,
  tax_class_id INTEGER NOT NULL DEFAULT 3
);
-- AUTOINCREMENT: a deleted customer's id is never given to a new one, as MySQL's auto_increment in
-- Magento's customer_entity never does (a file created before this keeps SQLite's reuse of the last id).
CREATE TABLE IF NOT EXISTS customers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL COLLATE NOCASE,
  website_id INTEGER NOT NULL DEFAULT 1,
  store_id INTEGER NOT NULL DEFAULT 1,
  group_id INTEGER NOT NULL DEFAULT 1,
  firstname TEXT NOT NULL,
  lastname TEXT NOT NULL,
  password_hash TEXT,
  default_billing INTEGER,
  default_shipping INTEGER,
  is_subscribed INTEGER NOT NULL DEFAULT 0,
  extra TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (email, website_id)
);
CREATE TABLE IF NOT EXISTS customer_addresses (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS customer_addresses_customer ON customer_addresses (customer_id);
-- The values of the customer's user-defined EAV attributes (customers/custom-attributes.ts), as Magento's
-- customer_entity_varchar keeps a text attribute's: a row per customer and attribute with a value (an
-- empty value is no row), gone with the customer (customer_entity_varchar's CASCADE key).
CREATE TABLE IF NOT EXISTS customer_attribute_values (
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  attribute_code TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (customer_id, attribute_code)
);
`;
