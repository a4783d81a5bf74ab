/**
 * B2B for Adobe Commerce's payment check for a company's buyers (Magento_CompanyPayment's `CanUseForCompany`,
 * the `company` check `Quote\Payment::importData` and the methods list run): a customer of a company may pay
 * only with the B2B payment methods (`../checkout/payment-config.ts`); a customer of no company, or a guest,
 * is not restricted. Refused, Magento says "The requested Payment Method is not available.".
 *
 * This back end runs the check where a company's purchase orders and negotiable quotes are paid (their
 * GraphQL calls with the buyer's token, and the order an approved purchase order becomes), not on every
 * cart: the storefront's card bridge places a paid order as `checkmo` with the integration token, and a
 * company user's card payment must still become an order.
 */
import { companyUser } from '../company/index.ts';
import { DEMO_B2B_PAYMENTS } from '../checkout/payment-config.ts';
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';

/** Whether the customer may pay with `code` as their company's B2B payment methods allow. */
export function companyMayUse(
  db: Database,
  settings: CheckoutSettings,
  customerId: number | null,
  code: string,
): boolean {
  if (customerId === null || companyUser(db, customerId) === undefined) return true;
  // The company's own "Applicable Payment Methods" is not kept here: every company uses the B2B default.
  const b2b = settings.payments?.b2b ?? DEMO_B2B_PAYMENTS;
  return b2b.applicable === 'all' || b2b.methods.includes(code);
}

/** The methods of `methods` the customer's company lets them use (`PaymentMethodManagementPlugin::aroundGetList`). */
export const companyMethods = <M extends { readonly code: string }>(
  db: Database,
  settings: CheckoutSettings,
  customerId: number | null,
  methods: readonly M[],
): M[] => methods.filter((method) => companyMayUse(db, settings, customerId, method.code));
