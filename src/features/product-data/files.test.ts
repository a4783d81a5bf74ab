import { describe, expect, it } from 'vitest';
import { bucketOf } from '@cleaning-shop/kit/buckets.ts';
import { PRODUCT_DATA_SHARDS, productDataShard } from './files.ts';

describe('the facts file of a sku', () => {
  it('is the bucket the shared hash gives, for every kind of sku', () => {
    const skus = ['HG-PW-00144', 'PRO-DT-VEHICLEFOAM-20L', '1.999-105.1', 'k5 premium', 'Ä-ß-€', ''];
    for (let n = 0; n < 500; n += 1) skus.push(`SKU-${n.toString(36)}-${(n * 7919).toString(16)}`);
    for (const sku of skus) expect(productDataShard(sku), sku).toBe(bucketOf(sku, PRODUCT_DATA_SHARDS));
  });
});
