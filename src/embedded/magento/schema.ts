/** The embedded back end's tables: Magento's entities, reduced to what the storefront's calls need. */

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

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

CREATE TABLE IF NOT EXISTS admins (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL
);

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

CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY,
  user_type INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER
);

CREATE TABLE IF NOT EXISTS login_failures (
  user_type INTEGER NOT NULL,
  username TEXT NOT NULL COLLATE NOCASE,
  failures INTEGER NOT NULL,
  locked_until INTEGER,
  PRIMARY KEY (user_type, username)
);

-- An integration's OAuth 1.0a consumer and access token (Magento's oauth_consumer, oauth_token) and the
-- nonces each consumer has used (oauth_nonce), kept for oauth/cleanup/expiration_period.
CREATE TABLE IF NOT EXISTS oauth_consumer (
  entity_id INTEGER PRIMARY KEY,
  consumer_key TEXT NOT NULL UNIQUE,
  secret TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS oauth_token (
  token TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  consumer_id INTEGER NOT NULL REFERENCES oauth_consumer (entity_id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS oauth_nonce (
  nonce TEXT NOT NULL,
  consumer_id INTEGER NOT NULL REFERENCES oauth_consumer (entity_id) ON DELETE CASCADE,
  timestamp INTEGER NOT NULL,
  PRIMARY KEY (nonce, consumer_id)
);
CREATE INDEX IF NOT EXISTS oauth_nonce_timestamp ON oauth_nonce (timestamp);

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

-- Magento_Cms's blocks (Cms/etc/db_schema.xml): the text of each block with the store views it shows in
-- (store 0: All Store Views). Identifiers are not unique in the table: Magento checks them per store on
-- save. Texts compare case-insensitively, as MySQL's collation makes Magento's filters and that check do;
-- times are YYYY-MM-DD HH:MM:SS UTC, as TIMESTAMP columns read in Magento's UTC session.
CREATE TABLE IF NOT EXISTS cms_block (
  block_id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL COLLATE NOCASE,
  identifier TEXT NOT NULL COLLATE NOCASE,
  content TEXT COLLATE NOCASE,
  creation_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS cms_block_identifier ON cms_block (identifier);
CREATE TABLE IF NOT EXISTS cms_block_store (
  block_id INTEGER NOT NULL REFERENCES cms_block (block_id) ON DELETE CASCADE,
  store_id INTEGER NOT NULL,
  PRIMARY KEY (block_id, store_id)
);
CREATE INDEX IF NOT EXISTS cms_block_store_store ON cms_block_store (store_id);

-- Magento_Review's ratings (Review/etc/db_schema.xml, data patch InitReviewStatusesAndData): a stock
-- install has Quality, Value and Price (ids 1-3) with options 1-5 each (ids 1-15), all product ratings
-- (rating_entity is left out), is_active 1 but in no store view's rating_store, so no storefront shows
-- them. rating_title (per-store labels) is left out: the rating code is its label.
CREATE TABLE IF NOT EXISTS rating (
  rating_id INTEGER PRIMARY KEY,
  rating_code TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS rating_option (
  option_id INTEGER PRIMARY KEY,
  rating_id INTEGER NOT NULL REFERENCES rating (rating_id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  value INTEGER NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS rating_option_rating ON rating_option (rating_id, position);
CREATE TABLE IF NOT EXISTS rating_store (
  rating_id INTEGER NOT NULL REFERENCES rating (rating_id) ON DELETE CASCADE,
  store_id INTEGER NOT NULL,
  PRIMARY KEY (rating_id, store_id)
);

-- Magento's review with its one review_detail row (title, detail, nickname, customer_id, store_id);
-- review_store is left out: every review is written in, and shown in, the default store view. A review
-- goes with its product (Review's product-delete observer) and keeps its text when its customer goes
-- (review_detail's SET NULL key). created_at is YYYY-MM-DD HH:MM:SS UTC (the resource model's gmtDate()).
CREATE TABLE IF NOT EXISTS review (
  review_id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL,
  entity_pk_value INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- 1 Approved, 2 Pending, 3 Not Approved (Review::STATUS_*).
  status_id INTEGER NOT NULL,
  store_id INTEGER NOT NULL DEFAULT 1,
  title TEXT NOT NULL,
  detail TEXT NOT NULL,
  nickname TEXT NOT NULL,
  customer_id INTEGER REFERENCES customers (id) ON DELETE SET NULL
);
-- A product's approved reviews newest first, and their count, straight from the index.
CREATE INDEX IF NOT EXISTS review_product ON review (entity_pk_value, status_id, created_at, review_id);
CREATE INDEX IF NOT EXISTS review_status ON review (status_id, created_at);
CREATE INDEX IF NOT EXISTS review_customer ON review (customer_id);

-- rating_option_vote: one rating of one review, with the option's value and percent (value / 5 * 100,
-- addVote() of Review/Model/ResourceModel/Rating/Option.php) copied in, as Magento does. rating_id is the rating the vote was given for,
-- which Magento never checks against the option's own.
CREATE TABLE IF NOT EXISTS rating_option_vote (
  vote_id INTEGER PRIMARY KEY,
  option_id INTEGER NOT NULL REFERENCES rating_option (option_id) ON DELETE CASCADE,
  review_id INTEGER NOT NULL REFERENCES review (review_id) ON DELETE CASCADE,
  rating_id INTEGER NOT NULL,
  entity_pk_value INTEGER NOT NULL,
  percent INTEGER NOT NULL,
  value INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_option_vote_review ON rating_option_vote (review_id, rating_id, value, percent);

-- Mage-OS's returns module (MageOS_RMA, etc/db_schema.xml; returns/): a return (rma_entity) of lines of one
-- order (rma_item), its comments (rma_comment) and the four lookups its data patches fill (returns/lookups.ts).
-- The lookups' per-store label tables are left out: the one store view uses each lookup's own label.
-- increment_id is the prefix and the entity id padded to 9 digits, set right after the insert as the
-- module's resource model does. Dates are YYYY-MM-DD HH:MM:SS UTC.
CREATE TABLE IF NOT EXISTS rma_status (
  entity_id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS rma_reason (
  entity_id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS rma_resolution_type (
  entity_id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS rma_item_condition (
  entity_id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS rma_entity (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  increment_id TEXT UNIQUE,
  order_id INTEGER NOT NULL REFERENCES orders (entity_id) ON DELETE CASCADE,
  customer_id INTEGER REFERENCES customers (id) ON DELETE SET NULL,
  store_id INTEGER NOT NULL DEFAULT 0,
  customer_email TEXT NOT NULL,
  customer_name TEXT NOT NULL,
  status_id INTEGER NOT NULL REFERENCES rma_status (entity_id),
  reason_id INTEGER NOT NULL REFERENCES rma_reason (entity_id),
  resolution_type_id INTEGER NOT NULL REFERENCES rma_resolution_type (entity_id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rma_entity_order ON rma_entity (order_id);
CREATE INDEX IF NOT EXISTS rma_entity_customer ON rma_entity (customer_id);
CREATE TABLE IF NOT EXISTS rma_item (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  rma_id INTEGER NOT NULL REFERENCES rma_entity (entity_id) ON DELETE CASCADE,
  order_item_id INTEGER NOT NULL REFERENCES order_items (item_id) ON DELETE CASCADE,
  qty_requested INTEGER NOT NULL,
  qty_approved INTEGER,
  qty_returned INTEGER,
  condition_id INTEGER REFERENCES rma_item_condition (entity_id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rma_item_rma ON rma_item (rma_id);
CREATE INDEX IF NOT EXISTS rma_item_order_item ON rma_item (order_item_id);
CREATE TABLE IF NOT EXISTS rma_comment (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  rma_id INTEGER NOT NULL REFERENCES rma_entity (entity_id) ON DELETE CASCADE,
  author_type TEXT NOT NULL,
  author_name TEXT NOT NULL,
  comment TEXT NOT NULL,
  is_visible_to_customer INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rma_comment_rma ON rma_comment (rma_id, created_at);
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
