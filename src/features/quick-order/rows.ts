/**
 * Quick order's rows as plain data: what a row's code resolves to (from the build's facts and codes
 * files, no back end: facts.ts, codes.ts), what is wrong with a row if anything, and what a row adds to
 * the basket. Pure, apart from `resolveCode`'s look-ups, which are passed in.
 */
import { itemAbout, type ItemAbout } from '../analytics/index.ts';
import { variantWith } from '../../catalogue/variants.ts';
import { wholeQuantity } from '../cart/index.ts';
import type { ConfigurableItemOption } from '../../magento/wire/item-options.ts';
import {
  type FactsChild,
  type FactsTierPrice,
  type ProductFacts,
  choiceIn,
  variantName,
} from '../product-data/index.ts';
import { quickOrderTexts as t } from './texts.ts';

/** Rows a fresh page starts with (the page pre-renders as many as the script draws, so nothing shifts). */
export const START_ROWS = 5;

/** A row as typed (and kept across reloads): the code, the quantity and a configurable's chosen values. */
export interface OrderRow {
  code: string;
  qty: string;
  /** The chosen option id of each attribute, by attribute code; empty until one is chosen. */
  choice: Record<string, number>;
}

export const emptyRow = (): OrderRow => ({ code: '', qty: '1', choice: {} });

/** What a row's code came to. */
export type Resolution =
  | { status: 'empty' }
  | { status: 'unknown' }
  | { status: 'failed' }
  /**
   * A product with a page; for a configurable, `child` is the child whose own code was typed (it is then
   * chosen), else null. `tiers` are the quantity prices of the product, or of each child, by sku.
   */
  | {
      status: 'found';
      product: ProductFacts;
      child: string | null;
      tiers: Readonly<Record<string, readonly FactsTierPrice[]>>;
    };

/** The look-ups a row needs: which sku a code is, and a sku's facts. */
export interface Lookup {
  skuOfCode(code: string): Promise<{ status: 'found'; sku: string } | { status: 'unknown' | 'failed' }>;
  facts(sku: string): Promise<{ status: 'found'; facts: ProductFacts } | { status: 'gone' | 'failed' }>;
}

/**
 * A code resolved: its product, or the parent of the child it names (a child has no page: the row shows
 * the parent with the child's values chosen).
 */
export async function resolveCode(code: string, lookup: Lookup): Promise<Resolution> {
  if (code.trim() === '') return { status: 'empty' };
  const found = await lookup.skuOfCode(code);
  if (found.status !== 'found') return { status: found.status };
  const facts = await lookup.facts(found.sku);
  if (facts.status !== 'found') return { status: facts.status === 'gone' ? 'unknown' : 'failed' };
  const parent = facts.facts.parent;
  if (!parent) {
    const product = facts.facts;
    const tiers = product.variants ? await childTiers(product, lookup) : tiersOf(product);
    return { status: 'found', product, child: null, tiers };
  }
  const parentFacts = await lookup.facts(parent.sku);
  if (parentFacts.status !== 'found' || !parentFacts.facts.variants)
    return { status: parentFacts.status === 'failed' ? 'failed' : 'unknown' };
  const tiers = await childTiers(parentFacts.facts, lookup);
  return { status: 'found', product: parentFacts.facts, child: facts.facts.sku, tiers };
}

const tiersOf = (facts: ProductFacts): Record<string, readonly FactsTierPrice[]> =>
  facts.tierPrices ? { [facts.sku]: facts.tierPrices } : {};

/**
 * A configurable's children's quantity prices (they are the children's, in their own facts): a child whose
 * facts cannot be had shows its price without them, as the row is still worth ordering.
 */
async function childTiers(
  product: ProductFacts,
  lookup: Lookup,
): Promise<Record<string, readonly FactsTierPrice[]>> {
  const children = product.variants?.children ?? [];
  const found = await Promise.all(children.map(({ sku }) => lookup.facts(sku)));
  const tiers: Record<string, readonly FactsTierPrice[]> = {};
  for (const one of found) if (one.status === 'found') Object.assign(tiers, tiersOf(one.facts));
  return tiers;
}

/** A configurable's child with exactly the chosen values, if any. */
export const chosenChild = (
  product: ProductFacts,
  choice: Readonly<Record<string, number>>,
): FactsChild | undefined =>
  product.variants &&
  variantWith({ attributes: product.variants.attributes, variants: product.variants.children }, choice);

/** What a row's unit price comes to: `tierQty` is the least quantity of the tier price that applies. */
export interface RowPrice {
  inclVat: number | null;
  exclVat: number | null;
  tierQty: number | null;
}

