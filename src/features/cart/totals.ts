/** The basket's totals as Magento computes them (basket and payment pages only; zod is fine there). */
import { totalsSchema, type Totals } from '../../magento/wire/cart.ts';
import { shopFetch } from '../shop-api.ts';
import { asShopper, cartPath } from './store.ts';

export async function fetchTotals(): Promise<Totals | null> {
  const path = cartPath();
  if (!path) return null;
  return asShopper(() => shopFetch(`${path}/totals`, { schema: totalsSchema }));
}
