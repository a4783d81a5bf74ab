/**
 * Customer groups as Magento 2.4 keeps and answers them: `Customer\Model\ResourceModel\GroupRepository`
 * (save, getById, getList, deleteById), `Customer\Model\GroupManagement` (getDefaultGroup, isReadonly),
 * `Customer\Model\CustomerGroupConfig` (setDefaultCustomerGroup) and the resource model
 * `Customer\Model\ResourceModel\Group` (code cut to 32 characters, unique code, a deleted group's customers
 * moved to the default group). A group answers as `GroupInterface`: id, code, tax_class_id, tax_class_name.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors, MagentoError } from '../errors.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';

/** `GroupInterface::NOT_LOGGED_IN_ID`: a guest's group. */
export const NOT_LOGGED_IN_GROUP = 0;
/** The install's default group for new accounts (`customer/create_account/default_group`). */
export const GENERAL_GROUP = 1;
/** The shop's trade groups (the brief's shared decision): applicants wait in 4, approved buyers are in 5. */
export const TRADE_PENDING_GROUP = 4;
export const TRADE_GROUP = 5;

/**
 * Magento's install groups (Customer/Setup/Patch/Data/DefaultCustomerGroupsAndAttributes.php), all with
 * tax class 3 "Retail Customer", and the two trade groups the merchant made, in id order.
 */
export const INSTALL_GROUPS: readonly { readonly id: number; readonly code: string }[] = [
  { id: NOT_LOGGED_IN_GROUP, code: 'NOT LOGGED IN' },
  { id: GENERAL_GROUP, code: 'General' },
  { id: 2, code: 'Wholesale' },
  { id: 3, code: 'Retailer' },
  { id: TRADE_PENDING_GROUP, code: 'Trade (pending)' },
  { id: TRADE_GROUP, code: 'Trade' },
];

/** `GroupRepository::DEFAULT_TAX_CLASS_ID`. */
const DEFAULT_TAX_CLASS_ID = 3;
/** `Model\Group::GROUP_CODE_MAX_LENGTH`. */
const GROUP_CODE_MAX_LENGTH = 32;
/** Magento's install tax classes (Tax/Setup/Patch/Data/AddTaxAttributeAndTaxClasses.php) and their type. */
const TAX_CLASSES: Readonly<Record<number, { name: string; type: 'CUSTOMER' | 'PRODUCT' }>> = {
  2: { name: 'Taxable Goods', type: 'PRODUCT' },
  3: { name: 'Retail Customer', type: 'CUSTOMER' },
};
/** Where the default group is kept: the config path, at default scope (all store views read it). */
const DEFAULT_GROUP_PATH = 'config:customer/create_account/default_group';
const INSTALLED = 'customer_groups_installed';
/** The store views a default group can be asked for: 0 (admin) and 1 (the default store view). */
const STORE_IDS = new Set([0, 1]);

const groupRow = z.object({ id: sqlNumber, code: z.string(), tax_class_id: sqlNumber });
type GroupRow = z.output<typeof groupRow>;

/** The install's groups, once per database: a group the merchant deletes later stays deleted. */
export function ensureCustomerGroups(db: Database): void {
  if (db.meta(INSTALLED) !== undefined) return;
  db.transaction(() => {
    for (const group of INSTALL_GROUPS)
      db.run(
        'INSERT INTO customer_groups (id, code, tax_class_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        group.id,
        group.code,
        DEFAULT_TAX_CLASS_ID,
      );
    db.setMeta(INSTALLED, '1');
  });
}

/** `GroupInterface` in its getters' order; the tax class's name as `Model\Group::getTaxClassName()` loads it. */
export const serializeGroup = (row: GroupRow) => ({
  id: row.id,
  code: row.code,
  tax_class_id: row.tax_class_id,
  ...(TAX_CLASSES[row.tax_class_id] ? { tax_class_name: TAX_CLASSES[row.tax_class_id]?.name } : {}),
});

