/**
 * My alerts links each product to its page as the shop has it, from the build's product data (no back-end
 * call): a configurable's size (which has no page) to its parent's page with that size chosen, a product
 * with no page any more to none. Where the data cannot be had, the links Magento named stay.
 */
import { loadFacts } from '../product-data/index.ts';
import type { AlertsAnswer, CustomerAlert } from './answer.ts';

export async function withShopLinks(alerts: AlertsAnswer): Promise<AlertsAnswer> {
  const all = [...alerts.stock, ...alerts.price];
  if (all.length === 0) return alerts;
  const results = await loadFacts(all.map((alert) => alert.sku));
  const found = new Map(all.map((alert, at) => [alert.sku, results[at]]));
  const linked = (alert: CustomerAlert): CustomerAlert => {
    const result = found.get(alert.sku);
    if (result?.status === 'found') return { ...alert, href: result.facts.href };
    return result?.status === 'gone' ? { ...alert, href: null } : alert;
  };
  return { stock: alerts.stock.map(linked), price: alerts.price.map(linked) };
}
