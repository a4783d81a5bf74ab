/**
 * Magento_PurchaseOrder's and Magento_PurchaseOrderRule's tables (B2B for Adobe Commerce), reduced to what
 * the GraphQL calls need; created by the back end's database (db.ts) with every other module's. Table and
 * column names are Adobe's where its `db_schema.xml` names them (`purchase_order`, `purchase_order_comment`,
 * `purchase_order_log`, `purchase_order_rule`, `purchase_order_rule_applies_to`,
 * `purchase_order_rule_approver`, `purchase_order_applied_rule`, `purchase_order_applied_rule_approver`).
 */
export const TABLES = `
-- A purchase order: the buyer's cart, kept (deactivated) as quote_id, with a JSON snapshot of its lines and
-- totals so the purchase order shows what was asked for whatever happens to the cart later. status is
-- Magento's lower-case code (pending, approval_required, approved, order_in_progress, order_placed,
-- order_failed, rejected, canceled, approved_pending_payment); approved_by the JSON array of the customer
-- ids who approved it. order_id is UNIQUE: one purchase order never gets two orders.
CREATE TABLE IF NOT EXISTS purchase_order (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  increment_id TEXT NOT NULL UNIQUE,
  quote_id INTEGER NOT NULL REFERENCES quotes (id),
  status TEXT NOT NULL DEFAULT 'pending',
  company_id INTEGER NOT NULL REFERENCES company (entity_id) ON DELETE CASCADE,
  creator_id INTEGER NOT NULL REFERENCES customers (id),
  order_id INTEGER UNIQUE,
  order_increment_id TEXT,
  grand_total REAL NOT NULL DEFAULT 0,
  shipping_amount REAL NOT NULL DEFAULT 0,
  payment_method TEXT NOT NULL,
  snapshot_quote TEXT NOT NULL DEFAULT '{}',
  approved_by TEXT NOT NULL DEFAULT '[]',
  is_validate INTEGER NOT NULL DEFAULT 0,
  auto_approve INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS purchase_order_company ON purchase_order (company_id);
CREATE INDEX IF NOT EXISTS purchase_order_creator ON purchase_order (creator_id);
CREATE TABLE IF NOT EXISTS purchase_order_comment (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  purchase_order_id INTEGER NOT NULL REFERENCES purchase_order (entity_id) ON DELETE CASCADE,
  creator_id INTEGER,
  comment TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS purchase_order_comment_po ON purchase_order_comment (purchase_order_id);
-- The purchase order's history: request_id is the purchase order, activity what happened (submit,
-- apply_rules, auto_approve, approve, reject, cancel, place_order, comment), request_log its parameters
-- (JSON) and owner_id who did it (NULL: the store itself).
CREATE TABLE IF NOT EXISTS purchase_order_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  request_id INTEGER NOT NULL REFERENCES purchase_order (entity_id) ON DELETE CASCADE,
  request_log TEXT NOT NULL DEFAULT '{}',
  owner_id INTEGER,
  activity TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS purchase_order_log_po ON purchase_order_log (request_id);
-- An approval rule of a company: conditions_serialized is the JSON condition ({attribute, operator, amount?,
-- currency?, quantity?}); applies_to_all 1 when no role is named (every role, later ones too).
CREATE TABLE IF NOT EXISTS purchase_order_rule (
  rule_id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  description TEXT,
  is_active INTEGER NOT NULL DEFAULT 1,
  company_id INTEGER NOT NULL REFERENCES company (entity_id) ON DELETE CASCADE,
  conditions_serialized TEXT NOT NULL,
  applies_to_all INTEGER NOT NULL DEFAULT 1,
  admin_approval_required INTEGER NOT NULL DEFAULT 0,
  manager_approval_required INTEGER NOT NULL DEFAULT 0,
  created_by INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, name)
);
CREATE TABLE IF NOT EXISTS purchase_order_rule_applies_to (
  rule_id INTEGER NOT NULL REFERENCES purchase_order_rule (rule_id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES company_roles (role_id) ON DELETE CASCADE,
  PRIMARY KEY (rule_id, role_id)
);
CREATE TABLE IF NOT EXISTS purchase_order_rule_approver (
  rule_id INTEGER NOT NULL REFERENCES purchase_order_rule (rule_id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES company_roles (role_id) ON DELETE CASCADE,
  PRIMARY KEY (rule_id, role_id)
);
-- A rule that applied to a purchase order when it was validated, with its name then (the rule may change).
CREATE TABLE IF NOT EXISTS purchase_order_applied_rule (
  applied_rule_id INTEGER PRIMARY KEY AUTOINCREMENT,
  purchase_order_id INTEGER NOT NULL REFERENCES purchase_order (entity_id) ON DELETE CASCADE,
  rule_id INTEGER,
  rule_name TEXT NOT NULL,
  is_approved INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS purchase_order_applied_rule_po ON purchase_order_applied_rule (purchase_order_id);
-- Who must approve an applied rule: approver_type role (role_id names it), admin (the company
-- administrator) or manager (the buyer's manager); status 0 pending, 1 approved, 2 rejected, with the
-- customer who acted.
CREATE TABLE IF NOT EXISTS purchase_order_applied_rule_approver (
  applied_rule_approver_id INTEGER PRIMARY KEY AUTOINCREMENT,
  applied_rule_id INTEGER NOT NULL REFERENCES purchase_order_applied_rule (applied_rule_id) ON DELETE CASCADE,
  approver_type TEXT NOT NULL,
  role_id INTEGER,
  role_name TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0,
  customer_id INTEGER,
  updated_at TEXT
);
CREATE INDEX IF NOT EXISTS purchase_order_applied_rule_approver_rule
  ON purchase_order_applied_rule_approver (applied_rule_id);
`;
