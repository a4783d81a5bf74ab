/** The browser's look-ups for quick order: the build's codes and facts files, each fetched once per page. */
import { skuOfCode } from '../product-data/codes.ts';
import { factsCache } from '../product-data/facts.ts';
import type { Lookup } from './rows.ts';

export function siteLookup(): Lookup {
  return { skuOfCode, facts: factsCache() };
}
