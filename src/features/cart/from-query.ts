/**
 * A click on Add to cart made before the product page's script ran posts the form to the basket page as
 * `?sku=…&qty=…`; the basket adds it once, when it loads, and drops the query at once (a reload must not
 * add it again). Its one text comes from browser-strings.ts, so the basket's script bundles no other.
 */
import { shellTexts } from '../../browser-strings.ts';
import { notify } from '../notify/store.ts';
import { problemText } from '../problem.ts';
import { wholeQuantity } from './cart.ts';
import { addToCart } from './store.ts';

export async function addFromQuery(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const sku = query.get('sku');
  const qty = wholeQuantity(query.get('qty') ?? '');
  if (!sku) return;
  window.history.replaceState(null, '', window.location.pathname);
  if (qty === undefined) return;
  try {
    await addToCart(sku, qty);
    notify(shellTexts.addedToCart, 'status');
  } catch (error) {
    notify(problemText(error), 'alert');
  }
}
