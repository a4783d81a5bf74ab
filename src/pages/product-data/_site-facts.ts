/** This build's facts entries (features/product-data/build-facts.ts), worked out once for the facts and codes files. */
import { catalogueRoutes } from '../../components/catalogue/routes.ts';
import { getCatalogue, type CatalogueIndex } from '../../catalogue/snapshot.ts';
import { allFacts } from '../../features/product-data/build-facts.ts';
import type { ProductFacts } from '../../features/product-data/facts.ts';

const memo = new WeakMap<CatalogueIndex, Map<string, ProductFacts>>();

export function siteFacts(index: CatalogueIndex = getCatalogue()): Map<string, ProductFacts> {
  let entries = memo.get(index);
  if (!entries) {
    const { routed, hrefBySku } = catalogueRoutes(index);
    entries = allFacts(index, routed, hrefBySku);
    memo.set(index, entries);
  }
  return entries;
}
