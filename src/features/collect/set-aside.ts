/**
 * Splitting a basket that cannot all be collected: the lines the point lacks are taken out of this order
 * (down to what it has, or out altogether) and set aside in the browser (localStorage
 * `collect-set-aside`), the rest is collected; once the order is placed, what was set aside goes back into a
 * new basket for delivery, and the shopper is told. Only products without options are set aside (a
 * configurable line would need its parent and choices to go back): a basket with one the point lacks is
 * offered delivery or another point instead.
 */
import { persistentAtom } from '@nanostores/persistent';
import { addAllToCart, refreshCart, removeCartItem, updateCartItem } from '../cart/index.ts';
import { hasChosenOptions } from '../../magento/wire/item-options.ts';
import { notify } from '../notify/index.ts';
import { collectTexts as t } from './texts.ts';

export interface SetAsideLine {
  readonly sku: string;
  readonly qty: number;
}

const isLine = (value: unknown): value is SetAsideLine =>
  typeof value === 'object' &&
  value !== null &&
  'sku' in value &&
  typeof value.sku === 'string' &&
  value.sku.length <= 64 &&
  'qty' in value &&
  typeof value.qty === 'number' &&
  Number.isInteger(value.qty) &&
  value.qty > 0;

/** What is stored, as lines; anything that does not read is nothing set aside. */
function decode(stored: string): SetAsideLine[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) && value.every(isLine) ? value : [];
  } catch {
    return [];
  }
}

export const $setAside = persistentAtom<SetAsideLine[]>('collect-set-aside', [], {
  encode: JSON.stringify,
  decode,
});

/** A line the point lacks: how many are wanted and how many it has. */
export interface LackingLine {
  readonly sku: string;
  readonly wanted: number;
  readonly free: number;
}

/** Whether the lacking lines can be set aside: each is a product without options in the basket. */
export async function canSetAside(lacking: readonly LackingLine[]): Promise<boolean> {
  const cart = await refreshCart();
  return lacking.every((line) => {
    const item = cart?.items.find((each) => each.sku === line.sku);
    return item !== undefined && !hasChosenOptions(item);
  });
}

/** Takes what the point lacks out of the basket and sets it aside; how many units were set aside. */
export async function setAsideLacking(lacking: readonly LackingLine[]): Promise<number> {
  const cart = await refreshCart();
  const aside: SetAsideLine[] = [...$setAside.get()];
  for (const line of lacking) {
    const item = cart?.items.find((each) => each.sku === line.sku);
    if (!item || hasChosenOptions(item)) continue;
    const keep = Math.max(0, Math.min(line.free, item.qty));
    if (keep > 0) await updateCartItem(item.item_id, keep);
    else await removeCartItem(item.item_id);
    aside.push({ sku: line.sku, qty: item.qty - keep });
  }
  $setAside.set(aside);
  return aside.reduce((sum, line) => sum + line.qty, 0);
}

/** After the order: what was set aside goes into a new basket for delivery, and the shopper is told. */
export async function bringBackSetAside(): Promise<void> {
  const lines = $setAside.get();
  if (lines.length === 0) return;
  $setAside.set([]);
  const outcomes = await addAllToCart(lines.map((line) => ({ ...line, options: [] })));
  if (outcomes.some((outcome) => outcome.status === 'fulfilled')) notify(t.backInBasket);
}
