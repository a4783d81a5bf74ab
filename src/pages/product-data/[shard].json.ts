/**
 * /product-data/{n}.json: the facts of the products with a page whose sku falls in file n
 * (features/product-data/facts.ts), every file written on every build, empty ones included, so a sku
 * that is gone reads as gone, not as a missing file.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { catalogueRoutes } from '../../components/catalogue/routes.ts';
import { getCatalogue } from '../../catalogue/snapshot.ts';
import { productFacts } from '../../features/product-data/build-facts.ts';
import {
  PRODUCT_DATA_SHARDS,
  productDataShard,
  type ProductDataFile,
} from '../../features/product-data/facts.ts';

export const getStaticPaths = (() => {
  const index = getCatalogue();
  const { routed, hrefBySku } = catalogueRoutes(index);
  const files: ProductDataFile[] = Array.from({ length: PRODUCT_DATA_SHARDS }, () => ({}));
  for (const product of routed) {
    const href = hrefBySku.get(product.sku);
    const file = files[productDataShard(product.sku)];
    if (href && file) file[product.sku] = productFacts(index, product, href);
  }
  return files.map((file, shard) => ({
    params: { shard: String(shard) },
    props: { text: JSON.stringify(file) },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ text: string }> = ({ props }) =>
  new Response(props.text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
