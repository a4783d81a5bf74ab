/** Mage-OS returns module's tables: statuses, reasons, resolutions, item conditions, returns, their items and comments; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
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
`;
