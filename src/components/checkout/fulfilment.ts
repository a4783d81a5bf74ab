/**
 * The checkout's slot for a way to fulfil an order other than delivery, offered among the delivery
 * methods of the shipping step and remembered at payment. The host declares it; fulfilment-at-shipping.ts
 * and fulfilment-at-payment.ts fill it (click & collect's), so the checkout names no other feature. What
 * a way is given is plain data and callbacks: it needs nothing of this folder.
 */
import type { ReactNode } from 'react';
import type { CheckoutAddress } from '../../features/checkout/index.ts';
import type { Ga4Item } from '../../features/analytics/index.ts';
import type { CheckoutCartWire } from '../../magento/wire/cart.ts';
import type { Country } from '../../magento/wire/directory.ts';

/** The way at the shipping step, as the step's hook gives it on each render. */
export interface FulfilmentWay {
  /** Chosen instead of delivery: the shipping address is the way's (the form is hidden, and kept). */
  readonly chosen: boolean;
  /** It has options to offer: the delivery list shows even when Magento offers no delivery. */
  readonly offered: boolean;
  /** Back to delivery: the shopper chose a delivery method. */
  readonly deliver: () => void;
  /** Its options among the delivery radios (`name="delivery"`, in `form`). */
  readonly options: (form: string) => ReactNode;
  /** What it says below the options; `deliverAll` goes back to delivery with its cheapest method. */
  readonly status: (deliverAll: () => void) => ReactNode;
  /** Why Confirm cannot save it yet ('' when it can). */
  readonly notReady: () => string;
  /** Confirm, chosen: the billing address saved with the way's own shipping, and measured with `items`. */
  readonly save: (
    billing: CheckoutAddress,
    countries: readonly Country[],
    items: Promise<Ga4Item[]>,
  ) => Promise<void>;
}

/** The way at the shipping step: offered, chosen and confirmed there. */
export interface FulfilmentAtShipping {
  /** What an earlier Confirm chose of this way, read from the cart; undefined when it is delivered. */
  readonly confirmedIn: (cart: Pick<CheckoutCartWire, 'extension_attributes'>) => string | undefined;
  /** The way's state at the shipping step (a React hook): `ready` once the step has loaded. */
  readonly use: (ready: boolean, confirmed: string | undefined) => FulfilmentWay;
}

/** The way at payment: apart from the shipping step's, so the payment step loads none of its choice. */
export interface FulfilmentAtPayment {
  readonly confirmedIn: FulfilmentAtShipping['confirmedIn'];
  /** What the cart is fulfilled by (undefined: delivered), remembered for the placed order's page. */
  readonly paying: (confirmed: string | undefined) => void;
}
