/**
 * Where alerts live: My alerts, where a guest creates an account, and
 * what an alert e-mail's unsubscribe link asks My alerts to do. Magento's links
 * (`/productalert/unsubscribe/stock/product/12/`, `…/stockAll/`) reach the storefront server, which sends
 * the shopper to My alerts with the request in the query (`?unsubscribe=stock&product=12`): removing needs
 * the signed-in customer, and a link's GET never removes anything by itself (mail scanners follow links).
 */
import { isOneOf } from '@cleaning-shop/kit/reader.ts';
import { ALERT_KINDS, type AlertKind } from './answer.ts';

export const ALERTS_PAGE = '/customer/alerts';
/** Where a guest creates the account an alert needs. */
export const CREATE_ACCOUNT_PAGE = '/customer/create-account';

/** One kind of alert for one product (by Magento's product id), or every alert of the kind. */
export interface Unsubscribe {
  readonly kind: AlertKind;
  readonly productId?: number;
}

export const alertsPageFor = ({ kind, productId }: Unsubscribe): string =>
  `${ALERTS_PAGE}?unsubscribe=${kind}${productId === undefined ? '' : `&product=${String(productId)}`}`;

/** What My alerts' query asks to remove, if anything it can read. */
export function unsubscribeLink(search: string): Unsubscribe | undefined {
  const params = new URLSearchParams(search);
  const kind = params.get('unsubscribe');
  if (!isOneOf(ALERT_KINDS, kind)) return undefined;
  const product = params.get('product');
  if (product === null) return { kind };
  return /^\d{1,10}$/.test(product) ? { kind, productId: Number(product) } : undefined;
}
