/**
 * Magento_Company's and Magento_CompanyCredit's tables (B2B for Adobe Commerce), reduced to what the
 * storefront's calls need; created by the back end's database (db.ts) with every other module's. Column
 * names are Adobe's (`company`, `company_advanced_customer_entity`, `company_structure`, `company_team`,
 * `company_roles`, `company_permissions`, `company_user_roles`, `company_credit`, `company_credit_history`,
 * `company_order_entity`, `purchase_order_company_config`).
 */
export const TABLES = `
-- company: status 0 pending approval, 1 approved, 2 rejected, 3 blocked (CompanyInterface::STATUS_*);
-- super_user_id is the company administrator, a customer.
CREATE TABLE IF NOT EXISTS company (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  status INTEGER NOT NULL DEFAULT 0,
  company_name TEXT NOT NULL,
  legal_name TEXT,
  company_email TEXT NOT NULL COLLATE NOCASE,
  vat_tax_id TEXT,
  reseller_id TEXT,
  comment TEXT,
  street TEXT NOT NULL DEFAULT '[]',
  city TEXT,
  country_id TEXT,
  region TEXT,
  region_id INTEGER,
  postcode TEXT,
  telephone TEXT,
  customer_group_id INTEGER NOT NULL DEFAULT 1,
  sales_representative_id INTEGER,
  super_user_id INTEGER NOT NULL REFERENCES customers (id),
  reject_reason TEXT,
  rejected_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_email)
);
-- A customer's place in a company: one company per customer; status 1 active, 0 inactive.
CREATE TABLE IF NOT EXISTS company_advanced_customer_entity (
  customer_id INTEGER PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  company_id INTEGER NOT NULL REFERENCES company (entity_id) ON DELETE CASCADE,
  job_title TEXT,
  status INTEGER NOT NULL DEFAULT 1,
  telephone TEXT
);
CREATE INDEX IF NOT EXISTS company_advanced_customer_company ON company_advanced_customer_entity (company_id);
CREATE TABLE IF NOT EXISTS company_team (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL REFERENCES company (entity_id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT
);
-- The company's tree: entity_type 0 a customer, 1 a team; path is the ids of the structure rows from the
-- root (the administrator) down, joined by '/'.
CREATE TABLE IF NOT EXISTS company_structure (
  structure_id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL REFERENCES company (entity_id) ON DELETE CASCADE,
  parent_id INTEGER NOT NULL DEFAULT 0,
  entity_id INTEGER NOT NULL,
  entity_type INTEGER NOT NULL,
  path TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0,
  level INTEGER NOT NULL DEFAULT 0,
  UNIQUE (entity_type, entity_id)
);
CREATE INDEX IF NOT EXISTS company_structure_parent ON company_structure (parent_id);
CREATE TABLE IF NOT EXISTS company_roles (
  role_id INTEGER PRIMARY KEY AUTOINCREMENT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  role_name TEXT NOT NULL,
  company_id INTEGER NOT NULL REFERENCES company (entity_id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS company_permissions (
  permission_id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL REFERENCES company (entity_id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES company_roles (role_id) ON DELETE CASCADE,
  resource_id TEXT NOT NULL,
  permission TEXT NOT NULL DEFAULT 'deny'
);
CREATE INDEX IF NOT EXISTS company_permissions_role ON company_permissions (role_id);
CREATE TABLE IF NOT EXISTS company_user_roles (
  user_role_id INTEGER PRIMARY KEY AUTOINCREMENT,
  role_id INTEGER NOT NULL REFERENCES company_roles (role_id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL UNIQUE REFERENCES customers (id) ON DELETE CASCADE
);
-- Magento_CompanyCredit: one credit line per company, its history a ledger (type 1 allocated, 2 updated,
-- 3 purchased, 4 reimbursed, 5 refunded, 6 reverted).
CREATE TABLE IF NOT EXISTS company_credit (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL UNIQUE REFERENCES company (entity_id) ON DELETE CASCADE,
  credit_limit REAL,
  balance REAL NOT NULL DEFAULT 0,
  currency_code TEXT NOT NULL DEFAULT 'GBP',
  exceed_limit INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS company_credit_history (
  entity_id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_credit_id INTEGER NOT NULL REFERENCES company_credit (entity_id) ON DELETE CASCADE,
  user_id INTEGER,
  user_type INTEGER,
  currency_credit TEXT NOT NULL DEFAULT 'GBP',
  currency_operation TEXT NOT NULL DEFAULT 'GBP',
  rate REAL NOT NULL DEFAULT 1,
  amount REAL NOT NULL DEFAULT 0,
  balance REAL NOT NULL DEFAULT 0,
  credit_limit REAL,
  available_limit REAL,
  type INTEGER NOT NULL,
  datetime TEXT NOT NULL,
  purchase_order TEXT,
  comment TEXT
);
CREATE INDEX IF NOT EXISTS company_credit_history_credit ON company_credit_history (company_credit_id);
-- Which company an order was placed for (the sales order's company extension attribute).
CREATE TABLE IF NOT EXISTS company_order_entity (
  order_id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL,
  company_name TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS company_order_entity_company ON company_order_entity (company_id);
-- An invitation createCompanyUser sends a customer who already has an account (Adobe adds them only when
-- they accept): what the inviting user chose, the code the e-mail carries, and when it closed (accepted,
-- replaced by a newer one, or void once the customer left the company).
CREATE TABLE IF NOT EXISTS company_invitation (
  invitation_id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL REFERENCES company (entity_id) ON DELETE CASCADE,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL,
  parent_id INTEGER NOT NULL,
  job_title TEXT,
  telephone TEXT,
  status INTEGER NOT NULL DEFAULT 1,
  code TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  closed_at TEXT
);
-- Magento_NegotiableQuote's per-company quote switch; no row reads as its column default (quotes on).
-- And the company attributes of customers in no company: Magento keeps those in
-- company_advanced_customer_entity with company id 0, which that table's key to company cannot hold here
-- (a customer saved with none, or one whose company was deleted, which leaves them inactive).
CREATE TABLE IF NOT EXISTS negotiable_quote_company_config (
  company_entity_id INTEGER PRIMARY KEY REFERENCES company (entity_id) ON DELETE CASCADE,
  is_quote_enabled INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS customer_company_attributes (
  customer_id INTEGER PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  job_title TEXT,
  status INTEGER NOT NULL DEFAULT 1,
  telephone TEXT
);
-- Magento_PurchaseOrder's per-company switch.
CREATE TABLE IF NOT EXISTS purchase_order_company_config (
  company_entity_id INTEGER PRIMARY KEY REFERENCES company (entity_id) ON DELETE CASCADE,
  is_purchase_order_enabled INTEGER NOT NULL DEFAULT 0
);
`;
