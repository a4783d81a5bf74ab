/** Magento_SalesRule's tables: cart price rules, their coupons and how often each was used; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
-- Magento_SalesRule's tables (SalesRule/etc/db_schema.xml), with the rule's websites, customer groups
-- and store labels kept as JSON lists on the rule instead of three link tables. Column defaults are
-- Magento's.
CREATE TABLE IF NOT EXISTS salesrule (
  rule_id INTEGER PRIMARY KEY,
  name TEXT,
  description TEXT,
  -- Days (YYYY-MM-DD) in the store's time zone; to_date is the last day the rule applies.
  from_date TEXT,
  to_date TEXT,
  uses_per_customer INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 0,
  -- ConditionInterface trees as saved (JSON), NULL for none.
  conditions_serialized TEXT,
  actions_serialized TEXT,
  stop_rules_processing INTEGER NOT NULL DEFAULT 1,
  is_advanced INTEGER NOT NULL DEFAULT 1,
  product_ids TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  simple_action TEXT,
  discount_amount REAL NOT NULL DEFAULT 0,
  discount_qty REAL,
  discount_step INTEGER NOT NULL DEFAULT 0,
  apply_to_shipping INTEGER NOT NULL DEFAULT 0,
  times_used INTEGER NOT NULL DEFAULT 0,
  is_rss INTEGER NOT NULL DEFAULT 1,
  -- 1 NO_COUPON, 2 SPECIFIC_COUPON, 3 AUTO (Rule::COUPON_TYPE_*).
  coupon_type INTEGER NOT NULL DEFAULT 1,
  use_auto_generation INTEGER NOT NULL DEFAULT 0,
  uses_per_coupon INTEGER NOT NULL DEFAULT 0,
  -- "0" none, "1" matching items only, "2" the whole shipment.
  simple_free_shipping TEXT,
  website_ids TEXT NOT NULL DEFAULT '[]',
  customer_group_ids TEXT NOT NULL DEFAULT '[]',
  store_labels TEXT NOT NULL DEFAULT '[]'
);
-- Codes compare case-insensitively, as MySQL's collation makes Magento's lookups do.
CREATE TABLE IF NOT EXISTS salesrule_coupon (
  coupon_id INTEGER PRIMARY KEY,
  rule_id INTEGER NOT NULL REFERENCES salesrule (rule_id) ON DELETE CASCADE,
  code TEXT UNIQUE COLLATE NOCASE,
  usage_limit INTEGER,
  usage_per_customer INTEGER,
  times_used INTEGER NOT NULL DEFAULT 0,
  expiration_date TEXT,
  is_primary INTEGER,
  created_at TEXT,
  type INTEGER DEFAULT 0
);
CREATE INDEX IF NOT EXISTS salesrule_coupon_rule ON salesrule_coupon (rule_id);
-- How often a customer has used a rule (uses_per_customer) and a coupon (usage_per_customer), counted
-- when an order is placed. Guests have no rows: their use is not limited per customer.
CREATE TABLE IF NOT EXISTS salesrule_customer (
  rule_id INTEGER NOT NULL REFERENCES salesrule (rule_id) ON DELETE CASCADE,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  times_used INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (rule_id, customer_id)
);
CREATE TABLE IF NOT EXISTS salesrule_coupon_usage (
  coupon_id INTEGER NOT NULL REFERENCES salesrule_coupon (coupon_id) ON DELETE CASCADE,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  times_used INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (coupon_id, customer_id)
);
`;
