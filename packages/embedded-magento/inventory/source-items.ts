/**
 * MSI's source items (`SourceItemRepositoryInterface::getList`, `SourceItemsSaveInterface`,
 * `SourceItemsDeleteInterface`). The `default` source's items are the products' own `qty` and
 * `is_in_stock`: MSI keeps the legacy stock item and the default source item in step
 * (`SetDataToLegacyCatalogInventoryAtSourceItemsSavePlugin`), so here they are one record, read from
 * `products` and written to it. Every other source's are `inventory_source_items`, which, as in MSI (no
 * foreign key from `inventory_source_item.sku` to the catalogue), may name a sku the catalogue lacks.
 */
import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import { m } from '../input.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import { DEFAULT_SOURCE, findSource } from './sources.ts';

/** Product types MSI keeps source items for (`IsSourceItemManagementAllowedForProductType`). */
export const STOCKED_TYPES = "('simple', 'virtual', 'downloadable')";

/** Every source item: the default source's from the products, the others' from their table. */
export const ALL_SOURCE_ITEMS = `(SELECT '${DEFAULT_SOURCE}' AS source_code, sku, qty AS quantity, is_in_stock AS status
    FROM products WHERE type_id IN ${STOCKED_TYPES}
  UNION ALL SELECT source_code, sku, quantity, status FROM inventory_source_items)`;

export const sourceItemRow = z.object({
  sku: z.string(),
  source_code: z.string(),
  quantity: sqlNumber,
  status: sqlNumber,
});
export type SourceItemRow = z.output<typeof sourceItemRow>;

/** `SourceItemInterface` in its getters' order. */
const serializeSourceItem = (row: SourceItemRow) => ({
  sku: row.sku,
  source_code: row.source_code,
  quantity: row.quantity,
  status: row.status,
});

const ITEM_FIELDS = ['sku', 'source_code', 'quantity', 'status'];
const itemFields: FieldMapping = {
  expression: (field) => (ITEM_FIELDS.includes(field) ? `i.${field}` : `i.[${field.replace(/\W/g, '')}]`),
};

/** `GET /V1/inventory/source-items`. */
export function searchSourceItems(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    {
      table: ALL_SOURCE_ITEMS,
      alias: 'i',
      mapping: itemFields,
      tieBreak: 'i.source_code, i.sku',
      row: sourceItemRow,
    },
    criteria,
  );
  return { items: rows.map(serializeSourceItem), search_criteria: criteria, total_count: total };
}

export const sourceItemDto = m.dto({
  sku: m.string(),
  source_code: m.string(),
  quantity: m.mixed(),
  status: m.int(),
  extension_attributes: m.mixed(),
});
export type SourceItemInput = z.output<typeof sourceItemDto>;

const inputDataEmpty = () => new MagentoError(400, 'Input data is empty');

type Phrase = { message: string; parameters: Record<string, string> };
const phrase = (message: string, name: string): Phrase => ({ message, parameters: { field: name } });

/** PHP 8's is_numeric() for what a `float` getter left as sent. */
const isNumeric = (value: unknown): boolean =>
  typeof value === 'number' ||
  (typeof value === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(value));

/** `SourceItemValidatorChain`: sku, source code, quantity, status, in di.xml's order. */
function itemProblems(item: SourceItemInput): Phrase[] {
  const sku = item.sku ?? '';
  const code = item.source_code ?? '';
  return [
    ...(sku.trim() === '' ? [phrase('"%field" can not be empty.', 'sku')] : []),
    ...(sku.trim() !== sku ? [phrase('"%field" can not contain leading or trailing spaces.', 'sku')] : []),
    ...(code.trim() === '' ? [phrase('"%field" can not be empty.', 'source_code')] : []),
    ...(/\s/.test(code) ? [phrase('"%field" can not contain whitespaces.', 'source_code')] : []),
    ...(isNumeric(item.quantity) ? [] : [phrase('"%field" should be numeric.', 'quantity')]),
    ...(item.status === 0 || item.status === 1 ? [] : [phrase('"%field" should a known status.', 'status')]),
  ];
}

/** How Magento renders the first phrase into "Validation Failed: …" (the string cast substitutes it). */
const rendered = (problem: Phrase): string =>
  problem.message.replace('%field', problem.parameters['field'] ?? '');

/**
 * `SourceItemsSaveHandler::execute`: nothing sent is "Input data is empty"; an invalid item fails them all
 * ("Validation Failed: <the first message>", every message in `errors`); an unknown source breaks the
 * foreign key, which Magento reports as "Could not save Source Item".
 */
export function saveSourceItems(db: Database, items: readonly (SourceItemInput | null)[]): [] {
  const sent = items.filter((item): item is SourceItemInput => item !== null);
  if (sent.length === 0) throw inputDataEmpty();
  const problems = sent.flatMap(itemProblems);
  const [first] = problems;
  if (first) throw new MagentoError(400, `Validation Failed: ${rendered(first)}`, undefined, problems);
  db.transaction(() => {
    for (const item of sent) {
      const code = item.source_code ?? '';
      if (!findSource(db, code)) throw new MagentoError(400, 'Could not save Source Item');
      writeItem(db, code, item.sku ?? '', Number(item.quantity), item.status ?? 0);
    }
  });
  return [];
}

/** One item written: to the product for the default source (a sku the catalogue lacks is skipped, as the plugin skips it). */
function writeItem(db: Database, code: string, sku: string, quantity: number, status: number): void {
  if (code === DEFAULT_SOURCE) {
    db.run(
      `UPDATE products SET qty = ?, is_in_stock = ? WHERE sku = ? AND type_id IN ${STOCKED_TYPES}`,
      quantity,
      status,
      sku,
    );
    return;
  }
  db.run(
    `INSERT INTO inventory_source_items (source_code, sku, quantity, status) VALUES (?, ?, ?, ?)
     ON CONFLICT (source_code, sku) DO UPDATE SET quantity = excluded.quantity, status = excluded.status`,
    code,
    sku,
    quantity,
    status,
  );
}

/**
 * `POST /V1/inventory/source-items-delete` (`SourceItemsDelete`): the items go; a default-source item
 * (the product's own stock record) is unassigned by zeroing it, out of stock (derived: the product keeps a
 * stock record here).
 */
export function deleteSourceItems(db: Database, items: readonly (SourceItemInput | null)[]): [] {
  const sent = items.filter((item): item is SourceItemInput => item !== null);
  if (sent.length === 0) throw inputDataEmpty();
  db.transaction(() => {
    for (const item of sent) {
      const params: SQLInputValue[] = [item.source_code ?? '', item.sku ?? ''];
      if (item.source_code === DEFAULT_SOURCE)
        db.run(`UPDATE products SET qty = 0, is_in_stock = 0 WHERE sku = ?`, item.sku ?? '');
      else db.run('DELETE FROM inventory_source_items WHERE source_code = ? AND sku = ?', ...params);
    }
  });
  return [];
}
