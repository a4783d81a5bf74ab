/**
 * The payment methods besides Check / Money order, configured as Magento's `payment/<code>/<field>` paths
 * configure them (OfflinePayments/etc/config.xml, system.xml). One field is not Magento's:
 * `purchaseorder.customerGroups` stands in for the merchant's payment-restriction module, which in a real
 * shop offers a method to some customer groups only (Open Source has no such setting: an active method is
 * offered to everyone). The quote's group decides: a guest's quote is NOT LOGGED IN (0), a customer's is
 * the customer's group.
 */
import { z } from 'zod';
import { TRADE_GROUP } from '../customers/groups.ts';

/** `Magento\OfflinePayments\Model\Purchaseorder`: pay on account against the buyer's purchase-order number. */
export const purchaseOrderConfig = z.strictObject({
  /** `payment/purchaseorder/active` (0 in Magento's config.xml: the merchant turns it on). */
  active: z.boolean('must be true (offered) or false (never offered)'),
  /** `payment/purchaseorder/title`: "Purchase Order" in Magento's config.xml. */
  title: z.string().min(1, 'must name the method for the shopper'),
  /**
   * The merchant's restrictions module: the customer group ids whose quotes are offered the method; any
   * other quote is refused it with Magento's "The requested Payment Method is not available.".
   * @example [5]
   */
  customerGroups: z
    .array(z.number().int().min(0, 'must be customer group ids (0 or more)'))
    .min(1, 'must name at least one customer group (turn the method off with active: false)')
    .readonly(),
});

export const paymentsConfig = z.strictObject({ purchaseorder: purchaseOrderConfig });
export type PaymentsConfig = z.output<typeof paymentsConfig>;

/**
 * The demo shop's: pay on account on, for the Trade group only (docs/magento.md and the tests rely on it). The
 * order status is config.xml's `pending` for every offline method, so it is not a setting here.
 */
export const DEMO_PAYMENTS: PaymentsConfig = {
  purchaseorder: { active: true, title: 'Purchase Order', customerGroups: [TRADE_GROUP] },
};
