/**
 * The basket (spec §2, §4): one row per cart line with its picture and name linking to the product,
 * 'Total for this item', a quantity (at least 1) with Update and Remove; Magento's 'Total shipping cost'
 * and 'Total'; Return and Confirm. 'Your cart is empty' with a link home when there is nothing.
 * Update and Remove say so ('Item quantity update successfully!', 'The item has been removed
 * successfully') and the basket refreshes in place; failures say what went wrong, and a quantity typed
 * is never lost. A click on Add to cart made before the product page was ready arrives here as
 * `?sku=…&qty=…` and is added then.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Totals } from '../magento/wire/shopper-totals.ts';
import type { Cart } from '../magento/wire/shopper-cart.ts';
import { wholeQuantity } from '../features/cart/cart.ts';
import { addFromQuery } from '../features/cart/from-query.ts';
import { loadBasketProducts, type BasketProducts } from '../features/cart/products.ts';
import { $cart, refreshCart, removeCartItem, updateCartItem } from '../features/cart/store.ts';
import { fetchTotals } from '../features/cart/totals.ts';
import { startBasketSync } from '../features/cart/sync.ts';
import { notify } from '../features/notify/store.ts';
import { problemText } from '../features/problem.ts';
import { strings } from '../strings.ts';
import { BasketRow } from './basket/BasketRow.tsx';
import { BasketSummary, EmptyBasket } from './basket/BasketSummary.tsx';
import './basket/basket.css';
import { LoadStatus } from './shared/LoadStatus.tsx';
import { useBusy } from './shared/use-busy.ts';
import { useLoad } from './shared/use-load.ts';

const b = strings.basket;

/** The first load adds what the query carries and starts the page's sync; Retry refreshes the cart. */
async function loadBasket(retry: boolean): Promise<void> {
  if (retry) {
    await refreshCart();
    return;
  }
  await addFromQuery();
  await startBasketSync();
}

/** Magento's totals, again whenever the cart changes (the newest answer wins), and why they are missing. */
function useTotals(cart: Cart | null, ready: boolean): { totals: Totals | null; problem: string } {
  const [totals, setTotals] = useState<Totals | null>(null);
  const [problem, setProblem] = useState('');
  const request = useRef(0);
  useEffect(() => {
    if (!ready || !cart || cart.items.length === 0) {
      setTotals(null);
      return;
    }
    const mine = ++request.current;
    fetchTotals().then(
      (answer) => {
        if (mine !== request.current) return;
        setTotals(answer);
        setProblem('');
      },
      (error: unknown) => {
        if (mine === request.current) setProblem(problemText(error));
      },
    );
  }, [cart, ready]);
  return { totals, problem };
}

/** Quantities typed and not yet shown by the cart, by line; one is dropped once the cart shows it. */
function useDrafts(cart: Cart | null) {
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  useEffect(() => {
    setDrafts((current) => {
      const next: Record<number, string> = {};
      for (const item of cart?.items ?? []) {
        const draft = current[item.item_id];
        if (draft !== undefined && wholeQuantity(draft) !== item.qty) next[item.item_id] = draft;
      }
      return next;
    });
  }, [cart]);
  const setDraft = (itemId: number, value: string) =>
    setDrafts((current) => ({ ...current, [itemId]: value }));
  return { drafts, setDraft };
}

export default function Basket() {
  const cart = useStore($cart);
  const { state, retry } = useLoad(loadBasket);
  const ready = state.status === 'ready';
  const { totals, problem } = useTotals(cart, ready);
  const { drafts, setDraft } = useDrafts(cart);
  const [products, setProducts] = useState<BasketProducts>({});
  const { active: busyItem, start: claim, finish } = useBusy<number>();
  const items = ready ? (cart?.items ?? []) : [];

  // Pictures and links, once there is something to show.
  useEffect(() => {
    if (items.length > 0) loadBasketProducts().then(setProducts, () => undefined);
  }, [items.length > 0]);

  async function change(itemId: number, work: () => Promise<void>, done: string) {
    if (!claim(itemId)) return;
    try {
      await work();
      notify(done, 'status');
    } catch (error) {
      notify(problemText(error), 'alert');
    } finally {
      finish();
    }
  }

  if (state.status !== 'ready')
    return (
      <LoadStatus state={state} className="basket__status" text={strings.shopper.loading} onRetry={retry} />
    );
  if (items.length === 0) return <EmptyBasket />;
  return (
    <div className="basket">
      <ul className="basket__rows">
        {items.map((item) => (
          <BasketRow
            key={item.item_id}
            item={item}
            product={products[item.sku]}
            draft={drafts[item.item_id]}
            busy={busyItem === item.item_id}
            onDraft={(value) => setDraft(item.item_id, value)}
            onUpdate={(qty) =>
              void change(item.item_id, () => updateCartItem(item.item_id, qty), b.quantityUpdated)
            }
            onRemove={() => void change(item.item_id, () => removeCartItem(item.item_id), b.removed)}
          />
        ))}
      </ul>
      <BasketSummary totals={totals} problem={problem} />
    </div>
  );
}
