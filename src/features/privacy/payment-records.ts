/**
 * What the privacy self-service needs of the payment records (issues 41, 50), as an interface it owns:
 * the customer's payments (card, PayPal, Pay in 3) for their data export, and forgetting them when the account is
 * deleted. The payment bridge's store implements it (payments/customer-records.ts), so this feature
 * depends on no payment code.
 */

/** One of the customer's payments, as their data export shows it. */
export interface CustomerPayment {
  /** The shop's reference for the transaction (the provider's VendorTxCode). */
  readonly reference: string;
  readonly provider: string;
  /** How they chose to pay: `card`, `paypal` or `paylater` (Pay in 3). */
  readonly method: string;
  /** The provider's own reference for it (Opayo's VPSTxId, PayPal's order id). */
  readonly providerReference: string;
  readonly amount: number;
  /** What the provider refunded of it since, in the same currency (0: nothing). */
  readonly refunded: number;
  readonly currency: string;
  /** Where the payment stands (payments/payment-records.ts): REGISTERED, PLACING, PAID or FAILED. */
  readonly state: string;
  /** The order it paid for, once placed. */
  readonly orderNumber: string | null;
  /** The basket when the shopper pressed Pay: `sku×qty` lines. */
  readonly basket: readonly string[];
  readonly failure: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What deleting an account did to its transactions. */
export interface Forgotten {
  /** Failed transactions removed. */
  readonly deleted: number;
  /** Paid and unfinished ones kept, no longer linked to the account or its e-mail address. */
  readonly anonymised: number;
}

export interface CustomerPayments {
  /** The transactions of Magento's customer `customerId`, oldest first. */
  of(customerId: number): Promise<CustomerPayment[]>;
  /** Deletes the customer's failed transactions and anonymises the rest. */
  forget(customerId: number): Promise<Forgotten>;
}
