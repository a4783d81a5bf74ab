/**
 * Paying by card or PayPal when the customer's company approves its orders (issue 68): Magento would place
 * such an order without any approval, so the payments refuse it before any money is taken and the shopper
 * is told to place a purchase order (pay on account), which waits for its approvers. One of the payments'
 * checks (payments/checks.ts), given to the card and PayPal routes only: paying on account places the
 * purchase order itself. The company is read with the integration token, as Magento_Company's customer
 * extension and Magento_PurchaseOrder's company switch answer it over REST.
 */
import { z } from 'zod';
import { magentoFetch, type IntegrationConfig } from '../../magento/client.ts';
import type { CheckRefusal, PaymentCheck } from '../../payments/checks.ts';
import { purchaseOrderTexts as t } from './texts.ts';

const customerCompany = z.object({
  extension_attributes: z
    .object({ company_attributes: z.object({ company_id: z.number(), status: z.number() }).optional() })
    .loose()
    .optional(),
});

const companySwitch = z.object({
  extension_attributes: z.object({ is_purchase_order_enabled: z.boolean().optional() }).loose().optional(),
});

/** Whether the customer acts for a company whose orders go through purchase orders. */
async function approvesOrders(magento: IntegrationConfig, customerId: number): Promise<boolean> {
  const customer = await magentoFetch(magento, { path: `/customers/${customerId}`, schema: customerCompany });
  const member = customer.extension_attributes?.company_attributes;
  // An inactive user's orders are Magento's to refuse; company id 0 is "no company" in Magento.
  if (!member || member.company_id === 0) return false;
  const company = await magentoFetch(magento, {
    path: `/company/${member.company_id}`,
    schema: companySwitch,
  });
  return company.extension_attributes?.is_purchase_order_enabled === true;
}

export function purchaseOrdersAtPayment(magento: IntegrationConfig): PaymentCheck {
  return {
    name: 'purchase-orders',
    async beforePayment(cart): Promise<CheckRefusal | undefined> {
      if (cart.customerId === undefined) return undefined;
      try {
        if (!(await approvesOrders(magento, cart.customerId))) return undefined;
        const detail = `customer ${cart.customerId}'s company places purchase orders`;
        return { check: 'purchase-orders', status: 409, message: t.payOnAccountInstead, detail };
      } catch (error) {
        const detail = `the company could not be read: ${error instanceof Error ? error.message : String(error)}`;
        return { check: 'purchase-orders', status: 503, message: t.companyUnreadable, detail };
      }
    },
  };
}
