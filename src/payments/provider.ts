/**
 * The one seam between the payment bridge and a payment provider. The bridge knows carts, orders and the
 * transaction's states; a provider knows its wire protocol: how to register a payment (`register`), the
 * routes its callbacks arrive on (Opayo's notification, PayPal's return and webhooks), and what it says of
 * a payment left waiting (`check`). Every callback ends in `PaymentSettlement.settle`, which places the
 * order once per transaction whatever arrives first. A provider lives in its own folder under
 * `providers/` and is listed in `providers/index.ts`: adding one touches that folder only.
 */
import type { Hono } from 'hono';
import type { PaymentMethod } from './methods.ts';
import type { Acknowledgement, PaymentRecord } from './payment-records.ts';

export type { Acknowledgement } from './payment-records.ts';

export { PAYMENT_METHODS, type PaymentMethod } from './methods.ts';

/** An address as the provider needs it, taken from the cart's addresses. */
export interface PaymentAddress {
  readonly firstnames: string;
  readonly surname: string;
  readonly address1: string;
  readonly address2?: string | undefined;
  readonly city: string;
  readonly postCode: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** Region code (only US states mean anything to Opayo). */
  readonly state?: string | undefined;
  readonly phone?: string | undefined;
}

export interface PaymentLine {
  readonly description: string;
  readonly quantity: number;
  /** Unit price incl VAT in pounds. */
  readonly unitGross: number;
  /** Unit price excl VAT in pounds, as Magento rounds it per unit, where its totals give it. */
  readonly unitNet?: number | undefined;
}

/** What the provider is asked to take payment for: built server side from Magento's cart and totals. */
export interface PaymentOrder {
  /** The shop's transaction code (Opayo's VendorTxCode). */
  readonly code: string;
  /** The way the shopper chose; one of the provider's `methods`. */
  readonly method: PaymentMethod;
  /** Pounds, two decimals, from Magento's totals. */
  readonly amount: number;
  readonly currency: string;
  readonly description: string;
  readonly billing: PaymentAddress;
  readonly delivery: PaymentAddress;
  readonly email?: string | undefined;
  /**
   * The lines, delivery and discounts; lines + delivery − discounts make `amount` exactly (the bridge
   * refuses a payment otherwise).
   */
  readonly basket: PaymentBasket;
}

/** Money off the whole order (a discount code, a cart rule), as the shopper is told it. */
export interface PaymentDiscount {
  /** Magento's title for it, e.g. "Discount (10% off detergents)". */
  readonly description: string;
  /** Pounds off incl VAT, positive. */
  readonly amount: number;
  /** The VAT in `amount` (the VAT it took off the rows), where Magento's totals let it be known. */
  readonly vat?: number | undefined;
}

export interface PaymentBasket {
  readonly lines: readonly PaymentLine[];
  /** Delivery incl VAT in pounds; 0 when free. */
  readonly delivery: number;
  /** Delivery excl VAT in pounds, where Magento's totals give it. */
  readonly deliveryNet?: number | undefined;
  /** The VAT Magento totals for the order (lines and delivery), included in the amounts above. */
  readonly vat: number;
  /** None when nothing is taken off. */
  readonly discounts: readonly PaymentDiscount[];
}

export type RegistrationResult =
  | {
      readonly ok: true;
      /** The provider's transaction id (Opayo's VPSTxId). */
      readonly providerRef: string;
      /**
       * The provider's own data for this payment, opaque to the bridge, which keeps it with the transaction
       * and hands it back (Opayo's SecurityKey, for verifying its notification); '' when there is none.
       * Never leaves the server.
       */
      readonly providerData: string;
      /** Where the shopper's browser goes to enter the card. */
      readonly nextUrl: string;
    }
  | {
      readonly ok: false;
      /** The provider's status (MALFORMED, INVALID, ERROR…), or TRANSPORT when it could not be reached. */
      readonly kind: string;
      readonly detail: string;
    };

/**
 * What a provider says happened to a payment, in the bridge's words: `paid` places the order; `pending`
 * changes nothing; `declined` (the card or account refused, or the provider failed it) and `cancelled`
 * (the shopper or the shop stopped it, nothing taken) fail the transaction; `unknown` (a status that means
 * nothing for a payment) is refused. A provider maps its own status words onto these.
 */
export type PaymentOutcome = 'paid' | 'declined' | 'cancelled' | 'pending' | 'unknown';

