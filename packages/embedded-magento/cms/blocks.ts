/**
 * CMS blocks as Magento 2.4's `BlockRepository` keeps them (COMMERCE-BASICS.md §6): read by id or, for a
 * value that is not numeric, by identifier (`ResourceModel\Block::getBlockId`), in any store and active
 * or not; searched with searchCriteria (`is_active` is the filter field, `active` the output key, and
 * `store_id` the custom filter of `BlockStoreFilter`); deleted as its EntityManager does, and saved by
 * write.ts.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import { isPhpNumeric, m } from '../input.ts';
import { searchPage, type FieldMapping, type Filter, type SearchCriteria } from '../search-criteria.ts';

/** `Magento\Cms\Api\Data\BlockInterface` as a request body binds it. */
export const blockDto = m.dto({
  id: m.int(),
  identifier: m.string(),
  title: m.string(),
  content: m.string(),
  creation_time: m.string(),
  update_time: m.string(),
  active: m.bool(),
});
export type BlockInput = z.output<typeof blockDto>;

export const blockRow = z.object({
  block_id: sqlNumber,
  title: z.string(),
  identifier: z.string(),
  content: z.string().nullable(),
  creation_time: z.string(),
  update_time: z.string(),
  is_active: sqlNumber,
});
export type BlockRow = z.output<typeof blockRow>;

/** All Store Views. The demo has one store view, so Magento's `hasSingleStore()` holds. */
export const ALL_STORES = 0;

/** A stored block in `BlockInterface`'s getter order; a null content is left out, as Magento omits null. */
export function serializeBlock(row: BlockRow) {
  return {
    id: row.block_id,
    identifier: row.identifier,
    title: row.title,
    ...(row.content === null ? {} : { content: row.content }),
    creation_time: row.creation_time,
    update_time: row.update_time,
    active: row.is_active !== 0,
  };
}

const notFound = (blockId: string) =>
  new MagentoError(404, 'The CMS block with the "%1" ID doesn\'t exist.', [blockId]);

/**
 * The block a path's `blockId` names: a numeric value is an id, anything else an identifier (the first
 * block with it, whatever its store; Magento's LIMIT 1 has no order, ours takes the oldest).
 */
function findBlock(db: Database, blockId: string): BlockRow | undefined {
  if (isPhpNumeric(blockId)) {
    const id = Number(blockId);
    return id ? db.get(blockRow, 'SELECT * FROM cms_block WHERE block_id = ?', id) : undefined;
  }
  return db.get(blockRow, 'SELECT * FROM cms_block WHERE identifier = ? ORDER BY block_id LIMIT 1', blockId);
}

/** `GET /V1/cmsBlock/:blockId`. */
export function getBlock(db: Database, blockId: string) {
  const row = findBlock(db, blockId);
  if (!row) throw notFound(blockId);
  return serializeBlock(row);
}

/** `DELETE /V1/cmsBlock/:blockId` (an id or an identifier): true, and the identifier that went. */
export function deleteBlock(db: Database, blockId: string): { answer: true; identifier: string } {
  return db.transaction(() => {
    const row = findBlock(db, blockId);
    if (!row) throw notFound(blockId);
    db.run('DELETE FROM cms_block WHERE block_id = ?', row.block_id);
    return { answer: true, identifier: row.identifier };
  });
}

const BLOCK_COLUMNS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(blockRow.shape).map((column) => [column, `b.${column}`]),
);

/**
 * `BlockStoreFilter`: blocks of that store view only (without All Store Views), whatever the condition
 * type; the value compares as MySQL compares a number with a string (its numeric prefix, else 0).
 */
function storeFilter(filter: Filter) {
  if (filter.field !== 'store_id') return undefined;
  const store = Number.parseFloat(filter.value);
  return {
    sql: 'EXISTS (SELECT 1 FROM cms_block_store s WHERE s.block_id = b.block_id AND s.store_id = ?)',
    params: [Number.isNaN(store) ? 0 : store],
  };
}

/** Any other field is a column `cms_block` lacks: SQLite refuses it, and the caller gets the masked 500. */
const blockFields: FieldMapping = {
  expression: (field) => BLOCK_COLUMNS[field] ?? `b.[${field.replace(/\W/g, '')}]`,
  custom: storeFilter,
};

/** `GET /V1/cmsBlock/search`. */
export function searchBlocks(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    { table: 'cms_block', alias: 'b', mapping: blockFields, tieBreak: 'b.block_id ASC', row: blockRow },
    criteria,
  );
  return { items: rows.map(serializeBlock), search_criteria: criteria, total_count: total };
}
