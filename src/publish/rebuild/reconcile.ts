/**
 * Reconciliation: every published price checked against the price Magento would charge now
 * (`products-render-info`'s final price, src/catalogue/final-prices.ts). A run that reconciles (the nightly
 * job, "Check prices now" on the status page) reads Magento's final prices, finds the products whose
 * published price differs, has the sync read those again (an import that skipped save events left our copy
 * stale) and record as rule prices what a fresh read still does not explain (a catalogue price rule), then
 * builds as any run does: the pages of the products that differed are re-rendered. Drift found is a warning
 * in the log and on the status page: it means prices changed behind the shop's back.
 */
import {
  priceDrift,
  readFinalPrices,
  type FinalPriceOptions,
  type PriceDrift,
} from '../../catalogue/final-prices.ts';
import { indexCatalogue, readSnapshot } from '../../catalogue/snapshot.ts';
import type { MagentoClientConfig } from '../../magento/client.ts';

export interface ReconcileSummary {
  /** Products whose published price was compared with Magento's. */
  readonly checked: number;
  /** How many differed, and the first few of them as they were found. */
  readonly differed: number;
  readonly examples: readonly PriceDrift[];
  /** Products published at Magento's price because their own prices do not explain it (a price rule). */
  readonly rulePrices: number;
  /** Differences a fresh read and the rule prices still leave (Magento charging more than its data says). */
  readonly unexplained: readonly PriceDrift[];
  readonly ms: number;
}

/** What the check found before the sync: Magento's prices, and the products to read again. */
export interface PriceCheck {
  readonly finals: ReadonlyMap<number, number>;
  readonly drift: readonly PriceDrift[];
  /** The products that differed, with a configurable's children (its price is theirs). */
  readonly recheck: readonly string[];
  readonly started: number;
}

const EXAMPLES = 10;

/** Reads Magento's final prices and compares the snapshot's prices at `at` with them. */
export async function checkPrices(
  config: MagentoClientConfig,
  snapshotFile: string,
  at: number,
  options?: FinalPriceOptions,
): Promise<PriceCheck> {
  const started = performance.now();
  const finals = await readFinalPrices(config, options);
  const index = indexCatalogue(readSnapshot(snapshotFile), { at });
  const drift = priceDrift(index.catalogue.products, finals);
  const recheck = new Set<string>();
  for (const { sku } of drift) {
    recheck.add(sku);
    for (const variant of index.bySku.get(sku)?.configurable?.variants ?? []) recheck.add(variant.sku);
  }
  return { finals, drift, recheck: [...recheck], started };
}

/** After the sync: what is left of the drift once the products were read again and rule prices applied. */
export function reconcileSummary(check: PriceCheck, snapshotFile: string, at: number): ReconcileSummary {
  const catalogue = readSnapshot(snapshotFile);
  const index = indexCatalogue(catalogue, { at });
  const differed = new Set(check.drift.map((drift) => drift.sku));
  const unexplained = priceDrift(
    index.catalogue.products.filter((product) => differed.has(product.sku)),
    check.finals,
  );
  return {
    checked: index.catalogue.products.filter((product) => check.finals.has(product.id)).length,
    differed: check.drift.length,
    examples: check.drift.slice(0, EXAMPLES),
    rulePrices: Object.keys(catalogue.rulePrices ?? {}).length,
    unexplained: unexplained.slice(0, EXAMPLES),
    ms: Math.round(performance.now() - check.started),
  };
}

const pounds = (amount: number | null): string => (amount === null ? 'no price' : `£${amount.toFixed(2)}`);

/** The warning a reconciliation that found drift gives, for the log and the status page. */
export function driftWarning(summary: ReconcileSummary): string | undefined {
  if (summary.differed === 0) return undefined;
  const examples = summary.examples
    .slice(0, 3)
    .map((drift) => `${drift.sku}: published ${pounds(drift.published)}, Magento ${pounds(drift.magento)}`)
    .join('; ');
  const more = summary.differed > 3 ? ` and ${summary.differed - 3} more` : '';
  const left = summary.unexplained.length;
  const still =
    left === 0
      ? ''
      : ` ${left} still differ${left === 1 ? 's' : ''} after being read again (${summary.unexplained
          .slice(0, 3)
          .map((drift) => drift.sku)
          .join(', ')}): check their prices in Magento.`;
  return `${summary.differed} published price${summary.differed === 1 ? '' : 's'} differed from what Magento charges (${examples}${more}); ${summary.differed === 1 ? 'it was' : 'they were'} read again and republished.${still}`;
}
