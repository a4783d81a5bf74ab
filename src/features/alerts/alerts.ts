/**
 * The signed-in customer's alerts through the storefront server's /product-alerts routes: subscribe from a
 * product page, and My alerts' list and removals, each answering the list as it now is, linked to the
 * shop's pages (links.ts). A 401 means the session is over: the shopper is a guest again.
 */
import { sessionExpired } from '../account/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import { alertsAnswer, subscribedAnswer, type AlertKind, type AlertsAnswer } from './answer.ts';
import { withShopLinks } from './links.ts';

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) sessionExpired();
    throw error;
  }
}

export const subscribeToAlert = (kind: AlertKind, sku: string): Promise<{ message: string }> =>
  call(() => shopFetch('/product-alerts', { method: 'POST', body: { kind, sku }, schema: subscribedAnswer }));

export const readMyAlerts = (): Promise<AlertsAnswer> =>
  call(() => shopFetch('/product-alerts', { method: 'GET', schema: alertsAnswer })).then(withShopLinks);

/** Removes one alert, or (without a sku) every alert of the kind; answers the list left. */
export const removeAlerts = (kind: AlertKind, sku?: string): Promise<AlertsAnswer> =>
  call(() =>
    shopFetch(`/product-alerts/${kind}${sku === undefined ? '' : `/${encodeURIComponent(sku)}`}`, {
      method: 'DELETE',
      schema: alertsAnswer,
    }),
  ).then(withShopLinks);
