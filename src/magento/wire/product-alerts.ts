/**
 * The stock and price alert operations the storefront sends to Magento's GraphQL: Adobe's
 * `subscribeProductAlertStock` family (Storefront Compatibility Package 2.4.9; docs/magento.md, "Stock and
 * price alerts") and the customer's list, `Customer.product_alerts` (magenxcommerce/module-product-alert-
 * graph-ql on Magento Open Source), each with only the fields it reads and the zod schema of its `data`.
 */
import { z } from 'zod';
import type { GraphqlOperation } from '../graphql.ts';

export type AlertKind = 'stock' | 'price';

const subscriptionResult = z.object({ success: z.boolean(), message: z.string().nullish() }).nullable();
type SubscriptionResult = z.infer<typeof subscriptionResult>;

const FIELD = {
  subscribe: { stock: 'subscribeProductAlertStock', price: 'subscribeProductAlertPrice' },
  unsubscribe: { stock: 'unsubscribeProductAlertStock', price: 'unsubscribeProductAlertPrice' },
  unsubscribeAll: { stock: 'unsubscribeProductAlertStockAll', price: 'unsubscribeProductAlertPriceAll' },
} as const;

/** A mutation answering `{success, message}` under `field`. */
function change(field: string, query: string): GraphqlOperation<SubscriptionResult> {
  return {
    query,
    reads: false,
    data: z.object({ [field]: subscriptionResult }).transform((data) => data[field] ?? null),
  };
}

/** A mutation on the product `$sku`, answering `{success, message}`. */
const onSku = (field: string) =>
  change(
    field,
    `mutation Storefront_${field}($sku: String!) { ${field}(input: { sku: $sku }) { success message } }`,
  );

/** Subscribes the session's customer to a kind of alert for the product `$sku`. */
export const subscribeAlert = (kind: AlertKind) => onSku(FIELD.subscribe[kind]);

export const unsubscribeAlert = (kind: AlertKind) => onSku(FIELD.unsubscribe[kind]);

export const unsubscribeAllAlerts = (kind: AlertKind) =>
  change(
    FIELD.unsubscribeAll[kind],
    `mutation Storefront_${FIELD.unsubscribeAll[kind]} { ${FIELD.unsubscribeAll[kind]} { success message } }`,
  );

const alertEntry = z.object({
  id: z.number().int(),
  product: z
    .object({
      id: z.number().int().nullish(),
      sku: z.string(),
      name: z.string().nullish(),
      url_key: z.string().nullish(),
    })
    .nullable(),
  price: z.number().nullish(),
  current_price: z.number().nullish(),
  add_date: z.string(),
  status: z.enum(['ACTIVE', 'SENT']),
});
export type AlertEntryWire = z.infer<typeof alertEntry>;

const ENTRY_FIELDS = 'id product { id sku name url_key } price current_price add_date status';

/** `customer { product_alerts }`: every alert of the customer, of both kinds. */
export const READ_ALERTS = {
  query: `query StorefrontProductAlerts {
  customer { product_alerts { price_alerts { ${ENTRY_FIELDS} } stock_alerts { ${ENTRY_FIELDS} } } }
}`,
  reads: true,
  data: z.object({
    customer: z
      .object({
        product_alerts: z
          .object({ price_alerts: z.array(alertEntry), stock_alerts: z.array(alertEntry) })
          .nullable(),
      })
      .nullable(),
  }),
} satisfies GraphqlOperation<unknown>;
