/**
 * The trade price files built with the site: `/trade-prices/group-{id}.json`, one per customer group that has
 * prices of its own (tier prices of that group, catalogue/trade-prices.ts), holding its prices for the products
 * where they differ from what the pages show everyone. They are files of the one page plan (data-files.ts:
 * fingerprinted by their text, rewritten by a warm rebuild exactly when a group's price changes), but not
 * public ones: the static file server refuses their path (src/server/site-files.ts), and the storefront
 * server serves a group's file only to a signed-in customer of the Trade group (src/server/shopper/trade.ts).
 *
 * One file per group, not shards: the browser reads it once per visit, whatever page the visit starts on,
 * and at 10,000 products with every Professional product trade-priced it is some 40 KB brotli
 * (`scripts/bench-trade-swap.ts` prints it); shards by sku would cost a card grid one request per shard.
 */
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import { tradeRows, type TradeRow } from '../catalogue/trade-prices.ts';
import { ALL_GROUPS } from '../catalogue/types.ts';
import { tradePriceFile } from '../features/trade/trade-files.ts';

export { TRADE_PRICES_BASE, tradePriceFile } from '../features/trade/trade-files.ts';

/** A trade price file's content: its version and the group's rows by sku (catalogue/trade-prices.ts `TradeRow`). */
export interface TradePriceFile {
  v: 1;
  rows: Record<string, TradeRow>;
}

/** Guests (NOT LOGGED IN) see the pages' prices; ALL GROUPS' tiers are on the pages already. */
const PAGE_GROUPS: ReadonlySet<number> = new Set([0, ALL_GROUPS]);

/** The groups with tier prices of their own in the catalogue, lowest id first. */
export function pricedGroups(index: Pick<CatalogueIndex, 'catalogue'>): number[] {
  const groups = new Set<number>();
  for (const product of index.catalogue.products)
    for (const tier of product.tierPrices)
      if (!PAGE_GROUPS.has(tier.customerGroupId)) groups.add(tier.customerGroupId);
  return [...groups].sort((a, b) => a - b);
}

/** Each priced group's file, by its path under the client folder. */
export function tradePriceFiles(
  index: Pick<CatalogueIndex, 'catalogue'>,
): [path: string, file: TradePriceFile][] {
  return pricedGroups(index).map((group) => [
    tradePriceFile(group),
    { v: 1, rows: tradeRows(index.catalogue.products, group) },
  ]);
}
