/**
 * The embedded back end's tables: Magento's entities, reduced to what the storefront's calls need. Each
 * module owns its tables (`<module>/tables.ts`); this puts them together, in the order they were first
 * released, and opens the database (db.ts) with them.
 */
import { Database } from './db.ts';
import { TABLES as catalogTables } from './catalog/tables.ts';
import { TABLES as authTables } from './auth/tables.ts';
import { TABLES as customersTables } from './customers/tables.ts';
import { TABLES as cartsTables } from './carts/tables.ts';
import { TABLES as ordersTables } from './orders/tables.ts';
import { TABLES as invoicesTables } from './invoices/tables.ts';
import { TABLES as wishlistTables } from './wishlist/tables.ts';
import { TABLES as salesRulesTables } from './sales-rules/tables.ts';
import { TABLES as cmsTables } from './cms/tables.ts';
import { TABLES as reviewsTables } from './reviews/tables.ts';
import { TABLES as returnsTables } from './returns/tables.ts';
import { TABLES as inventoryTables } from './inventory/tables.ts';
import { TABLES as productAlertsTables } from './product-alerts/tables.ts';
import { TABLES as companyTables } from './company/tables.ts';
import { TABLES as purchaseOrdersTables } from './purchase-orders/tables.ts';
import { TABLES as negotiableQuotesTables } from './negotiable-quotes/tables.ts';
import { TABLES as requisitionListsTables } from './requisition-lists/tables.ts';

/** The back end's own key-value notes (what was seeded, and when). */
const META = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

export const SCHEMA = [
  META,
  catalogTables,
  authTables,
  customersTables,
  cartsTables,
  ordersTables,
  invoicesTables,
  wishlistTables,
  salesRulesTables,
  cmsTables,
  reviewsTables,
  returnsTables,
  inventoryTables,
  productAlertsTables,
  companyTables,
  purchaseOrdersTables,
  negotiableQuotesTables,
  requisitionListsTables,
].join('');

/** The back end's SQLite file at `file` (`:memory:` for none), with every module's tables. */
export const openDatabase = (file: string): Database => new Database(file, SCHEMA);
