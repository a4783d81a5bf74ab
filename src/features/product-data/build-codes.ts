/**
 * The codes files (codes.ts) from the facts entries (build-facts.ts `allFacts`): each entry's SKU, then
 * its model number. A SKU wins over another product's model number that folds the same, and of two
 * products sharing a model number the first keeps it, parents before children (a configurable and its
 * children often share their range's number: typing it then opens the parent, where a size is chosen).
 */
import type { ProductFacts } from './facts.ts';
import { foldCode, PRODUCT_CODE_FILES, productCodeFile, type ProductCodesFile } from './codes.ts';

export function buildProductCodes(entries: ReadonlyMap<string, ProductFacts>): ProductCodesFile[] {
  const files: ProductCodesFile[] = Array.from({ length: PRODUCT_CODE_FILES }, () => ({}));
  const claim = (code: string, sku: string): void => {
    const folded = foldCode(code);
    const file = files[productCodeFile(folded)];
    if (folded !== '' && file && file[folded] === undefined) file[folded] = sku;
  };
  const all = [...entries.values()];
  for (const facts of all) claim(facts.sku, facts.sku);
  for (const facts of all) if (!facts.parent && facts.model) claim(facts.model, facts.sku);
  for (const facts of all) if (facts.parent && facts.model) claim(facts.model, facts.sku);
  return files;
}
