/**
 * The basket's totals as Magento computes them (basket and payment pages), read by hand with no zod
 * (magento/wire/shopper-totals.ts), so the basket page stays light.
 */
import { totalsReader, type Totals } from '../../magento/wire/shopper-totals.ts';
import { shopFetch } from '../shop-api.ts';
import { asShopper, cartPath } from './store.ts';

export async function fetchTotals(): Promise<Totals | null> {
  const path = cartPath();
  if (!path) return null;
  return asShopper(() => shopFetch(`${path}/totals`, { schema: totalsReader }));
}
