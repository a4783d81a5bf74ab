/**
 * B2B for Adobe Commerce's payment check for a company's buyers (Magento_CompanyPayment's `CanUseForCompany`,
 * the `company` check `Quote\Payment::importData` and the methods list run): a company's purchase order or
 * quote is paid only with the B2B payment methods (`../checkout/payment-config.ts`). Refused, Magento says
 * "The requested Payment Method is not available.".
 *
 * This back end runs the check where a company's purchase orders and negotiable quotes are paid (their
 * GraphQL calls with the buyer's token, and the order an approved purchase order becomes), not on every
 * cart: the storefront's card bridge places a paid order as `checkmo` with the integration token, and a
 * company user's card payment must still become an order.
 */
import { DEMO_B2B_PAYMENTS } from '../checkout/payment-config.ts';
import type { CheckoutSettings } from '../checkout/settings.ts';

/**
 * Whether a company's purchase order or negotiable quote may be paid with `code`: decided by the record, a
 * company's always, not by whether its buyer is still in the company (a creator removed before the last
 * approval must not turn a Check / Money order purchase order into an order with nothing paid).
 */
export function b2bMayUse(settings: CheckoutSettings, code: string): boolean {
  // The company's own "Applicable Payment Methods" is not kept here: every company uses the B2B default.
  const b2b = settings.payments?.b2b ?? DEMO_B2B_PAYMENTS;
  return b2b.applicable === 'all' || b2b.methods.includes(code);
}

/** The methods of `methods` a company's record may be paid with (`PaymentMethodManagementPlugin::aroundGetList`). */
export const b2bMethods = <M extends { readonly code: string }>(
  settings: CheckoutSettings,
  methods: readonly M[],
): M[] => methods.filter((method) => b2bMayUse(settings, method.code));
