/**
 * What `POST`/`PUT /V1/products` saves besides the product's row (COMMERCE-BASICS §3.1, §4.1): a
 * configurable's `configurable_product_options` and `configurable_product_links`, and any product's
 * `tier_prices`. Each is replaced when given as a list (even empty) and kept when left out, as Magento's
 * save handlers do. Links are checked as `ConfigurableProduct\Model\Plugin\ProductRepositorySave`
 * checks them: every child must exist, carry a value for every option's attribute, and no two children
 * may share the same set of values.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import type { ProductInput } from '../input.ts';
import { jsonRecord, record, records, type JsonRecord } from '../json.ts';

const number = (value: unknown): number | undefined =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim() !== ''
      ? Number(value)
      : undefined;

const attributeRow = z.object({
  attribute_id: sqlNumber,
  code: z.string(),
  label: z.string(),
  frontend_input: z.string(),
});
const childRow = z.object({ id: sqlNumber, attributes: z.string() });

export const configurableErrors = {
  // ProductRepository::save() turns a failed child link write into this (ConfigurableProduct ProductRepositoryTest).
  unableToSave: () => new MagentoError(400, 'Unable to save product'),
  sameValues: (productId: number, otherId: number) =>
    new MagentoError(400, 'Products "%1" and "%2" have the same set of attribute values.', [
      productId,
      otherId,
    ]),
  missingAttribute: (productId: number, code: string) =>
    new MagentoError(400, 'Product with id "%1" does not contain required attribute "%2".', [
      productId,
      code,
    ]),
  // ConfigurableProduct\Helper\Product\Options\Factory: only a select attribute makes a configurable option.
  unusableAttribute: () =>
    new MagentoError(400, 'Provided attribute can not be used with configurable product.'),
} as const;

/** The attribute an option names by id (a string on the wire), if it can make a configurable option. */
export function optionAttribute(db: Database, attributeId: unknown) {
  const id = number(attributeId);
  const row =
    id === undefined || !Number.isInteger(id)
      ? undefined
      : db.get(
          attributeRow,
          'SELECT attribute_id, code, label, frontend_input FROM attributes WHERE attribute_id = ?',
          id,
        );
  if (!row || row.frontend_input !== 'select') throw configurableErrors.unusableAttribute();
  return row;
}

export interface OptionData {
  attributeId: number;
  label: string;
  position: number;
  isUseDefault: boolean;
  values: number[];
}

/** An option as given (`OptionInterface`), its attribute checked. */
export function optionData(db: Database, option: JsonRecord, position: number): OptionData {
  const attribute = optionAttribute(db, option['attribute_id']);
  return {
    attributeId: attribute.attribute_id,
    label: typeof option['label'] === 'string' && option['label'] !== '' ? option['label'] : attribute.label,
    position: number(option['position']) ?? position,
    isUseDefault:
      option['is_use_default'] === true || option['is_use_default'] === 1 || option['is_use_default'] === '1',
    values: records(option['values'])
      .map((value) => number(value['value_index']))
      .filter((value): value is number => value !== undefined && Number.isInteger(value)),
  };
}

export function insertOption(db: Database, productId: number, option: OptionData): number {
  return db.run(
    `INSERT INTO configurable_options (product_id, attribute_id, label, position, is_use_default, value_indexes)
     VALUES (?, ?, ?, ?, ?, ?)`,
    productId,
    option.attributeId,
    option.label,
    option.position,
    option.isUseDefault ? 1 : 0,
    JSON.stringify(option.values),
  ).lastInsertRowid;
}

/**
 * Every child exists, has a value for every attribute code, and no two share the same values
 * (`ProductRepositorySave::validateProductLinks`: the later child is named first).
 */
export function checkChildren(db: Database, childIds: readonly number[], codes: readonly string[]): void {
  const seen = new Map<string, number>();
  for (const childId of childIds) {
    const child = db.get(childRow, 'SELECT id, attributes FROM products WHERE id = ?', childId);
    if (!child) throw configurableErrors.unableToSave();
    const attributes = jsonRecord(child.attributes);
    let key = '';
    for (const code of codes) {
      const value = attributes[code];
      if (value === undefined || value === null || value === '' || value === '0' || value === 0)
        throw configurableErrors.missingAttribute(childId, code);
      key += `${code}:${String(value)};`;
    }
    const other = seen.get(key);
    if (other !== undefined && codes.length > 0) throw configurableErrors.sameValues(childId, other);
    seen.set(key, childId);
  }
}

const codesOf = (db: Database, attributeIds: readonly number[]): string[] =>
  attributeIds.map((id) => optionAttribute(db, id).code);

/** Options, links and tiers of a product being saved, inside the save's transaction. */
export function saveProductParts(
  db: Database,
  productId: number,
  typeId: string,
  product: ProductInput,
): void {
  const extension = record(product['extension_attributes']);
  const options = extension['configurable_product_options'];
  const links = extension['configurable_product_links'];
  if (typeId === 'configurable' && Array.isArray(options)) {
    const given = records(options).map((option, i) => optionData(db, option, i));
    db.run('DELETE FROM configurable_options WHERE product_id = ?', productId);
    for (const option of given) insertOption(db, productId, option);
  }
  if (typeId === 'configurable' && Array.isArray(links)) {
    const childIds = [...new Set(links.map(number).filter((id): id is number => id !== undefined))];
    const attributeIds = db
      .all(
        z.object({ attribute_id: sqlNumber }),
        'SELECT attribute_id FROM configurable_options WHERE product_id = ? ORDER BY position, id',
        productId,
      )
      .map((row) => row.attribute_id);
    checkChildren(db, childIds, codesOf(db, attributeIds));
    db.run('DELETE FROM configurable_links WHERE parent_id = ?', productId);
    for (const childId of childIds) {
      db.run('INSERT INTO configurable_links (parent_id, child_id) VALUES (?, ?)', productId, childId);
    }
  }
  const tiers = product['tier_prices'];
  if (Array.isArray(tiers)) {
    db.run('DELETE FROM tier_prices WHERE product_id = ?', productId);
    for (const tier of records(tiers)) {
      const tierExtension = record(tier['extension_attributes']);
      db.run(
        `INSERT OR REPLACE INTO tier_prices (product_id, customer_group_id, qty, value, percentage_value, website_id)
         VALUES (?, ?, ?, ?, ?, ?)`,
        productId,
        number(tier['customer_group_id']) ?? 0,
        number(tier['qty']) ?? 1,
        number(tier['value']) ?? 0,
        number(tierExtension['percentage_value']) ?? null,
        number(tierExtension['website_id']) ?? 0,
      );
    }
  }
}