export interface ProviderNotification {
  readonly code: string;
  readonly providerRef: string;
  /** The provider's own status word, stored and compared for repeated notifications. */
  readonly status: string;
  readonly outcome: PaymentOutcome;
  readonly detail: string;
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * Why a payment's order could not be placed now: the basket changed since Pay (`changed`), something to be
 * delivered sold out (`stock`), or one of the features' checks refused it (`refused`, naming the check:
 * checks.ts); `detail` is for the log.
 */
export type NotOrderable =
  | { readonly reason: 'changed' | 'stock'; readonly detail: string }
  | { readonly reason: 'refused'; readonly check: string; readonly detail: string };

/** What a provider says of giving back a payment it took. */
export type GiveBackResult =
  | {
      readonly ok: true;
      /** What it has refunded of the payment in all, in pence. */
      readonly refundedPence: number;
    }
  | { readonly ok: false; readonly detail: string };

/** What a provider asks the bridge before it takes money in a step of its own (PayPal's capture). */
export interface BeforeTaking {
  /** Why the order could not be placed now, or undefined when it can: nothing is taken then. */
  orderable(record: PaymentRecord): Promise<NotOrderable | undefined>;
}

/** What the bridge offers a provider's routes: find its transactions, settle them, note refunds. */
export interface PaymentSettlement extends BeforeTaking {
  find(code: string): Promise<PaymentRecord | undefined>;
  /** The transaction `provider` knows by `providerRef`. */
  findByRef(provider: string, providerRef: string): Promise<PaymentRecord | undefined>;
  /**
   * Applies what the provider says happened to a transaction it verified: an authorised payment places the
   * order once, a declined one fails it, a final one gets its first answer again. Throws
   * `OutcomeUnknownError` while another caller is still placing the order.
   */
  settle(record: PaymentRecord, notification: ProviderNotification): Promise<Acknowledgement>;
  /** Records what the provider says was refunded of the transaction in all, in pence. */
  refunded(record: PaymentRecord, refundedPence: number): Promise<void>;
  /** A provider's events acted on already (webhooks are delivered at least once, to any replica). */
  readonly events: {
    seen(provider: string, eventId: string): Promise<boolean>;
    remember(provider: string, eventId: string): Promise<void>;
  };
  /** The shop's outcome pages: `/paid`, `/failed-payment`, and the payment step to choose again. */
  readonly pages: { readonly paid: string; readonly failed: string; readonly payment: string };
  readonly log: (message: string) => void;
}

export interface PaymentProvider {
  /** Short name, stored with each transaction (`opayo-server`, `paypal`). */
  readonly name: string;
  /** The ways to pay it takes. */
  readonly methods: readonly PaymentMethod[];
  /** What the shopper is told when it cannot start a payment (down, or refusing it); the basket is kept. */
  readonly notStarted: string;
  /** A fresh transaction code in the provider's allowed form. */
  newCode(): string;
  register(order: PaymentOrder): Promise<RegistrationResult>;
  /** Staff's note on the Magento order of a payment: who took the money, under which reference. */
  orderComment(payment: Pick<PaymentRecord, 'method' | 'providerRef'>): string;
  /** Its callbacks (notifications, returns, webhooks), answered through `settlement`. */
  routes(settlement: PaymentSettlement): Hono;
  /**
   * A transaction left REGISTERED for a while (the shopper closed the tab, a callback was lost): what the
   * provider says of it now, settled by recovery; undefined to leave it waiting.
   */
  check?(record: PaymentRecord, before: BeforeTaking): Promise<ProviderNotification | undefined>;
  /**
   * Gives back a payment it took for an order that then could not be placed (PayPal refunds the
   * capture), once however often and wherever it is asked. Absent where the shop's answer decides
   * instead: Opayo voids a payment whose notification is answered INVALID.
   */
  giveBack?(record: PaymentRecord): Promise<GiveBackResult>;
}

/**
 * No final answer can be given yet: another caller is still placing the order. Opayo's route answers 503
 * without an acknowledgement, so Opayo sends the notification again (contract §4.2–4.3), rather than
 * taking a final ERROR, not settling, and then seeing the order completed; PayPal's return sends the
 * shopper to wait on `/paid`, and its webhook is answered 503 to be delivered again.
 */
export class OutcomeUnknownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutcomeUnknownError';
  }
}
