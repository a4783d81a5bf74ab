/**
 * A configurable product in the cart (COMMERCE-BASICS §3.3): the child a shopper's
 * `configurable_item_options` choose among the parent's links, as `Type\Configurable::_prepareProduct` and
 * `getProductByAttributes` find it; the choice as the cart keeps and echoes it; and its labels as the
 * totals show them. The line itself is the parent's (its id, name and type) sold as the child (its sku,
 * price, tiers and stock); Magento's hidden child quote item is not kept, since REST never shows it.
 */
import { z } from 'zod';
import { productRecord, productRow } from '../catalog/products.ts';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import type { ProductOptionInput } from '../input.ts';
import { jsonRecord } from '../json.ts';

/** One chosen option as the cart keeps and sends it: the attribute id as a string, the option id an int. */
export interface ItemOption {
  readonly option_id: string;
  readonly option_value: number;
}

const storedOptions = z.array(z.object({ option_id: z.string(), option_value: z.number() }));

/** A child as the cart sells it: what a simple product's line needs, and its attribute values. */
const childRow = productRecord.extend({ attributes: productRow.shape.attributes });
export type ChildRow = z.output<typeof childRow>;

const attributeRow = z.object({ attribute_id: sqlNumber, code: z.string(), label: z.string() });

/** The attributes the parent is configured by (`catalog_product_super_attribute`), by position. */
const configurableAttributes = (db: Database, parentId: number) =>
  db.all(
    attributeRow,
    `SELECT o.attribute_id, COALESCE(a.code, '') AS code, COALESCE(a.label, o.label) AS label
     FROM configurable_options o LEFT JOIN attributes a ON a.attribute_id = o.attribute_id
     WHERE o.product_id = ? ORDER BY o.position, o.id`,
    parentId,
  );

/** The parent's enabled children, in id order (the collection's `getFirstItem()` order). */
const enabledChildren = (db: Database, parentId: number) =>
  db.all(
    childRow,
    `SELECT p.id, p.sku, p.name, p.price, p.status, p.type_id, p.qty, p.is_in_stock, p.is_qty_decimal, p.attributes
     FROM configurable_links l JOIN products p ON p.id = l.child_id
     WHERE l.parent_id = ? AND p.status = 1 ORDER BY p.id`,
    parentId,
  );

/** In stock as the stock index has it: flagged so and with some left (no backorders in this shop). */
const salable = (child: ChildRow): boolean => child.is_in_stock === 1 && child.qty > 0;

/**
 * `Configurable::isSalable()`: a configurable sells only while one of its children does; otherwise
 * `Quote::addProduct` refuses it before looking at the options.
 */
export function hasSalableChild(db: Database, parentId: number): boolean {
  return enabledChildren(db, parentId).some(salable);
}

/**
 * The buy request's `super_attribute` map from the sent options (`CartItemProcessor::convertToBuyRequest`):
 * attribute id → option id, a later entry for the same attribute replacing an earlier one.
 */
function superAttribute(productOption: ProductOptionInput | null | undefined): Map<string, number> {
  const chosen = new Map<string, number>();
  for (const option of productOption?.extension_attributes?.configurable_item_options ?? []) {
    if (option?.option_id === undefined || option.option_id === null) continue;
    if (option.option_value === undefined || option.option_value === null) continue;
    chosen.set(option.option_id, option.option_value);
  }
  return chosen;
}

export interface Choice {
  readonly child: ChildRow;
  readonly options: readonly ItemOption[];
}

/**
 * The child the options choose: every attribute the parent is configured by must have a (non-zero) option,
 * and the first enabled child whose values equal every option sent is the one (an attribute the shop does
 * not know matches none). Out-of-stock children are hidden, Magento's default ("Display Out of Stock
 * Products" off), so choosing one is not choosing. Anything else is "You need to choose options for your
 * item.", as is a configurable sent without options.
 */
export function chooseChild(
  db: Database,
  parentId: number,
  productOption: ProductOptionInput | null | undefined,
): Choice {
  const chosen = superAttribute(productOption);
  const attributes = configurableAttributes(db, parentId);
  if (attributes.length === 0 || attributes.some((a) => !chosen.get(String(a.attribute_id))))
    throw errors.chooseOptions();
  const codes = new Map(
    db
      .all(
        attributeRow,
        `SELECT attribute_id, code, label FROM attributes WHERE attribute_id IN (${[...chosen.keys()].map(() => '?').join(', ')})`,
        ...chosen.keys(),
      )
      .map((row) => [String(row.attribute_id), row.code]),
  );
  const child = enabledChildren(db, parentId).find((candidate) => {
    const values = jsonRecord(candidate.attributes);
    return [...chosen].every(([attributeId, value]) => {
      const code = codes.get(attributeId);
      const own = code === undefined ? undefined : values[code];
      // PHP's `!=`: the stored "212" equals the sent 212.
      return own !== undefined && own !== null && String(own) === String(value);
    });
  });
  if (!child || !salable(child)) throw errors.chooseOptions();
  return {
    child,
    options: [...chosen].map(([option_id, option_value]) => ({ option_id, option_value })),
  };
}

/** A line's stored choice (`quote_items.product_option`, `order_items.product_option`), [] for none. */
export function parseOptions(stored: string | null): ItemOption[] {
  if (stored === null) return [];
  const parsed = storedOptions.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : [];
}

/** `ProductOptionInterface` carrying the choice, as a cart item and an order item send it. */
export const productOptionOf = (options: readonly ItemOption[]) => ({
  extension_attributes: { configurable_item_options: options },
});

const optionLabelRow = z.object({ option_id: sqlNumber, label: z.string() });

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#039;',
};

/**
 * `Escaper::escapeHtml` on an option's text, as `getFormattedOptionValue` applies it
 * (`htmlspecialchars` with ENT_QUOTES, an entity already written left as it is).
 */
const escapeHtml = (text: string): string =>
  text.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)|[<>"']/g, (c) => HTML_ENTITIES[c] ?? c);

/**
 * The totals item's `options` for a configurable line (`Totals\ItemConverter::getFormattedOptionValue`
 * over `Configurable::getSelectedAttributesInfo`): for each chosen option of an attribute the parent is
 * configured by, in the order chosen, the option's text as `value` and the attribute's store label as
 * `label`, JSON-encoded. Option texts are short, so the 55-character cut never applies.
 */
export function formattedOptions(db: Database, parentId: number, options: readonly ItemOption[]): string {
  const attributes = new Map(configurableAttributes(db, parentId).map((a) => [String(a.attribute_id), a]));
  const shown = options.flatMap((option) => {
    const attribute = attributes.get(option.option_id);
    const text = db.get(
      optionLabelRow,
      'SELECT option_id, label FROM attribute_options WHERE option_id = ? AND attribute_id = ?',
      option.option_value,
      Number(option.option_id),
    );
    return attribute && text ? [{ value: escapeHtml(text.label), label: attribute.label }] : [];
  });
  return JSON.stringify(shown);
}
