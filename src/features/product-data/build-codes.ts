/**
 * The codes files (codes.ts) from the facts entries (build-facts.ts `allFacts`): each entry's SKU, then
 * its model number. A SKU wins over another product's model number that folds the same, and of two
 * products sharing a model number the first keeps it, parents before children (a configurable and its
 * children often share their range's number: typing it then opens the parent, where a size is chosen).
 * Each file carries the row facts (no specifications, kind or picture; tier prices kept) of the skus its codes name, and of
 * a child's parent.
 */
import type { ProductFacts } from './facts.ts';
import { keptParts } from '../../catalogue/kept-parts.ts';
import { codeFileCount, foldCode, productCodeFile, type ProductCodesFile } from './codes.ts';

/**
 * What a quick-order row shows of a product: its facts less what only compare and lists use (its tier
 * prices stay: the row shows the one its quantity comes to).
 */
const rows = keptParts<ProductFacts, ProductFacts>();
const rowFacts = (facts: ProductFacts): ProductFacts =>
  rows(facts, [], () => ({ ...facts, image: null, kind: null, specs: {} }));

/** An entry's SKU and model number, folded (kept with the entry: a build folds only the entries it made anew). */
const folds = keptParts<ProductFacts, { readonly sku: string; readonly model: string }>();
const foldedCodes = (facts: ProductFacts) =>
  folds(facts, [], () => ({ sku: foldCode(facts.sku), model: facts.model ? foldCode(facts.model) : '' }));

export function buildProductCodes(entries: ReadonlyMap<string, ProductFacts>): ProductCodesFile[] {
  const claims = new Map<string, string>();
  const claim = (folded: string, sku: string): void => {
    if (folded !== '' && !claims.has(folded)) claims.set(folded, sku);
  };
  const all = [...entries.values()];
  for (const facts of all) claim(foldedCodes(facts).sku, facts.sku);
  for (const facts of all) if (!facts.parent) claim(foldedCodes(facts).model, facts.sku);
  for (const facts of all) if (facts.parent) claim(foldedCodes(facts).model, facts.sku);

  const count = codeFileCount(claims.size);
  const files: ProductCodesFile[] = Array.from({ length: count }, () => ({ c: {}, f: {} }));
  const carry = (file: ProductCodesFile, sku: string): void => {
    const facts = entries.get(sku);
    if (facts && !file.f[sku]) file.f[sku] = rowFacts(facts);
  };
  for (const [folded, sku] of claims) {
    const file = files[productCodeFile(folded, count)];
    if (!file) continue;
    file.c[folded] = sku;
    carry(file, sku);
    const parent = entries.get(sku)?.parent;
    if (parent) carry(file, parent.sku);
  }
  return files;
}
