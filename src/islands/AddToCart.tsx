/**
 * Add to cart (spec §4 with DESIGN.md §3's fixes): the server renders exactly the catalogue's form
 * (AddToCartForm.astro), which without JavaScript goes to the basket. Once hydrated, submitting makes
 * sure a cart exists, adds the quantity, flips the basket toggle (the badge refreshes) and only then says
 * 'This product is now in your cart!'; a failure says what went wrong (Magento's stock message, or that
 * the shop is unavailable). While busy the button says so and further submits are ignored, and the
 * second click of a double click is no second submit: Magento may have answered the first one already.
 */
import type { MouseEvent, SubmitEvent } from 'react';
import { wholeQuantity } from '../features/cart/cart.ts';
import { addToCart } from '../features/cart/store.ts';
import { notify } from '../features/notify/store.ts';
import { strings } from '../strings.ts';
import { problemText } from '../features/problem.ts';
import './add-to-cart.css';
import { QuantityField } from './shared/QuantityField.tsx';
import { useBusy } from './shared/use-busy.ts';

export interface AddToCartProps {
  sku: string;
  /** The product's name, so each button names its product for screen readers. */
  name: string;
  /** Show a quantity field (main product); otherwise the quantity is 1. */
  withQuantity: boolean;
  /** The quantity field's id, unique on the page. */
  qtyId: string;
  texts: { quantity: string; addToCart: string };
}

export default function AddToCart({ sku, name, withQuantity, qtyId, texts }: AddToCartProps) {
  const { busy, start, finish } = useBusy();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const qty = wholeQuantity(String(new FormData(form).get('qty') ?? ''));
    if (qty === undefined) {
      form.reportValidity();
      return;
    }
    if (!start(true)) return;
    try {
      await addToCart(sku, qty);
      notify(strings.product.addedToCart, 'status', { nextPage: false });
    } catch (error) {
      notify(problemText(error), 'alert', { nextPage: false });
    } finally {
      finish();
    }
  }

  /** A click's `detail` counts the clicks of one gesture; a keyboard press is 0. */
  function oneSubmitPerGesture(event: MouseEvent<HTMLButtonElement>) {
    if (event.detail > 1) event.preventDefault();
  }

  return (
    <form
      className={withQuantity ? 'add-to-cart with-quantity' : 'add-to-cart'}
      data-add-to-cart=""
      data-sku={sku}
      action="/basket"
      method="get"
      onSubmit={submit}
      aria-busy={busy || undefined}
    >
      <input type="hidden" name="sku" value={sku} />
      {withQuantity ? (
        <QuantityField id={qtyId} label={texts.quantity} defaultValue="1" />
      ) : (
        <input type="hidden" name="qty" value="1" />
      )}
      <button
        type="submit"
        className="button"
        aria-disabled={busy || undefined}
        onClick={oneSubmitPerGesture}
      >
        {busy ? strings.shopper.adding : texts.addToCart}
        {!withQuantity && <span className="visually-hidden">: {name}</span>}
      </button>
    </form>
  );
}
