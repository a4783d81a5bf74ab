/** One line of the basket: picture and name linking to the product, its total, quantity, Update, Remove. */
import type { SubmitEvent } from 'react';
import { imageSrcset, imageUrl } from '../../catalogue/images.ts';
import { formatPrice, lineTotal } from '../../catalogue/money.ts';
import { wholeQuantity } from '../../features/cart/cart.ts';
import type { BasketProduct } from '../../features/cart/products.ts';
import type { CartItem } from '../../magento/wire/shopper-cart.ts';
import { strings } from '../../strings.ts';
import { QuantityField } from '../shared/QuantityField.tsx';

const b = strings.basket;
const t = strings.shopper;

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

export interface BasketRowProps {
  item: CartItem;
  product: BasketProduct | undefined;
  draft: string | undefined;
  busy: boolean;
  onDraft: (value: string) => void;
  onUpdate: (qty: number) => void;
  onRemove: () => void;
}

export function BasketRow({ item, product, draft, busy, onDraft, onUpdate, onRemove }: BasketRowProps) {
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
        <QuantityField
          id={qtyId}
          label={
            <>
              {t.quantity}
              <span className="visually-hidden"> {name}</span>
            </>
          }
          value={value}
          onChange={(event) => onDraft(event.target.value)}
        />
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
