/**
 * The sitemaps built with the site: `/sitemap.xml`, a sitemap index naming each file with its last change,
 * and the files under `/sitemaps/`, none over the protocol's 50,000 URLs: `pages.xml` (the fixed indexable
 * screens and the content pages), `listings-{n}.xml` (every page of every category listing and parts page)
 * and `products-{n}.xml` (every product page). A listing or product falls in a file by a hash of its path,
 * so a file keeps its URLs as the catalogue grows until it needs another file; each file is a data file
 * (data-files.ts) kept as the same object while its URLs and their last changes are (kept-parts.ts), so a
 * product's save rewrites its one products file, not a file of every URL.
 *
 * `lastmod`: a product page's is its product's last change in Magento (`updated_at`); a listing page's the
 * newest of the products it shows; a file's the newest of its URLs'. The fixed and content pages have none
 * known.
 */
import { bucketOf } from '@cleaning-shop/kit/buckets.ts';
import { keyedParts } from '../catalogue/kept-parts.ts';
import { toW3cDate } from '../catalogue/fields.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { Product } from '../catalogue/types.ts';
import { P } from '../features/listing/index.ts';
import type { DataFormat } from './data-files.ts';
import type { ListingPage } from './listing-pages.ts';
import { sitemapIndexXml, sitemapXml, type SitemapEntry } from './seo.ts';

/** The sitemap protocol's most URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * About how many URLs a file is given: a save rewrites its product's one file, so a small file is a small
 * rewrite (a file of 9,400 URLs took 70 ms a save at 10,000 products), and far below the limit, so a
 * file's share of a hash stays under it. At 100,000 products, about 75 files.
 */
const PER_FILE = 2_000;

export const SITEMAPS_BASE = '/sitemaps';

export interface SitemapFile {
  /** Its name under `/sitemaps/`, without `.xml`: `pages`, `listings-1`, `products-2`. */
  readonly name: string;
  readonly siteUrl: string;
  readonly entries: readonly SitemapEntry[];
  /** The newest of its entries' `lastmod`; undefined when none has one. */
  readonly lastmod: string | undefined;
}

export const sitemapFilePath = (name: string): string => `${SITEMAPS_BASE}/${name}.xml`;

/** A sitemap file as the site writes it: the protocol's urlset. */
export const SITEMAP_XML: DataFormat<SitemapFile> = {
  contentType: 'application/xml; charset=utf-8',
  text: (file) => sitemapXml(file.entries, file.siteUrl),
};

const newest = (dates: Iterable<string | undefined>): string | undefined => {
  let found: string | undefined;
  for (const date of dates) if (date !== undefined && (found === undefined || date > found)) found = date;
  return found;
};

/**
 * `entries` in as few files as keep each within SITEMAP_MAX_URLS, each entry in the file its path's hash
 * names: `{kind}-1.xml`, `{kind}-2.xml`, …; one file, maybe empty, when there are none.
 */
export function splitEntries(
  entries: readonly SitemapEntry[],
  perFile = PER_FILE,
  most = SITEMAP_MAX_URLS,
): SitemapEntry[][] {
  for (let files = Math.max(1, Math.ceil(entries.length / perFile)); ; files += 1) {
    const split: SitemapEntry[][] = Array.from({ length: files }, () => []);
    for (const entry of entries) split[bucketOf(entry.path, files)]?.push(entry);
    if (split.every((file) => file.length <= most)) return split;
  }
}

const productEntry = (product: Product): SitemapEntry => {
  const lastmod = toW3cDate(product.updatedAt);
  return lastmod ? { path: `/${product.urlKey}`, lastmod } : { path: `/${product.urlKey}` };
};

/** A listing page, last changed when the newest of the products it shows was. */
function listingEntry(index: CatalogueIndex, page: ListingPage): SitemapEntry {
  const updated = page.shown.map((row) => index.bySku.get(row[P.sku]));
  const lastmod = newest(updated.map((product) => (product ? toW3cDate(product.updatedAt) : undefined)));
  return lastmod ? { path: page.path, lastmod } : { path: page.path };
}

const keptFiles = keyedParts<string, SitemapFile>();

/** What the sitemaps list: the fixed and content pages' paths, the listing pages and the products with a page. */
export interface SitemapSource {
  readonly siteUrl: string;
  readonly fixedPaths: readonly string[];
  readonly listingPages: readonly ListingPage[];
  readonly routed: readonly Product[];
}

/** Every sitemap file of this build, each kept as the same object while its URLs and their `lastmod` are. */
export function sitemapFiles(index: CatalogueIndex, source: SitemapSource): SitemapFile[] {
  const { siteUrl } = source;
  const groups: [kind: string, entries: SitemapEntry[][]][] = [
    ['pages', [source.fixedPaths.map((path) => ({ path }))]],
    ['listings', splitEntries(source.listingPages.map((page) => listingEntry(index, page)))],
    ['products', splitEntries(source.routed.map(productEntry))],
  ];
  const files = groups.flatMap(([kind, split]) =>
    split.map((entries, at) => {
      const name = kind === 'pages' ? kind : `${kind}-${at + 1}`;
      const inputs = [siteUrl, ...entries.flatMap((entry) => [entry.path, entry.lastmod])];
      return keptFiles.get(name, inputs, () => ({
        name,
        siteUrl,
        entries,
        lastmod: newest(entries.map((entry) => entry.lastmod)),
      }));
    }),
  );
  keptFiles.sweep();
  return files;
}

/** The sitemap index (`/sitemap.xml`): each file's absolute URL with its last change. */
export const sitemapIndex = (files: readonly SitemapFile[], siteUrl: string): string =>
  sitemapIndexXml(
    files.map(({ name, lastmod }) => ({ path: sitemapFilePath(name), ...(lastmod ? { lastmod } : {}) })),
    siteUrl,
  );
