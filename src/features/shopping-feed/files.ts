/**
 * Where the Google Merchant Center feed is: a fixed number of RSS files under one folder, a product page's
 * items in the file its sku falls in, and a list of the files for whoever registers them in Merchant Center.
 */
import { bucketOf } from '@cleaning-shop/kit/buckets.ts';

export const FEED_BASE = '/feeds/google';

/**
 * How many files the feed is split into: a fixed number, so a product's items stay in one file from build
 * to build and a change rewrites that file alone. 32 keeps a file near 5.5 MB at 100,000 products, under the
 * size the server compresses (8 MB) and about a quarter of a second to write, for 32 data sources to
 * register once in Merchant Center (docs/shopping-feed.md). Every file is written on every build, an empty
 * one with an empty channel, so an item that moved away reads as gone.
 */
export const FEED_FILES = 32;

/** A feed file's name in FEED_BASE: `products-3.xml`. */
export const feedFileName = (file: number): string => `products-${file}.xml`;

/** A feed file's path: `/feeds/google/products-3.xml`. */
export const feedFilePath = (file: number): string => `${FEED_BASE}/${feedFileName(file)}`;

/** The list of the feed's files, one absolute URL a line, for the operator. */
export const FEED_INDEX_NAME = 'index.txt';
export const FEED_INDEX_PATH = `${FEED_BASE}/${FEED_INDEX_NAME}`;

/**
 * The file a product page's items are in: the bucket of the page product's sku (a configurable's, for its
 * children too).
 */
export const feedFileOf = (sku: string): number => bucketOf(sku, FEED_FILES);

/** The feed's index: the absolute URL of every feed file, one a line, in order. */
export const feedIndexText = (siteUrl: string): string =>
  Array.from(
    { length: FEED_FILES },
    (_, file) => `${new URL(feedFilePath(file), `${siteUrl}/`).href}\n`,
  ).join('');
