/**
 * Quick order's rows priced for a signed-in Trade customer (issue 38): the price each row shows is what
 * Magento's cart charges the Trade group for that quantity, from the Trade price file read once per visit
 * (features/trade/trade-rows.ts). Loaded only on a Trade customer's page (the page's `data-trade`).
 */
import { wholeQuantity } from '../cart/index.ts';
import { tradePricesForVisit, type TradePrices } from '../trade/index.ts';
import type { RowPricing } from './quick-order-state.ts';
import { chosenChild, rowPrice, type RowPrice } from './rows.ts';

/**
 * Rows priced with `prices`: a product with Trade prices shows the Trade tier its quantity reaches (its
 * Trade price at 1), or everyone's price where that is lower, as the cart charges the lowest that applies;
 * a product without them shows everyone's price.
 */
export function tradeRowPricing(prices: TradePrices): RowPricing {
  return (row, resolution) => {
    const everyone = rowPrice(row, resolution);
    if (!everyone || resolution?.status !== 'found') return everyone;
    const own = chosenChild(resolution.product, row.choice) ?? resolution.product;
    const trade = prices.of(own.sku);
    if (!trade) return everyone;
    const qty = wholeQuantity(row.qty.trim());
    const tier = qty === undefined ? undefined : trade.tiers.filter(([from]) => from <= qty).at(-1);
    const price: RowPrice = tier
      ? { inclVat: tier[1], exclVat: tier[2], tierQty: tier[0] }
      : { inclVat: trade.inclVat, exclVat: trade.exclVat, tierQty: null };
    return everyone.inclVat !== null && price.inclVat !== null && everyone.inclVat < price.inclVat
      ? everyone
      : price;
  };
}

/** The Trade customer's row pricing for this visit; undefined when their prices cannot be had. */
export async function tradePricing(): Promise<RowPricing | undefined> {
  const prices = await tradePricesForVisit();
  return prices && tradeRowPricing(prices);
}
