/**
 * This build's facts entries (features/product-data/build-facts.ts) and codes files (build-codes.ts),
 * worked out once for the facts files, the codes files and the quick order page.
 */
import { catalogueRoutes } from './routes.ts';
import { type CatalogueIndex } from '../catalogue/snapshot.ts';
import { getCatalogue } from './catalogue.ts';
import {
  allFacts,
  buildProductCodes,
  type ProductCodesFile,
  PRODUCT_DATA_SHARDS,
  productDataShard,
  type ProductDataFile,
  type ProductFacts,
} from '../features/product-data/index.ts';
import { keyedParts } from '../catalogue/kept-parts.ts';

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
const codeFiles = keyedParts<number, ProductCodesFile>();

export function siteCodes(index: CatalogueIndex = getCatalogue()): ProductCodesFile[] {
  let files = codesMemo.get(index);
  if (!files) {
    files = buildProductCodes(siteFacts(index)).map((file, number) =>
      codeFiles.get(number, [...Object.entries(file.c).flat(), ...Object.entries(file.f).flat()], () => file),
    );
    codeFiles.sweep();
    codesMemo.set(index, files);
  }
  return files;
}

const factsFilesMemo = new WeakMap<CatalogueIndex, ProductDataFile[]>();
const factsFiles = keyedParts<number, ProductDataFile>();

/** The facts files (`/product-data/{n}.json`), every one of them, empty ones included. */
export function siteFactsFiles(index: CatalogueIndex = getCatalogue()): ProductDataFile[] {
  let files = factsFilesMemo.get(index);
  if (!files) {
    const fresh: ProductDataFile[] = Array.from({ length: PRODUCT_DATA_SHARDS }, () => ({}));
    for (const [sku, facts] of siteFacts(index)) {
      const file = fresh[productDataShard(sku)];
      if (file) file[sku] = facts;
    }
    files = fresh.map((file, shard) => factsFiles.get(shard, Object.entries(file).flat(), () => file));
    factsFiles.sweep();
    factsFilesMemo.set(index, files);
  }
  return files;
}
