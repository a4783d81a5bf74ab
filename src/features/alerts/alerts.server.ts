/**
 * A signed-in customer's stock and price alerts in Magento (Magento_ProductAlert through Adobe's GraphQL
 * calls, docs/magento.md "Stock and price alerts"), as the storefront server reads and changes them: always
 * the alerts of the customer whose token is given. Magento's failures come back as `MagentoGraphqlError`.
 */
import { magentoGraphql, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import {
  READ_ALERTS,
  subscribeAlert,
  unsubscribeAlert,
  unsubscribeAllAlerts,
  type AlertEntryWire,
} from '../../magento/wire/product-alerts.ts';
import type { AlertKind, AlertsAnswer, CustomerAlert } from './answer.ts';

function toAlert(kind: AlertKind, entry: AlertEntryWire): CustomerAlert[] {
  const { product } = entry;
  if (!product) return [];
  return [
    {
      kind,
      productId: product.id ?? null,
      sku: product.sku,
      name: product.name ?? product.sku,
      href: product.url_key ? `/${product.url_key}` : null,
      price: kind === 'price' ? (entry.price ?? null) : null,
      since: entry.add_date,
      sent: entry.status === 'SENT',
    },
  ];
}

/** Every alert of the customer, oldest first; those whose product Magento no longer shows are left out. */
export async function readAlerts(magento: MagentoGraphqlConfig, token: string): Promise<AlertsAnswer> {
  const data = await magentoGraphql(magento, READ_ALERTS, { token });
  const alerts = data.customer?.product_alerts;
  return {
    stock: (alerts?.stock_alerts ?? []).flatMap((entry) => toAlert('stock', entry)),
    price: (alerts?.price_alerts ?? []).flatMap((entry) => toAlert('price', entry)),
  };
}

/** Subscribes the customer; answers Magento's message. */
export async function subscribe(
  magento: MagentoGraphqlConfig,
  token: string,
  kind: AlertKind,
  sku: string,
): Promise<string | undefined> {
  const answer = await magentoGraphql(magento, subscribeAlert(kind), { token, variables: { sku } });
  return answer?.message ?? undefined;
}

/** Removes the customer's alert of a kind for one product (nothing there: nothing changes). */
export async function unsubscribe(
  magento: MagentoGraphqlConfig,
  token: string,
  kind: AlertKind,
  sku: string,
): Promise<void> {
  await magentoGraphql(magento, unsubscribeAlert(kind), { token, variables: { sku } });
}

/** Removes every alert of a kind the customer has. */
export async function unsubscribeAll(
  magento: MagentoGraphqlConfig,
  token: string,
  kind: AlertKind,
): Promise<void> {
  await magentoGraphql(magento, unsubscribeAllAlerts(kind), { token });
}
