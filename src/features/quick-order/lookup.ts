/**
 * The browser's look-ups for quick order: the build's codes files (`files` of them, as the page says),
 * which carry the facts of the products their codes name, and the facts files for anything else.
 */
import { codeFiles, factsCache } from '../product-data/index.ts';
import type { Lookup } from './rows.ts';

export function siteLookup(files: number): Lookup & { warm(): void } {
  const codes = codeFiles(files);
  const facts = factsCache();
  return {
    warm: () => codes.warm(),
    skuOfCode: (code) => codes.skuOfCode(code),
    facts: (sku) => {
      const known = codes.known(sku);
      return known ? Promise.resolve({ status: 'found', facts: known }) : facts(sku);
    },
  };
}
