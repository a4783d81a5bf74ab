/**
 * A configurable product as GraphQL meets it (a product's options and variants, a wish-list item's
 * choice): its options with their values' labels, its children, and which child a shopper's choice names.
 * The choice travels as Magento's option uids, base64 of `configurable/<attribute id>/<option id>`
 * (ConfigurableProductGraphQl's `ConfigurableAttributeUid`), and is kept as Magento's buy request keeps
 * `super_attribute`: attribute id to option id, in the order given.
 */
import { z } from 'zod';
import { childIdsOf } from '../catalog/product-extras.ts';
import { productRow, type ProductRow } from '../catalog/products.ts';
import { sqlNumber, type Database } from '../db.ts';
import { jsonArray, jsonRecord } from '../json.ts';

/** `super_attribute`: [attribute id, option id] pairs, in the order the request gave them. */
export type SuperAttribute = readonly (readonly [number, number])[];

export interface ConfigurableValue {
  /** The attribute option id (`value_index`). */
  readonly valueIndex: number;
  /** The option's label (the embedded shop has one store view, so default and store labels agree). */
  readonly label: string;
}

/** One `catalog_product_super_attribute` row with what GraphQL shows of its attribute. */
export interface ConfigurableAttribute {
  /** The super attribute's own id (`ConfigurableProductOptions.id`). */
  readonly id: number;
  readonly attributeId: number;
  readonly code: string;
  /** The attribute's store label: Magento's `configurable_options.label` (Options\Collection). */
  readonly label: string;
  readonly position: number;
  readonly useDefault: boolean;
  /** The option ids the product uses, ordered as the attribute sorts its options. */
  readonly values: readonly ConfigurableValue[];
}

/** `Magento\Framework\GraphQl\Query\Uid::encode()`: plain base64 of the text. */
export const encodeUid = (text: string): string => Buffer.from(text).toString('base64');

/** A configurable option value's uid (`selected_options`, `ConfigurableProductOptionsValues.uid`). */
export const optionValueUid = (attributeId: number, valueIndex: number): string =>
  encodeUid(`configurable/${String(attributeId)}/${String(valueIndex)}`);

const attributeRow = z.object({
  id: sqlNumber,
  attribute_id: sqlNumber,
  position: sqlNumber,
  is_use_default: sqlNumber,
  value_indexes: z.string(),
  code: z.string().nullable(),
  attribute_label: z.string().nullable(),
});
const optionLabelRow = z.object({ option_id: sqlNumber, label: z.string() });

/** The configurable's attributes by position, each with the values its children use. */
export function configurableAttributes(db: Database, parentId: number): ConfigurableAttribute[] {
  const rows = db.all(
    attributeRow,
    `SELECT o.id, o.attribute_id, o.position, o.is_use_default, o.value_indexes, a.code,
       a.label AS attribute_label
     FROM configurable_options o LEFT JOIN attributes a ON a.attribute_id = o.attribute_id
     WHERE o.product_id = ? ORDER BY o.position, o.id`,
    parentId,
  );
  return rows.map((row) => {
    const used = new Set(jsonArray(row.value_indexes).map(Number));
    const options = db.all(
      optionLabelRow,
      'SELECT option_id, label FROM attribute_options WHERE attribute_id = ? ORDER BY sort_order, option_id',
      row.attribute_id,
    );
    return {
      id: row.id,
      attributeId: row.attribute_id,
      code: row.code ?? '',
      label: row.attribute_label ?? '',
      position: row.position,
      useDefault: row.is_use_default === 1,
      values: options
        .filter((option) => used.has(option.option_id))
        .map((option) => ({ valueIndex: option.option_id, label: option.label })),
    };
  });
}

/** The configurable's children in id order (Magento's used-product collection), whatever their state. */
export function childrenOf(db: Database, parentId: number): ProductRow[] {
  return childIdsOf(db, parentId).flatMap(
    (id) => db.get(productRow, 'SELECT * FROM products p WHERE id = ?', id) ?? [],
  );
}

/** The option id a child holds for an attribute (stored as the select's option id, text or number). */
export function childValue(child: ProductRow, code: string): number | undefined {
  const value = jsonRecord(child.attributes)[code];
  const id = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * `Wishlist\BuyRequest\SuperAttributeDataProvider`: the `configurable/…` uids among `selected_options`,
 * later ones for the same attribute winning. Uids of other option types, and ones that do not decode to
 * the three parts, are left aside (Magento's list assignment would fail on the latter; chosen here).
 */
export function choiceFromUids(uids: readonly (string | null)[]): SuperAttribute {
  const choice = new Map<number, number>();
  for (const uid of uids) {
    const parts = Buffer.from(uid ?? '', 'base64')
      .toString('utf8')
      .split('/');
    if (parts[0] !== 'configurable' || parts.length < 3) continue;
    const [attributeId, valueIndex] = [Math.trunc(Number(parts[1])), Math.trunc(Number(parts[2]))];
    if (Number.isFinite(attributeId) && Number.isFinite(valueIndex)) choice.set(attributeId, valueIndex);
  }
  return [...choice];
}

/**
 * `Wishlist\BuyRequest\ChildSkuDataProvider` (Magento's newest code line, version): with `parent_sku` and a
 * child's `sku` and no `selected_options`, the child's own values are the choice.
 */
export function choiceFromChild(
  db: Database,
  parent: Pick<ProductRow, 'id' | 'type_id'>,
  child: ProductRow,
): SuperAttribute {
  if (parent.type_id !== 'configurable') return [];
  return configurableAttributes(db, parent.id).flatMap((attribute) => {
    const value = childValue(child, attribute.code);
    return value === undefined ? [] : [[attribute.attributeId, value] as const];
  });
}

/**
 * `Type\Configurable::getProductByAttributes()` as the wish list's lite processing mode calls it: empty
 * values dropped, then the first child (by id) holding every chosen value; none for an empty choice.
 */
export function childFor(db: Database, parentId: number, choice: SuperAttribute): ProductRow | undefined {
  const chosen = choice.filter(([, value]) => value !== 0);
  if (chosen.length === 0) return undefined;
  const codes = new Map(configurableAttributes(db, parentId).map((a) => [a.attributeId, a.code]));
  return childrenOf(db, parentId).find((child) =>
    chosen.every(([attributeId, value]) => {
      const code = codes.get(attributeId);
      return code !== undefined && childValue(child, code) === value;
    }),
  );
}
