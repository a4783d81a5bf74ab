/**
 * What the rest of the shop reads of the payments, as the payments word it: an order's payment for the
 * order's page (features/orders), and a customer's payments for their data export and for forgetting
 * them when the account is deleted (features/privacy, issues 41, 50). The payments' home implements both
 * (home.ts, customer-records.ts); the features take them as given, and import nothing else of the payments.
 */
import type { PaymentMethod } from './methods.ts';

/** What the payment bridge knows of an order it placed: how it was paid, and what was refunded since. */
export interface OrderPayment {
  readonly method: PaymentMethod;
  readonly refundedPence: number;
}

/** The payment bridge's word on the orders it placed (home.ts). */
export interface OrderPayments {
  ofOrder(orderId: number): Promise<OrderPayment | undefined>;
}

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
  /** Where the payment stands (payment-records.ts): REGISTERED, PLACING, PAID or FAILED. */
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
