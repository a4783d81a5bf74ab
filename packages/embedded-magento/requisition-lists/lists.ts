/**
 * The requisition lists' rows: a customer's lists and their lines, read and written here and nowhere else.
 * Times are the store clock's, as Magento's `updated_at` and `added_at` are written.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { encodeUid } from '../graphql/configurable.ts';

export const listRow = z.object({
  entity_id: sqlNumber,
  customer_id: sqlNumber,
  name: z.string(),
  description: z.string().nullable(),
  updated_at: z.string(),
});
export type ListRow = z.output<typeof listRow>;

export const itemRow = z.object({
  id: sqlNumber,
  requisition_list_id: sqlNumber,
  sku: z.string(),
  qty: sqlNumber,
  options: z.string(),
  added_at: z.string(),
});
export type ItemRow = z.output<typeof itemRow>;

const countRow = z.object({ n: sqlNumber });

/** `Magento\Framework\GraphQl\Query\Uid`: base64 of the id, as Adobe's examples show ("Mg==" for 2). */
export const toUid = (id: number): string => encodeUid(String(id));

/** The id a uid names, or 0 (which no row has) for one that is not base64 of a whole number. */
export function fromUid(uid: string): number {
  const text = Buffer.from(uid, 'base64').toString('utf8');
  return /^[1-9][0-9]{0,14}$/.test(text) && encodeUid(text) === uid ? Number(text) : 0;
}

export const stamp = (now: number): string => magentoDate(new Date(now));

export const findList = (db: Database, id: number): ListRow | undefined =>
  db.get(listRow, 'SELECT * FROM requisition_list WHERE entity_id = ?', id);

/** The customer's lists the filter keeps (name: a LIKE pattern; ids: any of them), oldest first. */
export function customerLists(
  db: Database,
  customerId: number,
  filter: { readonly nameLike?: string | undefined; readonly ids?: readonly number[] | undefined },
  page: { readonly size: number; readonly offset: number },
): { rows: ListRow[]; total: number } {
  const where = ['customer_id = ?'];
  const params: (string | number)[] = [customerId];
  if (filter.nameLike !== undefined) {
    where.push("name LIKE ? ESCAPE '\\'");
    params.push(filter.nameLike);
  }
  if (filter.ids !== undefined) {
    where.push(`entity_id IN (${filter.ids.map(() => '?').join(',') || 'NULL'})`);
    params.push(...filter.ids);
  }
  const clause = where.join(' AND ');
  const total =
    db.get(countRow, `SELECT COUNT(*) AS n FROM requisition_list WHERE ${clause}`, ...params)?.n ?? 0;
  const rows = db.all(
    listRow,
    `SELECT * FROM requisition_list WHERE ${clause} ORDER BY entity_id LIMIT ? OFFSET ?`,
    ...params,
    page.size,
    page.offset,
  );
  return { rows, total };
}

/**
 * The name a list gets: the one asked for, or, when the customer has a list of that name already, the
 * name with " 1" added (then " 2"…), as Adobe's list repository does.
 */
function freeName(db: Database, customerId: number, name: string, exceptId: number): string {
  const taken = (candidate: string) =>
    db.get(
      countRow,
      'SELECT COUNT(*) AS n FROM requisition_list WHERE customer_id = ? AND name = ? AND entity_id <> ?',
      customerId,
      candidate,
      exceptId,
    )?.n !== 0;
  if (!taken(name)) return name;
  let number = 1;
  while (taken(`${name} ${String(number)}`)) number++;
  return `${name} ${String(number)}`;
}

export function createList(
  db: Database,
  customerId: number,
  name: string,
  description: string | null,
  now: number,
) {
  return db.run(
    'INSERT INTO requisition_list (customer_id, name, description, updated_at) VALUES (?, ?, ?, ?)',
    customerId,
    freeName(db, customerId, name, 0),
    description,
    stamp(now),
  ).lastInsertRowid;
}

export function renameList(
  db: Database,
  list: ListRow,
  name: string,
  description: string | null,
  now: number,
) {
  db.run(
    'UPDATE requisition_list SET name = ?, description = ?, updated_at = ? WHERE entity_id = ?',
    freeName(db, list.customer_id, name, list.entity_id),
    description,
    stamp(now),
    list.entity_id,
  );
}

export const touchList = (db: Database, listId: number, now: number) =>
  db.run('UPDATE requisition_list SET updated_at = ? WHERE entity_id = ?', stamp(now), listId);

export const deleteList = (db: Database, listId: number) =>
  db.run('DELETE FROM requisition_list WHERE entity_id = ?', listId);

export const itemCount = (db: Database, listId: number): number =>
  db.get(countRow, 'SELECT COUNT(*) AS n FROM requisition_list_item WHERE requisition_list_id = ?', listId)
    ?.n ?? 0;

export const listItems = (db: Database, listId: number, size = -1, offset = 0): ItemRow[] =>
  db.all(
    itemRow,
    'SELECT * FROM requisition_list_item WHERE requisition_list_id = ? ORDER BY id LIMIT ? OFFSET ?',
    listId,
    size,
    offset,
  );

export const findItem = (db: Database, listId: number, itemId: number): ItemRow | undefined =>
  db.get(
    itemRow,
    'SELECT * FROM requisition_list_item WHERE id = ? AND requisition_list_id = ?',
    itemId,
    listId,
  );

/** A line for the sku and choice, added to the line the list has for them already, if any. */
export function putItem(
  db: Database,
  listId: number,
  line: { readonly sku: string; readonly qty: number; readonly options: string },
  now: number,
): void {
  const same = db.get(
    itemRow,
    'SELECT * FROM requisition_list_item WHERE requisition_list_id = ? AND sku = ? AND options = ?',
    listId,
    line.sku,
    line.options,
  );
  if (same) db.run('UPDATE requisition_list_item SET qty = ? WHERE id = ?', same.qty + line.qty, same.id);
  else
    db.run(
      'INSERT INTO requisition_list_item (requisition_list_id, sku, qty, options, added_at) VALUES (?, ?, ?, ?, ?)',
      listId,
      line.sku,
      line.qty,
      line.options,
      stamp(now),
    );
}

export const setItemQty = (db: Database, itemId: number, qty: number) =>
  db.run('UPDATE requisition_list_item SET qty = ? WHERE id = ?', qty, itemId);

export const deleteItem = (db: Database, itemId: number) =>
  db.run('DELETE FROM requisition_list_item WHERE id = ?', itemId);