/**
 * The unit price the basket will charge for the row's quantity: the product's (or the chosen child's),
 * or the ALL GROUPS tier price for as many when that is lower. Undefined for a configurable with no child
 * chosen yet, and before the code is resolved.
 */
export function rowPrice(row: OrderRow, resolution: Resolution | undefined): RowPrice | undefined {
  if (resolution?.status !== 'found') return undefined;
  const { product } = resolution;
  const child = chosenChild(product, row.choice);
  if (product.variants && !child) return undefined;
  const own = child ?? product;
  const base = { inclVat: own.priceInclVat, exclVat: own.priceExclVat, tierQty: null };
  const qty = wholeQuantity(row.qty.trim());
  if (qty === undefined) return base;
  // Fewest first: the last tier the quantity reaches is the one Magento applies.
  const tier = (resolution.tiers[own.sku] ?? []).filter((one) => one.qty <= qty).at(-1);
  if (!tier || (base.inclVat !== null && tier.priceInclVat >= base.inclVat)) return base;
  return { inclVat: tier.priceInclVat, exclVat: tier.priceExclVat, tierQty: tier.qty };
}

/** What a row adds to the basket: the sku (a configurable's own), the quantity and the chosen options. */
export interface BasketAdd {
  sku: string;
  qty: number;
  options: ConfigurableItemOption[];
  /** The name the shopper reads, as the basket names the line ("Car Shampoo (Volume: 5 l)"). */
  name: string;
  /** Its kind and chosen values, as measurement reports them. */
  about: ItemAbout;
}

/** A row's verdict: ignored (blank), a problem to say, or what it adds. */
export type Verdict =
  { kind: 'blank' } | { kind: 'problem'; message: string } | { kind: 'ready'; add: BasketAdd };

/** What a row comes to, given what its code resolved to (undefined while it is being looked up). */
export function verdict(row: OrderRow, resolution: Resolution | undefined): Verdict {
  const qty = wholeQuantity(row.qty.trim());
  if (row.code.trim() === '')
    return row.qty.trim() === '' || row.qty.trim() === '1' ? { kind: 'blank' } : problem(t.noCode);
  if (!resolution) return problem(t.looking);
  if (resolution.status === 'empty') return { kind: 'blank' };
  if (resolution.status === 'unknown') return problem(t.unknown);
  if (resolution.status === 'failed') return problem(t.failed);
  const { product } = resolution;
  const variants = product.variants;
  let name = product.name;
  let options: ConfigurableItemOption[] = [];
  let values: string[] = [];
  let inStock = product.inStock;
  if (variants) {
    const missing = variants.attributes.find((attribute) => row.choice[attribute.code] === undefined);
    const child = chosenChild(product, row.choice);
    if (missing || !child)
      return problem(t.choose(missing?.label ?? variants.attributes[0]?.label ?? 'size'));
    inStock = child.inStock;
    options = choiceIn(product, child.sku)?.options ?? [];
    const chosen = variants.attributes.map((attribute) => ({
      code: attribute.code,
      label: attribute.label,
      value: attribute.values.find(({ id }) => id === child.values[attribute.code])?.label ?? '',
    }));
    values = chosen.map(({ value }) => value);
    name = variantName({
      name: product.name,
      parent: { sku: product.sku, name: product.name, options: chosen },
    });
  }
  if (!inStock) return problem(t.soldOut);
  if (qty === undefined) return problem(t.badQuantity);
  return {
    kind: 'ready',
    add: { sku: product.sku, qty, options, name, about: itemAbout(product.kind, values) },
  };
}

const problem = (message: string): Verdict => ({ kind: 'problem', message });

/**
 * The rows after pasting `lines` into row `at`: the first line replaces that row, each next one fills the
 * row after if it is blank, else a new row inserted there, so the lines stay together and no row already
 * typed is overwritten; at most `max` rows in all (`kept` says how many lines found a row).
 */
export function spreadLines(
  rows: readonly OrderRow[],
  at: number,
  lines: readonly { code: string; qty: string }[],
  max: number,
): { rows: OrderRow[]; kept: number } {
  // The rows the paste does not fill are the same objects: the page keeps their state and look-ups.
  const result = [...rows];
  let kept = 0;
  let position = Math.min(Math.max(at, 0), result.length);
  for (const line of lines) {
    const row: OrderRow = { code: line.code, qty: line.qty, choice: {} };
    if (position < result.length && (kept === 0 || isBlank(result[position]))) result[position] = row;
    else if (result.length < max) result.splice(position, 0, row);
    else break;
    kept += 1;
    position += 1;
  }
  return { rows: result, kept };
}

const isBlank = (row: OrderRow | undefined): boolean =>
  row !== undefined && row.code.trim() === '' && (row.qty.trim() === '' || row.qty.trim() === '1');
