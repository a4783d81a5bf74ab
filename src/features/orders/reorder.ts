/**
 * "Buy again": an order's products go into the shopper's basket through the basket's own calls (so at
 * today's prices and stock, into the guest's or the customer's cart as usual). A product Magento refuses
 * now (sold out, no longer sold) is named and the rest are added; then the basket opens, saying what
 * happened. When none could be added the shopper stays here and is told why.
 */
import { orderTexts } from './texts.ts';
import { addToCart } from '../cart/index.ts';
import { CHECKOUT_PATHS } from '../checkout/index.ts';
import { goTo } from '../../shop-api/navigation.ts';
import { notify } from '../notify/index.ts';
import { ShopApiError } from '../../shop-api/shop-api.ts';
import type { OrderLine } from './order.ts';

const t = orderTexts;

interface Reordered {
  readonly added: readonly OrderLine[];
  readonly refused: readonly OrderLine[];
}

/** Magento refused this product (a 4xx other than an ended session); anything else stops the whole. */
const refusedByMagento = (error: unknown): boolean =>
  error instanceof ShopApiError && error.status >= 400 && error.status < 500 && error.status !== 401;

/**
 * The parent of a configurable line's child, by child sku (from the product facts), so the line is bought
 * again as it was added: the parent's sku with the same options. Without it the child's sku is added.
 */
export type ParentSkus = ReadonlyMap<string, string>;

/** Adds each line in turn, in the quantity ordered (whole items, at least one). */
async function addLinesToBasket(lines: readonly OrderLine[], parents: ParentSkus): Promise<Reordered> {
  const added: OrderLine[] = [];
  const refused: OrderLine[] = [];
  for (const line of lines) {
    const parent = line.options.length > 0 ? parents.get(line.sku) : undefined;
    try {
      const qty = Math.max(1, Math.round(line.qty));
      if (parent) await addToCart(parent, qty, line.options);
      else await addToCart(line.sku, qty);
      added.push(line);
    } catch (error) {
      if (!refusedByMagento(error)) throw error;
      refused.push(line);
    }
  }
  return { added, refused };
}

/** What the basket says on arrival, or (nothing added) what this page says. */
function reorderNotice({ added, refused }: Reordered): string {
  const names = refused.map((line) => line.name).join(', ');
  return [added.length > 0 ? t.addedAgain(added.length) : '', names ? t.notAddedAgain(names) : '']
    .filter(Boolean)
    .join(' ');
}

/** Buys `lines` again and opens the basket; false (with the reason shown here) when none could be added. */
export async function buyAgain(
  lines: readonly OrderLine[],
  parents: ParentSkus = new Map(),
): Promise<boolean> {
  const result = await addLinesToBasket(lines, parents);
  const text = reorderNotice(result);
  if (result.added.length === 0) {
    notify(text, 'alert');
    return false;
  }
  notify(text, result.refused.length > 0 ? 'alert' : 'status', { carryTo: CHECKOUT_PATHS.basket });
  goTo(CHECKOUT_PATHS.basket);
  return true;
}
