/**
 * Where a product's facts file is (facts.ts): a fixed number of files under one folder, a sku's file found
 * from the sku alone. A module of its own, so a script that only needs to find a file (the compare tray,
 * in every page's shell) does not bundle the facts reader with it.
 */
import { bucketOf } from '@cleaning-shop/kit/buckets.ts';

export const PRODUCT_DATA_BASE = '/product-data';

/**
 * How many files the facts are spread over: a fixed number, so any page finds a sku's file from the sku
 * alone, with no manifest. About 1 product a file at 250 products, 40 (about 5 KB brotli) at 10,000.
 */
export const PRODUCT_DATA_SHARDS = 256;

/** The file a sku's facts are in: its bucket (FNV-1a of its UTF-16 code units) of the number of files. */
export const productDataShard = (sku: string): number => bucketOf(sku, PRODUCT_DATA_SHARDS);

export const productDataUrl = (shard: number): string => `${PRODUCT_DATA_BASE}/${shard}.json`;
