/** Magento_Catalog's and Magento_ConfigurableProduct's tables: categories, products and their links, configurable options, tier prices, attributes and their options; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
CREATE TABLE IF NOT EXISTS categories (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  url_key TEXT NOT NULL DEFAULT '',
  is_active INTEGER,
  position INTEGER NOT NULL DEFAULT 0,
  level INTEGER NOT NULL DEFAULT 0,
  path TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS categories_parent ON categories (parent_id, position);
CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  attribute_set_id INTEGER NOT NULL DEFAULT 4,
  price REAL NOT NULL DEFAULT 0,
  status INTEGER NOT NULL DEFAULT 1,
  visibility INTEGER NOT NULL DEFAULT 4,
  type_id TEXT NOT NULL DEFAULT 'simple',
  weight REAL,
  qty REAL NOT NULL DEFAULT 0,
  is_in_stock INTEGER NOT NULL DEFAULT 1,
  is_qty_decimal INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  attributes TEXT NOT NULL DEFAULT '{}',
  media TEXT NOT NULL DEFAULT '[]',
  links TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS products_url_key ON products (json_extract(attributes, '$.url_key'));
CREATE INDEX IF NOT EXISTS products_visibility ON products (visibility);
CREATE TABLE IF NOT EXISTS category_products (
  category_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, product_id)
);
CREATE INDEX IF NOT EXISTS category_products_product ON category_products (product_id);
-- Magento_ConfigurableProduct's catalog_product_super_attribute (with its label and the option ids the
-- product uses, as OptionInterface carries them) and catalog_product_super_link (COMMERCE-BASICS §3).
CREATE TABLE IF NOT EXISTS configurable_options (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  attribute_id INTEGER NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0,
  is_use_default INTEGER NOT NULL DEFAULT 0,
  -- The option ids (value_index) as a JSON list of integers, in the order saved.
  value_indexes TEXT NOT NULL DEFAULT '[]',
  UNIQUE (product_id, attribute_id)
);
CREATE TABLE IF NOT EXISTS configurable_links (
  parent_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  child_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  PRIMARY KEY (parent_id, child_id)
);
CREATE INDEX IF NOT EXISTS configurable_links_child ON configurable_links (child_id);
-- catalog_product_entity_tier_price: customer_group_id 32000 is ALL GROUPS (all_groups = 1 in Magento's
-- table), percentage_value set for a percentage tier, website_id 0 for all websites (COMMERCE-BASICS §4).
CREATE TABLE IF NOT EXISTS tier_prices (
  value_id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  customer_group_id INTEGER NOT NULL,
  qty REAL NOT NULL,
  value REAL NOT NULL,
  percentage_value REAL,
  website_id INTEGER NOT NULL DEFAULT 0,
  UNIQUE (product_id, customer_group_id, qty, website_id)
);
CREATE TABLE IF NOT EXISTS attributes (
  attribute_id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  frontend_input TEXT NOT NULL,
  backend_type TEXT NOT NULL,
  is_user_defined INTEGER NOT NULL,
  is_required INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0,
  -- catalog_eav_attribute's flags: 0 no, 1 filterable (with results), 2 filterable (no results).
  is_filterable INTEGER NOT NULL DEFAULT 0,
  is_filterable_in_search INTEGER NOT NULL DEFAULT 0,
  used_for_sort_by INTEGER NOT NULL DEFAULT 0,
  is_comparable INTEGER NOT NULL DEFAULT 0,
  -- Quick search looks in this attribute's values (Catalog/etc/db_schema.xml: smallint, default 0).
  is_searchable INTEGER NOT NULL DEFAULT 0
);
-- Magento's eav_attribute_option (+ its admin label): the choices of a select or multiselect attribute.
CREATE TABLE IF NOT EXISTS attribute_options (
  option_id INTEGER PRIMARY KEY,
  attribute_id INTEGER NOT NULL REFERENCES attributes (attribute_id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS attribute_options_attribute ON attribute_options (attribute_id, sort_order);
`;
