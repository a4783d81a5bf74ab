/**
 * Saving a CMS block as Magento 2.4's `BlockRepository::save` and its EntityManager do (blocks.ts reads,
 * searches and deletes them). A save is not a merge: like Magento, the model is built from the body alone.
 * A new row takes the body's columns (a missing title or identifier fails in MySQL, and Magento answers
 * with that failure); an update writes what was sent, clears `content` when left out, and keeps the other
 * columns. The block moves to the store view of the call (`/rest/all/`: All Store Views), and the answer is
 * the saved model, not the stored row: no times unless sent, `active` false unless sent true.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import { ALL_STORES, blockRow, type BlockInput, type BlockRow } from './blocks.ts';

const idRow = z.object({ block_id: sqlNumber });
const storeRow = z.object({ store_id: sqlNumber });

/** `CouldNotSaveException(__($exception->getMessage()))`: whatever stopped the save, as its bare text. */
const couldNotSave = (message: string) => new MagentoError(400, message);

/**
 * A TIMESTAMP as MySQL stores a sent value in Magento's session (UTC, `SQL_MODE=''`): a date, or a date
 * and time (`T` or space, optional fraction rounded, `Z` or an offset converted), else the zero date,
 * which non-strict MySQL writes instead of failing.
 */
export function mysqlTimestamp(value: string): string {
  const match =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2}):(\d{1,2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(
      value.trim(),
    );
  const zero = '0000-00-00 00:00:00';
  if (!match) return zero;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction, zone] = match;
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  const date = new Date(utc);
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  )
    return zero;
  const offsetMinutes =
    zone && zone !== 'Z'
      ? (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)))
      : 0;
  const rounded = fraction && Number(fraction) >= 0.5 ? 1000 : 0;
  const instant = new Date(utc - offsetMinutes * 60_000 + rounded);
  // TIMESTAMP's range; outside it MySQL writes the zero date.
  if (instant.getTime() < 1000 || instant.getTime() > Date.UTC(2038, 0, 19, 3, 14, 7)) return zero;
  return magentoDate(instant);
}

/** The columns a save writes, in the table's order, as EntityManager's CreateRow or UpdateRow picks them. */
type Columns = Partial<
  Record<
    'block_id' | 'title' | 'identifier' | 'content' | 'creation_time' | 'is_active',
    string | number | null
  >
>;

/** What MySQL answers for a NOT NULL column left null, with the statement as Magento's adapter adds it. */
function columnCannotBeNull(column: string, statement: string): MagentoError {
  return couldNotSave(
    `SQLSTATE[23000]: Integrity constraint violation: 1048 Column '${column}' cannot be null, query was: ${statement}`,
  );
}

const quote = (column: string) => `\`${column}\``;

/** A new row: every column sent, the nullable ones and the id null when not, times only when sent. */
function insertBlock(db: Database, block: BlockInput, now: string): number {
  const columns: Columns = {
    block_id: block.id || null,
    title: block.title ?? null,
    identifier: block.identifier ?? null,
    content: block.content ?? null,
  };
  if (block.creation_time !== undefined && block.creation_time !== null)
    columns.creation_time = mysqlTimestamp(block.creation_time);
  if (block.active !== undefined && block.active !== null) columns.is_active = block.active ? 1 : 0;
  const names = Object.keys(columns);
  const statement = `INSERT INTO \`cms_block\` (${names.map(quote).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
  for (const column of ['title', 'identifier'] as const)
    if (columns[column] === null) throw columnCannotBeNull(column, statement);
  return db.run(
    `INSERT INTO cms_block (block_id, title, identifier, content, creation_time, update_time, is_active)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    columns.block_id ?? null,
    columns.title ?? null,
    columns.identifier ?? null,
    columns.content ?? null,
    columns.creation_time ?? now,
    now,
    columns.is_active ?? 1,
  ).lastInsertRowid;
}

/**
 * An existing row: the columns sent (null ones left alone, as they are NOT NULL), `content` cleared when
 * not sent; `update_time` moves only when a value changes, as MySQL's ON UPDATE CURRENT_TIMESTAMP does.
 */
