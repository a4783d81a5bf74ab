/**
 * The payment methods besides Check / Money order, configured as Magento's `payment/<code>/<field>` paths
 * configure them (OfflinePayments/etc/config.xml, system.xml). One field is not Magento's:
 * `purchaseorder.customerGroups` stands in for the merchant's payment-restriction module, which in a real
 * shop offers a method to some customer groups only (Open Source has no such setting: an active method is
 * offered to everyone). The quote's group decides: a guest's quote is NOT LOGGED IN (0), a customer's is
 * the customer's group. The B2B methods (`b2b`) are B2B for Adobe Commerce's setting of which methods a
 * company's purchase orders and negotiable quotes may be paid with.
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

/**
 * B2B for Adobe Commerce's Default B2B Payment Methods (`btob/default_b2b_payment_methods/*`, Magento_CompanyPayment):
 * the methods a company's users may pay with, checked as `CanUseForCompany` checks them (`../carts/company-payment.ts`).
 * The company's own setting (`applicable_payment_method` "B2B Payment Methods") defers to it.
 */
export const b2bPaymentsConfig = z.strictObject({
  /** `applicable_payment_methods`: 0 "All Payment Methods" (`all`) or 1 "Selected Payment Methods" (`selected`). */
  applicable: z.enum(['all', 'selected'], 'must be all or selected'),
  /**
   * `available_payment_methods`: the method codes a company's users may use when `applicable` is selected.
   * @example ["companycredit", "purchaseorder"]
   */
  methods: z.array(z.string().min(1, 'must be payment method codes')).readonly(),
});
export type B2bPaymentsConfig = z.output<typeof b2bPaymentsConfig>;

export const paymentsConfig = z.strictObject({
  purchaseorder: purchaseOrderConfig,
  /** Left out: the demo shop's (`DEMO_B2B_PAYMENTS`). */
  b2b: b2bPaymentsConfig.optional(),
});
export type PaymentsConfig = z.output<typeof paymentsConfig>;

/**
 * The demo shop's B2B methods: pay on account only, as Adobe's company credit (`companycredit`, "Payment on
 * Account") or Magento's Purchase Order (`purchaseorder`, how this shop pays on account). Check / Money order
 * is not among them: a company's purchase orders and quotes are ordered by the back end itself, so a method
 * that takes no money and is not on account would order them with nothing paid.
 */
export const DEMO_B2B_PAYMENTS: B2bPaymentsConfig = {
  applicable: 'selected',
  methods: ['companycredit', 'purchaseorder'],
};

/**
 * The demo shop's: pay on account on, for the Trade group only (docs/magento.md and the tests rely on it). The
 * order status is config.xml's `pending` for every offline method, so it is not a setting here.
 */
export const DEMO_PAYMENTS: PaymentsConfig = {
  purchaseorder: { active: true, title: 'Purchase Order', customerGroups: [TRADE_GROUP] },
  b2b: DEMO_B2B_PAYMENTS,
};
