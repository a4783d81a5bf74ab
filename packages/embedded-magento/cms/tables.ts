/** Magento_Cms's block tables: blocks and the store views they show in; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
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
`;
