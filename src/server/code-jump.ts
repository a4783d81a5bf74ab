/**
 * A code typed whole goes straight to its product (issue 37): Enter in a search box with a SKU or model
 * number typed whole (any way: "HG-PW-00156", "hgpw00156", "K 5") that the search finds exactly one
 * product by goes to that product's page, with the variant chosen when the code is a configurable's
 * child's (`/car-shampoo?volume=5-l`). The boxes send Enter with a code through the form's route,
 * `/search?q=` (ui/search-path.ts `enterPath`; without JavaScript the form submits there anyway), which
 * search-page.ts answers from here. A partial code ("00156", the end of a SKU), a code several products
 * share, and a link to `/search/{code}` list the results as before.
 *
 * Whole codes are those of the build's code files (`/product-data/codes/{n}.json`, the ones quick order
 * reads: features/product-data/codes.ts), found through the served build's layers; how many files there
 * are is counted once per build.
 */
import { readFile } from 'node:fs/promises';
import {
  factsIn,
  foldCode,
  productCodeFile,
  readCodesFile,
  type ProductCodesFile,
  PRODUCT_DATA_BASE,
} from '../features/product-data/index.ts';
import type { SearchEngine } from '../features/search/index.ts';
import { locateIn, type Layers } from '../publish/index.ts';

const codesFile = (number: number): string => `${PRODUCT_DATA_BASE.slice(1)}/codes/${number}.json`;

/** The build's code files, read as needed and kept with the build. */
export function buildCodes(served: Layers) {
  let count: Promise<number> | undefined;
  const files = new Map<number, Promise<ProductCodesFile<unknown> | undefined>>();
  const countFiles = async (): Promise<number> => {
    let number = 0;
    while (await locateIn(served, codesFile(number))) number += 1;
    return number;
  };
  const read = async (number: number): Promise<ProductCodesFile<unknown> | undefined> => {
    const found = await locateIn(served, codesFile(number));
    return found ? readCodesFile(JSON.parse(await readFile(found.path, 'utf8'))) : undefined;
  };
  return {
    /** The page of the product whose SKU or model number `typed` is, whole; null when none has it. */
    async hrefOf(typed: string): Promise<string | null> {
      const folded = foldCode(typed);
      count ??= countFiles();
      const total = await count;
      if (folded === '' || total === 0) return null;
      const number = productCodeFile(folded, total);
      let file = files.get(number);
      if (!file) files.set(number, (file = read(number)));
      const loaded = await file;
      const sku = loaded?.c[folded];
      return (loaded && sku !== undefined && factsIn(loaded, sku)?.href) || null;
    },
  };
}

export type BuildCodes = ReturnType<typeof buildCodes>;

/**
 * Where `/search/{term}` jumps: the product page of a code typed whole that the search finds exactly one
 * product by; null to list the results.
 */
export async function codeJump(
  engine: SearchEngine,
  codes: BuildCodes,
  term: string,
): Promise<string | null> {
  // A code is one token as typed, or a few short ones ("K 5", "HG PW 00156"): never a sentence.
  if (term.trim() === '' || term.length > 40 || term.trim().split(/\s+/).length > 4) return null;
  const href = await codes.hrefOf(term);
  if (href === null) return null;
  const { total } = await engine.search(term, { limit: 1 });
  return total === 1 ? href : null;
}
