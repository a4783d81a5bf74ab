/**
 * A click on Add to cart made before the product page's script ran posts the form to the basket page as
 * `?sku=…&qty=…` (with a configurable's choice as `super_attribute[<attribute id>]=<option id>`, the
 * picker's radio inputs); the basket adds it once, when it loads, and drops the query at once (a reload must not
 * add it again). Its one text comes from features/shell/browser-texts.ts, so the basket's script bundles no other.
 */
import { shellTexts } from '../shell/index.ts';
import { notify } from '../notify/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { wholeQuantity } from './cart.ts';
import { chosenOptions } from '../../magento/wire/item-options.ts';
import { addToCart } from './cart-state.ts';

export async function addFromQuery(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const sku = query.get('sku');
  const qty = wholeQuantity(query.get('qty') ?? '');
  if (!sku) return;
  window.history.replaceState(null, '', window.location.pathname);
  if (qty === undefined) return;
  try {
    await addToCart(sku, qty, chosenOptions(query));
    notify(shellTexts.addedToCart, 'status');
  } catch (error) {
    notify(problemText(error), 'alert');
  }
}