const findGroup = (db: Database, id: number) =>
  db.get(groupRow, 'SELECT id, code, tax_class_id FROM customer_groups WHERE id = ?', id);

/** Whether the group exists (`GroupRepository::getById` does not throw). */
export const groupExists = (db: Database, id: number): boolean => findGroup(db, id) !== undefined;

/**
 * `CustomerRepository::validateGroupId()` [2.4]: a truthy group id that names no group is refused (400,
 * no parameters); 0 (NOT LOGGED IN) is never checked.
 */
export function validateGroupId(db: Database, groupId: number | null | undefined): void {
  if (groupId && !groupExists(db, groupId))
    throw new MagentoError(400, 'The specified customer group id does not exist.');
}

/** `GroupRegistry::retrieve`: the group, or `No such entity with id = …`. */
function retrieve(db: Database, id: number): GroupRow {
  const row = findGroup(db, id);
  if (!row) throw errors.noSuchEntity('id', id);
  return row;
}

/** `GET /V1/customerGroups/:id`. */
export const getGroup = (db: Database, id: number) => serializeGroup(retrieve(db, id));

/** Every group's code by id (the price storage's names), ALL GROUPS left to the caller. */
export function groupCodes(db: Database): Map<number, string> {
  return new Map(
    db.all(groupRow, 'SELECT id, code, tax_class_id FROM customer_groups').map((row) => [row.id, row.code]),
  );
}

/** The default group's id (`customer/create_account/default_group`, 1 on install). */
export const defaultGroupId = (db: Database): number => Number(db.meta(DEFAULT_GROUP_PATH) ?? GENERAL_GROUP);

export interface GroupInput {
  readonly id?: number | null | undefined;
  readonly code?: string | null | undefined;
  readonly tax_class_id?: number | null | undefined;
}

/**
 * `_verifyTaxClassModel`: the class must exist and be a customer class, else InputException
 * `invalidFieldValue('taxClassId', <the value sent>)`.
 */
function verifyTaxClass(taxClassId: number | null | undefined, sent: unknown): void {
  const taxClass = taxClassId === null || taxClassId === undefined ? undefined : TAX_CLASSES[taxClassId];
  if (taxClass?.type !== 'CUSTOMER') throw errors.invalidFieldValue('taxClassId', sent ?? null);
}

/** Laminas NotEmpty's default types: null, '' and '0' are empty (a space is not). */
const isEmptyCode = (code: string | null | undefined): boolean =>
  code === null || code === undefined || code === '' || code === '0';

/**
 * `GroupRepository::save`: the code is required; a group with an id (0 included) is an update, whose tax
 * class is checked as sent (none sent is refused) before the group is looked up; a new one takes tax class
 * 3 when none is sent. The code is cut to 32 characters (`ResourceModel\Group::_beforeSave`), and one in
 * use by another group, in any case, is "Customer Group already exists." (400, no parameters).
 */
export function saveGroup(db: Database, input: GroupInput) {
  if (isEmptyCode(input.code)) throw errors.required(['code']);
  const code = [...String(input.code)].slice(0, GROUP_CODE_MAX_LENGTH).join('');
  return db.transaction(() => {
    let id: number | undefined;
    let taxClassId: number;
    if (input.id !== null && input.id !== undefined) {
      verifyTaxClass(input.tax_class_id, input.tax_class_id);
      id = retrieve(db, input.id).id;
      taxClassId = input.tax_class_id ?? DEFAULT_TAX_CLASS_ID;
    } else {
      taxClassId = input.tax_class_id || DEFAULT_TAX_CLASS_ID;
      verifyTaxClass(taxClassId, input.tax_class_id);
    }
    const clash = db.get(groupRow, 'SELECT id, code, tax_class_id FROM customer_groups WHERE code = ?', code);
    if (clash && clash.id !== id) throw new MagentoError(400, 'Customer Group already exists.');
    if (id === undefined) {
      id = db.run(
        'INSERT INTO customer_groups (code, tax_class_id) VALUES (?, ?)',
        code,
        taxClassId,
      ).lastInsertRowid;
    } else db.run('UPDATE customer_groups SET code = ?, tax_class_id = ? WHERE id = ?', code, taxClassId, id);
    return getGroup(db, id);
  });
}

