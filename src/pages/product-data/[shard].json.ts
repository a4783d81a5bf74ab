/**
 * /product-data/{n}.json: the facts of the products with a page, and of their configurables' children,
 * whose sku falls in file n (features/product-data/facts.ts), every file written on every build, empty
 * ones included, so a sku that is gone reads as gone, not as a missing file.
 */
import type { GetStaticPaths } from 'astro';
import {
  PRODUCT_DATA_SHARDS,
  productDataShard,
  type ProductDataFile,
} from '../../features/product-data/facts.ts';
import { dataFile, dataFilesToRender, serveDataFile } from '../../site/data-files.ts';
import { siteFacts } from '../../site/facts.ts';

export const getStaticPaths = (() => {
  const files: ProductDataFile[] = Array.from({ length: PRODUCT_DATA_SHARDS }, () => ({}));
  for (const [sku, facts] of siteFacts()) {
    const file = files[productDataShard(sku)];
    if (file) file[sku] = facts;
  }
  const numbered = files.map((file, shard) => ({ file, shard }));
  return dataFilesToRender(numbered, ({ shard }) => `product-data/${shard}.json`).map(({ file, shard }) =>
    dataFile({ shard: String(shard) }, JSON.stringify(file)),
  );
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
