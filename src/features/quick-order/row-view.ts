/**
 * A quick-order row as the page shows it (quick-order-state.ts emits them): what was typed, the product it
 * names with its page, model number and price, and the status line under it. Pure: no DOM.
 */
import { variantQuery } from '../../catalogue/variants.ts';
import type { ProductFacts } from '../product-data/index.ts';
import { chosenChild, verdict, type OrderRow, type Resolution, type RowPrice, type Verdict } from './rows.ts';
import { quickOrderTexts as t } from './texts.ts';

/** The product a row names, as the row shows it. */
export interface RowAbout {
  product: ProductFacts;
  /** Its page; a configurable's with the chosen values in the query (`/car-shampoo?volume=5-l`). */
  href: string;
  /** The chosen child's model number, else the product's, if any. */
  model: string | null;
  /** The unit price for the row's quantity (a tier price says for how many), if there is one to show. */
  price: RowPrice | undefined;
}

/** The row's status line: `problem` marks the row, `ok` the line; `invalid` is the field to flag. */
export interface RowStatus {
  text: string;
  tone: 'quiet' | 'ok' | 'problem';
  invalid: 'code' | 'qty' | undefined;
}

export interface RowView {
  /** Stable for the page: ties a row's elements to it across renumbering. */
  readonly key: number;
  readonly row: Readonly<OrderRow>;
  /** What the row's code resolved to; undefined while it is looked up. */
  readonly resolution: Resolution | undefined;
  readonly verdict: Verdict;
  readonly about: RowAbout | undefined;
  readonly status: RowStatus;
}

/**
 * The row as shown, with `price` (the store's pricing of it) and Magento's `refusal` of it when it was last
 * added, which stands in for its status until the row changes.
 */
export function rowView(
  key: number,
  row: OrderRow,
  resolution: Resolution | undefined,
  price: RowPrice | undefined,
  refusal?: string,
): RowView {
  const outcome = verdict(row, resolution);
  const problem = outcome.kind === 'problem' ? outcome.message : undefined;
  const status: RowStatus = {
    text: refusal ?? problem ?? (outcome.kind === 'ready' ? t.inStock : ''),
    // A row being looked up is not a problem yet.
    tone: refusal || (problem && resolution) ? 'problem' : outcome.kind === 'ready' ? 'ok' : 'quiet',
    invalid: problem === t.unknown ? 'code' : problem === t.badQuantity ? 'qty' : undefined,
  };
  return { key, row, resolution, verdict: outcome, about: aboutOf(row, resolution, price), status };
}

function aboutOf(
  row: OrderRow,
  resolution: Resolution | undefined,
  price: RowPrice | undefined,
): RowAbout | undefined {
  if (resolution?.status !== 'found') return undefined;
  const { product } = resolution;
  const child = chosenChild(product, row.choice);
  const query = child ? variantQuery(product.variants?.attributes ?? [], row.choice) : '';
  return {
    product,
    href: query ? `${product.href}?${query}` : product.href,
    model: child ? child.model : (product.model ?? null),
    price: price && (price.inclVat !== null || price.exclVat !== null) ? price : undefined,
  };
}

/** The row once its code resolved: a child's own code chooses it, unless the shopper chose already. */
export function withTypedChild(row: OrderRow, resolution: Resolution): OrderRow {
  if (resolution.status !== 'found' || !resolution.child || Object.keys(row.choice).length > 0) return row;
  const child = resolution.product.variants?.children.find(({ sku }) => sku === resolution.child);
  return child ? { ...row, choice: { ...child.values } } : row;
}
