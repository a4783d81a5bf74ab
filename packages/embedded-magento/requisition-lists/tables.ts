/** B2B for Adobe Commerce's requisition lists' tables; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
-- Magento_RequisitionList's requisition_list and requisition_list_item: a customer's named lists, going
-- with the customer (cascade), and their lines, going with the list. A line keeps the sku, not the product
-- id, as Adobe's does: a product deleted later leaves the line, which then cannot go to the cart. \`options\`
-- is the buy request's choice as JSON (a configurable's super attributes), \`{}\` for none.
CREATE TABLE IF NOT EXISTS requisition_list (
  entity_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS requisition_list_customer ON requisition_list (customer_id);
CREATE TABLE IF NOT EXISTS requisition_list_item (
  id INTEGER PRIMARY KEY,
  requisition_list_id INTEGER NOT NULL REFERENCES requisition_list (entity_id) ON DELETE CASCADE,
  sku TEXT NOT NULL,
  -- DECIMAL(12,4) in Magento.
  qty REAL NOT NULL,
  options TEXT NOT NULL DEFAULT '{}',
  store_id INTEGER NOT NULL DEFAULT 1,
  added_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS requisition_list_item_list ON requisition_list_item (requisition_list_id);
`;
