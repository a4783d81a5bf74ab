/**
 * The trade price files built with the site: `/trade-prices/group-{id}.json`, one per customer group that has
 * prices of its own (tier prices of that group, catalogue/trade-prices.ts), holding its prices for the products
 * where they differ from what the pages show everyone. They are files of the one page plan (data-files.ts:
 * fingerprinted by their text, rewritten by a warm rebuild exactly when a group's price changes), but not
 * public ones: the static file server refuses their path (src/server/site-files.ts), and the storefront
 * server serves a group's file only to a signed-in customer of the Trade group (src/server/shopper/trade.ts).
 *
 * One file per group, not shards: the browser reads it once per visit, whatever page the visit starts on.
 * Measured at 10,000 products (`scripts/bench-trade-swap.ts`): 91 KB brotli (410 KB raw, 0.4 s to write) with
 * every Professional product trade-priced (5,545 rows), 22 KB with one in five; shards by sku would cost a
 * listing's first page one request per shard its twelve cards fall in, and the visit more bytes in all.
 */
import { keyedParts } from '../catalogue/kept-parts.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import { tradeRows, type TradeRow } from '../catalogue/trade-prices.ts';
import { ALL_GROUPS } from '../catalogue/types.ts';
import { tradePriceFile } from '../features/trade/index.ts';

export { TRADE_PRICES_BASE, tradePriceFile } from '../features/trade/index.ts';

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
  const files = pricedGroups(index).map((group): [string, TradePriceFile] => {
    const rows = tradeRows(index.catalogue.products, group);
    // The same file object while its rows are: data-files.ts then neither serialises nor hashes it again.
    return [tradePriceFile(group), keptFiles.get(group, Object.entries(rows).flat(), () => ({ v: 1, rows }))];
  });
  keptFiles.sweep();
  return files;
}

const keptFiles = keyedParts<number, TradePriceFile>();
