/**
 * A small shop's quick-order look-ups, as the browser makes them: the build's own facts and codes files
 * (a washer, a sold-out product, Car Shampoo in three volumes with quantity prices on the 5 l).
 */
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import { ALL_GROUPS } from '../../../src/catalogue/types.ts';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { buildProductCodes } from '../../../src/features/product-data/build-codes.ts';
import { allFacts } from '../../../src/features/product-data/build-facts.ts';
import {
  factsIn,
  foldCode,
  productCodeFile,
  readCodesFile,
} from '../../../src/features/product-data/codes.ts';
import type { Lookup } from '../../../src/features/quick-order/rows.ts';
import { catalogue, product, shampooProducts } from '../catalogue/fixtures.ts';

/** The build's own facts and codes files of a small shop, looked up as the browser does. */
export function shopLookup(): Lookup {
  const washer = product({ sku: 'HG-PW-00156', modelNumber: '1.673-220.0' });
  const empty = product({ sku: 'HG-PW-00999', inStock: false, urlKey: 'empty-one' });
  // The 5 l shampoo is cheaper by 4 or more and by 10 or more; a group's own tier is not the public's.
  const shampoos = shampooProducts().map((one) =>
    one.sku === 'CS-5L'
      ? {
          ...one,
          tierPrices: [
            { customerGroupId: 1, qty: 2, priceInclVat: 20, priceExclVat: 16.67 },
            { customerGroupId: ALL_GROUPS, qty: 4, priceInclVat: 26.99, priceExclVat: 22.49 },
            { customerGroupId: ALL_GROUPS, qty: 10, priceInclVat: 24.99, priceExclVat: 20.83 },
          ],
        }
      : one,
  );
  const products = withVariants([...shampoos, washer, empty]);
  const index = indexCatalogue(catalogue(products));
  const routed = products.filter((one) => one.visibility !== 1);
  const entries = allFacts(index, routed, new Map(routed.map((one) => [one.sku, `/${one.urlKey}`])));
  // As the browser reads them: through JSON, then each sku's facts from the codes files where carried.
  const codes = buildProductCodes(entries).flatMap((file) => {
    const read = readCodesFile(JSON.parse(JSON.stringify(file)));
    return read ? [read] : [];
  });
  return {
    skuOfCode: (code) => {
      const sku = codes[productCodeFile(foldCode(code), codes.length)]?.c[foldCode(code)];
      return Promise.resolve(sku ? { status: 'found', sku } : { status: 'unknown' });
    },
    facts: (sku) => {
      const facts = codes.map((file) => factsIn(file, sku)).find(Boolean) ?? entries.get(sku);
      return Promise.resolve(facts ? { status: 'found', facts } : { status: 'gone' });
    },
  };
}
