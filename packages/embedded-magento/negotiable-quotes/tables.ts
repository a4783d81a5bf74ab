/**
 * Magento_NegotiableQuote's tables (B2B for Adobe Commerce), reduced to what the storefront's calls and the
 * seller's REST calls need; created by the back end's database (db.ts) with every other module's. A
 * negotiable quote is a cart (`quotes`, `quote_items`, `quote_addresses`, `quote_payments`): the buyer's
 * cart becomes it on request and leaves the buyer's basket (it is no longer the active cart), so a quote
 * never changes the catalogue or what the buyer shops next.
 */
export const TABLES = `
-- negotiable_quote: one row per cart that is a negotiable quote. status is Adobe's system state
-- (NegotiableQuoteInterface::STATUS_*: created, processing_by_customer, submitted_by_customer,
-- processing_by_admin, submitted_by_admin, ordered, expired, declined, closed). negotiated_price_type 1 is a
-- percentage discount, 2 an amount off, 3 a proposed total; expiration_period is a day (YYYY-MM-DD) in the
-- store's time zone. snapshot keeps what the buyer last saw from the seller (JSON). is_deleted hides a
-- quote from the buyer (deleteNegotiableQuotes keeps the row, as Adobe does).
CREATE TABLE IF NOT EXISTS negotiable_quote (
  quote_id INTEGER PRIMARY KEY REFERENCES quotes (id) ON DELETE CASCADE,
  is_regular_quote INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  quote_name TEXT NOT NULL,
  negotiated_price_type INTEGER,
  negotiated_price_value REAL,
  shipping_price REAL,
  expiration_period TEXT,
  creator_type INTEGER NOT NULL DEFAULT 3,
  creator_id INTEGER NOT NULL,
  company_id INTEGER NOT NULL,
  email_notification_status INTEGER NOT NULL DEFAULT 0,
  has_unconfirmed_changes INTEGER NOT NULL DEFAULT 0,
  is_deleted INTEGER NOT NULL DEFAULT 0,
  order_id INTEGER,
  snapshot TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS negotiable_quote_company ON negotiable_quote (company_id);
CREATE INDEX IF NOT EXISTS negotiable_quote_creator ON negotiable_quote (creator_id);
-- negotiable_quote_item: the catalogue price a line had when it was quoted (original_price, incl VAT as
-- this shop's prices are) and the price the seller offers for it (negotiated_price, NULL for none: Adobe
-- keeps it as the quote item's custom price).
CREATE TABLE IF NOT EXISTS negotiable_quote_item (
  quote_item_id INTEGER PRIMARY KEY REFERENCES quote_items (item_id) ON DELETE CASCADE,
  original_price REAL NOT NULL,
  original_tax_amount REAL NOT NULL DEFAULT 0,
  original_discount_amount REAL NOT NULL DEFAULT 0,
  negotiated_price REAL
);
-- negotiable_quote_comment: creator_type 3 the buyer (a customer), 2 the seller (an admin or integration).
CREATE TABLE IF NOT EXISTS negotiable_quote_comment (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  parent_id INTEGER NOT NULL REFERENCES negotiable_quote (quote_id) ON DELETE CASCADE,
  creator_type INTEGER NOT NULL,
  creator_id INTEGER NOT NULL,
  is_decline INTEGER NOT NULL DEFAULT 0,
  is_draft INTEGER NOT NULL DEFAULT 0,
  comment TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS negotiable_quote_comment_parent ON negotiable_quote_comment (parent_id);
-- negotiable_quote_history: one row per change; log_data is JSON of what changed (status, comment, total,
-- expiration), as Adobe's history log keeps it. is_seller 1 for the seller, 0 the buyer; author_id 0 and
-- is_system 1 for the store itself (an expiry).
CREATE TABLE IF NOT EXISTS negotiable_quote_history (
  history_id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote_id INTEGER NOT NULL REFERENCES negotiable_quote (quote_id) ON DELETE CASCADE,
  is_seller INTEGER NOT NULL DEFAULT 0,
  author_id INTEGER NOT NULL DEFAULT 0,
  is_system INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  log_data TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS negotiable_quote_history_quote ON negotiable_quote_history (quote_id);
`;