/**
 * `GroupRepository::deleteById`: NOT LOGGED IN and the default group cannot go ("Cannot delete group.",
 * 400). The group's customers move to the default group (`ResourceModel\Group::_afterDelete`) and its
 * tier prices go with it (catalog_product_entity_tier_price's foreign key on customer_group_id).
 */
export function deleteGroup(db: Database, id: number): boolean {
  return db.transaction(() => {
    retrieve(db, id);
    const fallback = defaultGroupId(db);
    if (id <= 0 || id === fallback) throw new MagentoError(400, 'Cannot delete group.');
    db.run('DELETE FROM customer_groups WHERE id = ?', id);
    db.run('UPDATE customers SET group_id = ? WHERE group_id = ?', fallback, id);
    db.run('DELETE FROM tier_prices WHERE customer_group_id = ?', id);
    return true;
  });
}

/** `GroupManagement::getDefaultGroup($storeId)`: an unknown store is `No such entity with storeId = …`. */
export function defaultGroup(db: Database, storeId: number) {
  if (!STORE_IDS.has(storeId)) throw errors.noSuchEntity('storeId', storeId);
  const id = defaultGroupId(db);
  const row = findGroup(db, id);
  if (!row)
    throw new MagentoError(404, 'No such entity with %fieldName = %fieldValue, %field2Name = %field2Value', {
      fieldName: 'groupId',
      fieldValue: id,
      field2Name: 'storeId',
      field2Value: storeId,
    });
  return serializeGroup(row);
}

/** `CustomerGroupConfig::setDefaultCustomerGroup`: an existing group becomes the default; its id back. */
export function setDefaultGroup(db: Database, id: number): number {
  retrieve(db, id);
  db.setMeta(DEFAULT_GROUP_PATH, String(id));
  return id;
}

/** `GroupManagement::isReadonly`: NOT LOGGED IN and the default group cannot be deleted. */
export function isReadonly(db: Database, id: number): boolean {
  if (!findGroup(db, id)) throw errors.noSuchEntity('groupId', id);
  return id === NOT_LOGGED_IN_GROUP || id === defaultGroupId(db);
}

const COLUMNS: Readonly<Record<string, string>> = {
  id: 'g.id',
  code: 'g.code',
  tax_class_id: 'g.tax_class_id',
  // GroupCollectionProcessor's field mapping: the table's own names work too.
  customer_group_id: 'g.id',
  customer_group_code: 'g.code',
  tax_class_name: 'g.tax_class_name',
  class_name: 'g.tax_class_name',
};

/** Any other field is a column the collection lacks: SQLite refuses it, and the caller gets the masked 500. */
const groupFields: FieldMapping = {
  expression: (field) => COLUMNS[field] ?? `g.[${field.replace(/\W/g, '')}]`,
};

const TAX_CLASS_NAME = `CASE tax_class_id ${Object.entries(TAX_CLASSES)
  .map(([id, taxClass]) => `WHEN ${id} THEN '${taxClass.name}'`)
  .join(' ')} END`;

/** `GET /V1/customerGroups/search`: filters, sort orders and pages as every search; id order by default. */
export function searchGroups(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    {
      // The collection's `addTaxClass()` join, as a derived table so the name filters and sorts.
      table: `(SELECT id, code, tax_class_id, ${TAX_CLASS_NAME} AS tax_class_name FROM customer_groups)`,
      alias: 'g',
      mapping: groupFields,
      tieBreak: 'g.id ASC',
      row: groupRow,
    },
    criteria,
  );
  return { items: rows.map(serializeGroup), search_criteria: criteria, total_count: total };
}
