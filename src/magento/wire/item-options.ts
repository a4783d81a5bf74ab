/**
 * A configurable product's chosen options on their way into Magento's cart and back out of it
 * (COMMERCE-BASICS.md §3.3). In: the product page's picker is radio inputs `super_attribute[<attribute
 * id>]` = option id inside the add-to-cart form (and, without JavaScript, the same names in the basket's
 * query), sent as `product_option.extension_attributes.configurable_item_options`. Out: the totals item's
 * `options`, a JSON *string* of labels (`[{"value":"5 l","label":"Volume"}]`), shown as "Volume: 5 l".
 * Plain and small: add to cart runs on every catalogue page (no zod, DESIGN.md §4).
 */
import { asListOf, asNumber, asString, isRecord, readJson } from '@cleaning-shop/kit/reader.ts';

/** One option as Magento's cart takes it: the attribute id (a string) and the option id (an int). */
export interface ConfigurableItemOption {
  option_id: string;
  option_value: number;
}

/** Magento's `product_option` of a cart item with chosen options. */
export interface ProductOption {
  extension_attributes: { configurable_item_options: ConfigurableItemOption[] };
}

/** A chosen option as the shopper reads it: the attribute's label and the value's. */
export interface OptionLabel {
  label: string;
  value: string;
}

const FIELD = /^super_attribute\[(\d{1,10})\]$/;
const OPTION_ID = /^\d{1,10}$/;

/**
 * The `super_attribute[<attribute id>]` pairs of a form or a query, in order, each attribute once (the
 * last value wins, as PHP reads a form). A value that is no option id is left out: Magento then answers
 * "You need to choose options for your item.", which is what the shopper should read.
 */
export function chosenOptions(entries: Iterable<[string, unknown]>): ConfigurableItemOption[] {
  const chosen = new Map<string, number>();
  for (const [name, value] of entries) {
    const attribute = FIELD.exec(name)?.[1];
    if (attribute === undefined) continue;
    if (typeof value === 'string' && OPTION_ID.test(value)) chosen.set(attribute, Number(value));
    else chosen.delete(attribute);
  }
  return [...chosen].map(([option_id, option_value]) => ({ option_id, option_value }));
}

/** The cart item's `product_option` for `options`; undefined for none (a simple product's add). */
export const productOption = (options: readonly ConfigurableItemOption[]): ProductOption | undefined =>
  options.length === 0 ? undefined : { extension_attributes: { configurable_item_options: [...options] } };

/** The query a no-JavaScript add sends the basket (`super_attribute[155]=212`), as URL parameters. */
export const optionParams = (options: readonly ConfigurableItemOption[]): [string, string][] =>
  options.map(({ option_id, option_value }) => [`super_attribute[${option_id}]`, String(option_value)]);

/** A cart item names chosen options (`product_option.extension_attributes.configurable_item_options`). */
export function hasChosenOptions(item: Record<string, unknown>): boolean {
  const option = item['product_option'];
  const extension = isRecord(option) ? option['extension_attributes'] : undefined;
  const chosen = isRecord(extension) ? extension['configurable_item_options'] : undefined;
  return Array.isArray(chosen) && chosen.length > 0;
}

function readLabel(value: unknown): OptionLabel | undefined {
  if (!isRecord(value)) return undefined;
  const label = asString(value['label']);
  // Magento writes the value as given; a number-valued option arrives as a number.
  const raw = value['value'];
  const text = asString(raw) ?? (asNumber(raw) === undefined ? undefined : String(raw));
  return label === undefined || text === undefined ? undefined : { label, value: text };
}

/**
 * A totals item's `options`: Magento's JSON string of labels (a list already parsed is read too). Anything
 * unreadable is no options: the line still shows, by its name.
 */
export function optionLabels(options: unknown): OptionLabel[] {
  const value = typeof options === 'string' ? readJson(options) : options;
  return asListOf(value, readLabel) ?? [];
}

/** "Volume: 5 l, Kit: Home kit". */
export const optionsText = (labels: readonly OptionLabel[]): string =>
  labels.map(({ label, value }) => `${label}: ${value}`).join(', ');

/**
 * The labels Magento's totals give each line, by item id (`totals.items[].options`); lines without
 * options are left out.
 */
export function totalsOptions(totals: Record<string, unknown>): Map<number, OptionLabel[]> {
  const byItem = new Map<number, OptionLabel[]>();
  const items = totals['items'];
  if (!Array.isArray(items)) return byItem;
  for (const item of items) {
    if (!isRecord(item)) continue;
    const id = asNumber(item['item_id']);
    const labels = optionLabels(item['options']);
    if (id !== undefined && labels.length > 0) byItem.set(id, labels);
  }
  return byItem;
}
