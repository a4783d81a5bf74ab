/**
 * A configurable's children are what collection points stock, but listings and search show the parent:
 * the "Collect today" list names the parents too. Which parent a child belongs to is catalogue structure,
 * baked into the build's product data files (a child's entry names its parent, features/product-data), so
 * it is read from the live build's files, each file once per version of it.
 */
import { readFile } from 'node:fs/promises';
import { productFactsReader, PRODUCT_DATA_BASE, productDataShard } from '../features/product-data/index.ts';
import { isRecord } from '@cleaning-shop/kit/reader.ts';
import { createSiteFiles } from './site-files.ts';

/** Each child's parent sku, by child sku, for the skus asked about that have one. */
export type ParentsOf = (skus: readonly string[]) => Promise<Map<string, string>>;

export function parentsFromBuild(clientDir: string): ParentsOf {
  const files = createSiteFiles(clientDir);
  const read = new Map<number, { version: string; parents: Map<string, string> }>();

  async function parentsIn(shard: number): Promise<Map<string, string>> {
    const found = await files.file(`${PRODUCT_DATA_BASE.slice(1)}/${shard}.json`);
    if (!found) return new Map();
    const version = `${found.path}:${found.stats.mtimeMs}:${found.stats.size}`;
    const known = read.get(shard);
    if (known?.version === version) return known.parents;
    const parents = new Map<string, string>();
    const file: unknown = JSON.parse(await readFile(found.path, 'utf8'));
    if (isRecord(file))
      for (const [sku, entry] of Object.entries(file)) {
        const facts = productFactsReader.safeParse(entry);
        if (facts.success && facts.data.parent) parents.set(sku, facts.data.parent.sku);
      }
    read.set(shard, { version, parents });
    return parents;
  }

  return async (skus) => {
    const shards = [...new Set(skus.map(productDataShard))];
    const maps = await Promise.all(shards.map(parentsIn));
    const parents = new Map<string, string>();
    for (const sku of skus) {
      const parent = maps[shards.indexOf(productDataShard(sku))]?.get(sku);
      if (parent) parents.set(sku, parent);
    }
    return parents;
  };
}
