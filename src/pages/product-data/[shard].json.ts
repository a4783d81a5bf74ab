/**
 * /product-data/{n}.json: the facts of the products with a page, and of their configurables' children,
 * whose sku falls in file n (features/product-data/facts.ts), every file written on every build, empty
 * ones included, so a sku that is gone reads as gone, not as a missing file.
 */
import type { GetStaticPaths } from 'astro';
import { dataFile, dataFilesToRender, serveDataFile } from '../../site/data-files.ts';
import { siteFactsFiles } from '../../site/facts.ts';

export const getStaticPaths = (() => {
  const numbered = siteFactsFiles().map((file, shard) => ({ file, shard }));
  return dataFilesToRender(numbered).map(({ file, shard }) => dataFile({ shard: String(shard) }, file));
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