function updateBlock(db: Database, row: BlockRow, block: BlockInput, now: string): void {
  const next = {
    title: block.title ?? row.title,
    identifier: block.identifier ?? row.identifier,
    content: block.content ?? null,
    creation_time:
      block.creation_time === undefined || block.creation_time === null
        ? row.creation_time
        : mysqlTimestamp(block.creation_time),
    is_active: block.active === undefined || block.active === null ? row.is_active : block.active ? 1 : 0,
  };
  const changed =
    next.title !== row.title ||
    next.identifier !== row.identifier ||
    next.content !== row.content ||
    next.creation_time !== row.creation_time ||
    next.is_active !== row.is_active;
  db.run(
    'UPDATE cms_block SET title = ?, identifier = ?, content = ?, creation_time = ?, is_active = ?, update_time = ? WHERE block_id = ?',
    next.title,
    next.identifier,
    next.content,
    next.creation_time,
    next.is_active,
    changed ? now : row.update_time,
    row.block_id,
  );
}

/** `Relation\Store\SaveHandler`: the block's store views become exactly `stores`. */
function assignStores(db: Database, blockId: number, stores: readonly number[]): void {
  const old = db
    .all(storeRow, 'SELECT store_id FROM cms_block_store WHERE block_id = ?', blockId)
    .map((r) => r.store_id);
  for (const store of old.filter((store) => !stores.includes(store)))
    db.run('DELETE FROM cms_block_store WHERE block_id = ? AND store_id = ?', blockId, store);
  for (const store of stores.filter((store) => !old.includes(store)))
    db.run('INSERT INTO cms_block_store (block_id, store_id) VALUES (?, ?)', blockId, store);
}

/**
 * `ResourceModel\Block::getIsUniqueBlockToStores`: with a single store view Magento compares with All
 * Store Views only, so an identifier already kept for all stores is refused, whichever store saves.
 */
function identifierTaken(db: Database, identifier: string, blockId: number | undefined): boolean {
  return (
    db.get(
      idRow,
      `SELECT b.block_id FROM cms_block b JOIN cms_block_store s ON s.block_id = b.block_id
       WHERE b.identifier = ? AND s.store_id IN (?) AND b.block_id <> ? LIMIT 1`,
      identifier,
      ALL_STORES,
      blockId ?? -1,
    ) !== undefined
  );
}

/** The saved model as `BlockRepository::save` returns it: what was sent, its id, `active` cast. */
function savedModel(block: BlockInput, id: number) {
  return {
    id,
    identifier: block.identifier ?? '',
    ...(block.title === undefined || block.title === null ? {} : { title: block.title }),
    ...(block.content === undefined || block.content === null ? {} : { content: block.content }),
    ...(block.creation_time === undefined || block.creation_time === null
      ? {}
      : { creation_time: block.creation_time }),
    active: block.active === true,
  };
}

/**
 * `POST /V1/cmsBlock` and `PUT /V1/cmsBlock/:id` (the path's id already in `block.id`): creates the block,
 * or updates it when its id exists (a PUT to an unknown id creates the block with that id, as Magento's
 * EntityManager does). Returns the answer and the identifier now stored, for the rebuild hook.
 */
export function saveBlock(
  db: Database,
  block: BlockInput,
  storeId: number,
): { answer: ReturnType<typeof savedModel>; identifier: string } {
  return db.transaction(() => {
    const id = block.id || undefined;
    // Block::beforeSave: a block that would include itself.
    if ((block.content ?? '').includes(`block_id="${block.id ?? ''}"`))
      throw couldNotSave('Make sure that static block content does not reference the block itself.');
    if (
      block.identifier !== undefined &&
      block.identifier !== null &&
      identifierTaken(db, block.identifier, id)
    )
      throw couldNotSave('A block identifier with the same properties already exists in the selected store.');
    const now = magentoDate();
    const existing =
      id === undefined ? undefined : db.get(blockRow, 'SELECT * FROM cms_block WHERE block_id = ?', id);
    let blockId: number;
    if (existing) {
      updateBlock(db, existing, block, now);
      blockId = existing.block_id;
    } else {
      blockId = insertBlock(db, block, now);
    }
    assignStores(db, blockId, [storeId]);
    const stored = db.get(blockRow, 'SELECT * FROM cms_block WHERE block_id = ?', blockId);
    return { answer: savedModel(block, blockId), identifier: stored?.identifier ?? '' };
  });
}
