/**
 * The seam between the payment bridge and a hosted-card payment provider (contracts/payment §6): the
 * bridge knows orders, carts and the transaction states; a provider knows its wire protocol. Opayo
 * Server 4.00 implements it today (`opayo-server.ts`); Opayo Pi or another provider can replace it.
 */

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
}

/** What the provider is asked to take payment for: built server side from Magento's cart and totals. */
export interface PaymentOrder {
  /** The shop's transaction code (Opayo's VendorTxCode). */
  readonly code: string;
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
}

export interface PaymentBasket {
  readonly lines: readonly PaymentLine[];
  /** Delivery incl VAT in pounds; 0 when free. */
  readonly delivery: number;
  /** None when nothing is taken off. */
  readonly discounts: readonly PaymentDiscount[];
}

export type RegistrationResult =
  | {
      readonly ok: true;
      /** The provider's transaction id (Opayo's VPSTxId). */
      readonly providerRef: string;
      /** Secret shared for verifying notifications (Opayo's SecurityKey); never leaves the server. */
      readonly secret: string;
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
 * What a notification says happened. AUTHORISED places the order; PENDING changes nothing; the other
 * outcomes fail the transaction; UNEXPECTED (a status that means nothing for a payment) is refused.
 */
export type PaymentOutcome =
  'AUTHORISED' | 'DECLINED' | 'REJECTED' | 'CANCELLED' | 'ERROR' | 'PENDING' | 'UNEXPECTED';

export interface ProviderNotification {
  readonly code: string;
  readonly providerRef: string;
  /** The provider's own status word, stored and compared for repeated notifications. */
  readonly status: string;
  readonly outcome: PaymentOutcome;
  readonly detail: string;
  readonly fields: Readonly<Record<string, string>>;
}

/** Our answer to a notification: OK (processed), INVALID (untrusted or refused), ERROR (cannot process). */
export interface Acknowledgement {
  readonly status: 'OK' | 'INVALID' | 'ERROR';
  readonly redirectUrl: string;
  readonly detail?: string | undefined;
}

export interface HostedPaymentProvider {
  /** Short name, stored with each transaction (`opayo-server`). */
  readonly name: string;
  /** A fresh transaction code in the provider's allowed form. */
  newCode(): string;
  register(order: PaymentOrder, notificationUrl: string): Promise<RegistrationResult>;
  /** Reads a callback body; undefined when it is not a notification at all. */
  readNotification(body: string): ProviderNotification | undefined;
  /** Whether the notification is signed with the transaction's secret and names its provider ref. */
  verify(notification: ProviderNotification, stored: { providerRef: string; secret: string }): boolean;
  /** The bytes the provider expects back. */
  acknowledge(ack: Acknowledgement): { contentType: string; body: string };
}
