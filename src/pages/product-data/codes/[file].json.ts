/**
 * /product-data/codes/{n}.json: skus by folded SKU or model number (features/product-data/codes.ts), for
 * quick order, with the row facts of the products they name; as many files as the catalogue needs, the
 * number written into the quick order page.
 */
import type { GetStaticPaths } from 'astro';
import { dataFile, dataFilesToRender, serveDataFile } from '../../../site/data-files.ts';
import { siteCodes } from '../../../site/facts.ts';

export const getStaticPaths = (() => {
  const numbered = siteCodes().map((file, number) => ({ file, number }));
  return dataFilesToRender(numbered).map(({ file, number }) => dataFile({ file: String(number) }, file));
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
