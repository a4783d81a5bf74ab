/**
 * The returns module's four lookups (statuses, reasons, resolution types, item conditions), one table
 * each of code, label, active flag and sort order, with the rows its data patches install
 * (Setup/Patch/Data/AddRma*.php). A data patch runs once per installation, so the defaults are written
 * once (a meta flag) and an admin's later deletes stay deleted.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

export type LookupKind = 'status' | 'reason' | 'resolution_type' | 'item_condition';

/** Each lookup's table and the name its repository's messages give it (`getEntityLabel()`). */
export const LOOKUPS: Readonly<Record<LookupKind, { readonly table: string; readonly label: string }>> = {
  status: { table: 'rma_status', label: 'RMA Status' },
  reason: { table: 'rma_reason', label: 'RMA Reason' },
  resolution_type: { table: 'rma_resolution_type', label: 'RMA Resolution Type' },
  item_condition: { table: 'rma_item_condition', label: 'RMA Item Condition' },
};

export const lookupRow = z.object({
  entity_id: sqlNumber,
  code: z.string(),
  label: z.string(),
  is_active: sqlNumber,
  sort_order: sqlNumber,
});
export type LookupRow = z.output<typeof lookupRow>;

/** `[code, label]` in sort order 10, 20, 30…, as each patch lists them. */
const DEFAULTS: Readonly<Record<LookupKind, readonly (readonly [string, string])[]>> = {
  status: [
    ['new_request', 'New Request'],
    ['need_details', 'Need Details'],
    ['approved', 'Approved'],
    ['rejected', 'Rejected'],
    ['shipped_by_customer', 'Shipped by Customer'],
    ['received_by_admin', 'Received by Admin'],
    ['canceled_by_customer', 'Canceled by Customer'],
    ['resolved', 'Resolved'],
  ],
  reason: [
    ['wrong_product_description', 'Wrong Product Description'],
    ['wrong_product_delivered', 'Wrong Product Delivered'],
    ['wrong_product_ordered', 'Wrong Product Ordered'],
    ['did_not_meet_expectations', 'Product Did Not Meet My Expectations'],
    ['no_longer_needed', 'No Longer Needed/Wanted'],
    ['defective', 'Defective/Does not Work Properly'],
    ['damaged_during_shipping', 'Damaged During Shipping'],
    ['late_delivery', 'Late Delivery of Items'],
  ],
  resolution_type: [
    ['repair', 'Repair'],
    ['return', 'Return'],
    ['exchange', 'Exchange'],
  ],
  item_condition: [
    ['damaged', 'Damaged'],
    ['opened', 'Opened'],
    ['unopened', 'Unopened'],
  ],
};

const INSTALLED = 'rma_lookups_installed';

/** The data patches: the default lookups, once per database. */
export function ensureReturnLookups(db: Database): void {
  if (db.meta(INSTALLED) === '1') return;
  db.transaction(() => {
    for (const [kind, rows] of Object.entries(DEFAULTS) as [LookupKind, (typeof DEFAULTS)[LookupKind]][]) {
      rows.forEach(([code, label], index) =>
        db.run(
          `INSERT INTO ${LOOKUPS[kind].table} (code, label, is_active, sort_order) VALUES (?, ?, 1, ?)
           ON CONFLICT (code) DO UPDATE SET label = excluded.label, is_active = 1, sort_order = excluded.sort_order`,
          code,
          label,
          (index + 1) * 10,
        ),
      );
    }
    db.setMeta(INSTALLED, '1');
  });
}

export function findLookup(db: Database, kind: LookupKind, id: number): LookupRow | undefined {
  return db.get(lookupRow, `SELECT * FROM ${LOOKUPS[kind].table} WHERE entity_id = ?`, id);
}

export function findLookupByCode(db: Database, kind: LookupKind, code: string): LookupRow | undefined {
  return db.get(lookupRow, `SELECT * FROM ${LOOKUPS[kind].table} WHERE code = ?`, code);
}

/** `ReturnLookupValue` (LabelResolver::resolveAsArray): null for an id naming no row. */
export function lookupValue(db: Database, kind: LookupKind, id: number | null) {
  const row = id === null ? undefined : findLookup(db, kind, id);
  return row ? { id: row.entity_id, code: row.code, label: row.label } : null;
}
