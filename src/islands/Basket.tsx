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
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { imageSrcset, imageUrl } from '../catalogue/images.ts';
import { formatPrice, lineTotal } from '../catalogue/money.ts';
import { grandTotal, type CartItem, type Totals } from '../magento/wire/cart.ts';
import {
  $cart,
  addToCart,
  fetchTotals,
  refreshCart,
  removeCartItem,
  updateCartItem,
} from '../features/cart/store.ts';
import { notify } from '../features/notify/store.ts';
import { strings } from '../strings.ts';
import { loadBasketProducts, type BasketProduct, type BasketProducts } from '../features/cart/products.ts';
import { startBasketSync } from '../features/cart/sync.ts';
import { problemText } from './shared/problem.ts';
import './basket/basket.css';
import { LoadFailed, Loading } from './shared/LoadStatus.tsx';
import { wholeQuantity } from '../features/cart/cart.ts';
import { useBusy } from './shared/use-busy.ts';

const b = strings.basket;
const t = strings.shopper;

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };

/** Adds what a not-yet-hydrated add-to-cart form sent here, once (the query is dropped at once). */
async function addFromQuery(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const sku = query.get('sku');
  const qty = wholeQuantity(query.get('qty') ?? '');
  if (!sku) return;
  window.history.replaceState(null, '', window.location.pathname);
  if (qty === undefined) return;
  try {
    await addToCart(sku, qty);
    notify(strings.product.addedToCart, 'status', { nextPage: false });
  } catch (error) {
    notify(problemText(error), 'alert', { nextPage: false });
  }
}

function Picture({ product }: { product: BasketProduct | undefined }) {
  if (!product?.thumbnail) return <span className="basket-row__picture basket-row__picture--none" />;
  return (
    <img
      className="basket-row__picture"
      src={imageUrl(product.thumbnail, 160)}
      srcSet={imageSrcset(product.thumbnail, 320)}
      sizes="96px"
      width={96}
      height={96}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

interface RowProps {
  item: CartItem;
  product: BasketProduct | undefined;
  draft: string | undefined;
  busy: boolean;
  onDraft: (value: string) => void;
  onUpdate: (qty: number) => void;
  onRemove: () => void;
}

function Row({ item, product, draft, busy, onDraft, onUpdate, onRemove }: RowProps) {
  const name = item.name ?? item.sku;
  const qtyId = `basket-qty-${item.item_id}`;
  const value = draft ?? String(item.qty);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const qty = wholeQuantity(value);
    if (qty === undefined) event.currentTarget.reportValidity();
    else onUpdate(qty);
  }

  const picture = <Picture product={product} />;
  return (
    <li className="basket-row" aria-busy={busy || undefined}>
      {product?.urlKey ? (
        <a className="basket-row__product" href={`/${product.urlKey}`}>
          {picture}
          <span className="basket-row__name">{name}</span>
        </a>
      ) : (
        <span className="basket-row__product">
          {picture}
          <span className="basket-row__name">{name}</span>
        </span>
      )}
      <p className="basket-row__total">
        <span>{b.totalForItem}</span>{' '}
        <strong>
          {item.price === null || item.price === undefined
            ? ''
            : formatPrice(lineTotal(item.price, item.qty))}
        </strong>
      </p>
      <form className="basket-row__form" onSubmit={submit}>
        <div className="basket-row__qty">
          <label htmlFor={qtyId}>
            {t.quantity}
            <span className="visually-hidden"> {name}</span>
          </label>
          <input
            id={qtyId}
            type="number"
            name="qty"
            min="1"
            step="1"
            inputMode="numeric"
            required
            value={value}
            onChange={(event) => onDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {b.update}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={busy || undefined}
          onClick={onRemove}
        >
          {b.remove}
          <span className="visually-hidden"> {name}</span>
        </button>
      </form>
    </li>
  );
}

export default function Basket() {
  const cart = useStore($cart);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [totals, setTotals] = useState<Totals | null>(null);
  const [totalsProblem, setTotalsProblem] = useState('');
  const [products, setProducts] = useState<BasketProducts>({});
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const { active: busyItem, start: claim, finish } = useBusy<number>();
  const totalsRequest = useRef(0);

  const items = load.status === 'ready' ? (cart?.items ?? []) : [];

  async function start(first: boolean) {
    setLoad({ status: 'loading' });
    try {
      if (first) {
        await addFromQuery();
        await startBasketSync();
      } else await refreshCart();
      setLoad({ status: 'ready' });
    } catch (error) {
      setLoad({ status: 'failed', message: problemText(error) });
    }
  }

  useEffect(() => {
    void start(true);
  }, []);

  // Magento's totals, again whenever the cart changes (the newest answer wins).
  useEffect(() => {
    if (load.status !== 'ready' || !cart || cart.items.length === 0) {
      setTotals(null);
      return;
    }
    const request = ++totalsRequest.current;
    fetchTotals().then(
      (answer) => {
        if (request !== totalsRequest.current) return;
        setTotals(answer);
        setTotalsProblem('');
      },
      (error: unknown) => {
        if (request === totalsRequest.current) setTotalsProblem(problemText(error));
      },
    );
  }, [cart, load.status]);

  // Pictures and links, once there is something to show.
  useEffect(() => {
    if (items.length > 0) loadBasketProducts().then(setProducts, () => undefined);
  }, [items.length > 0]);

  // A typed quantity is kept until the cart shows it (or the line is gone).
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

  async function change(itemId: number, work: () => Promise<void>, done: string) {
    if (!claim(itemId)) return;
    try {
      await work();
      notify(done, 'status', { nextPage: false });
    } catch (error) {
      notify(problemText(error), 'alert', { nextPage: false });
    } finally {
      finish();
    }
  }

  if (load.status === 'loading') return <Loading className="basket__status" text={t.loading} />;
  if (load.status === 'failed')
    return (
      <LoadFailed
        className="basket__status"
        message={load.message}
        retryText={t.retry}
        onRetry={() => void start(false)}
      />
    );
  if (items.length === 0)
    return (
      <div className="basket__empty">
        <p>{b.empty}</p>
        <p>
          <a className="button" href="/">
            {t.continueShopping}
          </a>
        </p>
      </div>
    );

  const money = (amount: number | undefined) => (amount === undefined ? t.loading : formatPrice(amount));
  return (
    <div className="basket">
      <ul className="basket__rows">
        {items.map((item) => (
          <Row
            key={item.item_id}
            item={item}
            product={products[item.sku]}
            draft={drafts[item.item_id]}
            busy={busyItem === item.item_id}
            onDraft={(value) => setDrafts((current) => ({ ...current, [item.item_id]: value }))}
            onUpdate={(qty) =>
              void change(item.item_id, () => updateCartItem(item.item_id, qty), b.quantityUpdated)
            }
            onRemove={() => void change(item.item_id, () => removeCartItem(item.item_id), b.removed)}
          />
        ))}
      </ul>
      <div className="basket__summary">
        {totalsProblem && (
          <p className="basket__problem" role="alert">
            {totalsProblem}
          </p>
        )}
        <dl className="basket__totals">
          <div>
            <dt>{b.totalShipping}</dt>
            <dd>{money(totals?.shipping_amount)}</dd>
          </div>
          <div className="basket__grand">
            <dt>{b.total}</dt>
            <dd>{money(totals ? grandTotal(totals) : undefined)}</dd>
          </div>
        </dl>
        <div className="basket__actions">
          <a className="button button--secondary" href="/">
            {b.return}
          </a>
          <a className="button" href="/basket/shipping">
            {b.confirm}
          </a>
        </div>
      </div>
    </div>
  );
}
