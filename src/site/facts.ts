/**
 * This build's facts entries (features/product-data/build-facts.ts) and codes files (build-codes.ts),
 * worked out once for the facts files, the codes files and the quick order page.
 */
import { catalogueRoutes } from './routes.ts';
import { type CatalogueIndex } from '../catalogue/snapshot.ts';
import { getCatalogue } from './catalogue.ts';
import { allFacts } from '../features/product-data/build-facts.ts';
import { buildProductCodes } from '../features/product-data/build-codes.ts';
import type { ProductCodesFile } from '../features/product-data/codes.ts';
import type { ProductFacts } from '../features/product-data/facts.ts';

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

const codesMemo = new WeakMap<CatalogueIndex, ProductCodesFile[]>();

export function siteCodes(index: CatalogueIndex = getCatalogue()): ProductCodesFile[] {
  let files = codesMemo.get(index);
  if (!files) {
    files = buildProductCodes(siteFacts(index));
    codesMemo.set(index, files);
  }
  return files;
}
