/**
 * Builds the search index files (files.ts) from the catalogue, at build time.
 *
 * What is indexed, as Magento's quick search does (its `RequestGenerator` reads the attribute metadata):
 * the name, SKU and model number (`supplier_code`) always; the brand (a `brand` or `manufacturer`
 * attribute, when the shop has one) and the products' category names; and the value of every attribute
 * Magento marks `is_searchable`, with its unit ("150 bar"). Each field weighs what Magento's `search_weight`
 * says when the back end gives it (stock Magento's REST does not), else name, SKU and model first.
 * Descriptions stay out: they would make the index three to five times larger (research/search-anchors.md).
 *
 * A configurable product is also found by its children's SKUs and model numbers (the children, visibility 1,
 * are no results of their own); a code only one child has leads to the parent with that child chosen: its
 * code bucket says which (`TermShard.x`, the query `?volume=5-l` of the parent's page).
 */
import { createHash } from 'node:crypto';
import type { CatalogueAttribute, Product } from '../../catalogue/types.ts';
import { keyedParts, type KeyedParts } from '../../catalogue/kept-parts.ts';
import {
  indexPath,
  type CategoryEntry,
  type CoreAudience,
  type RecordShard,
  type SearchCore,
  type TermShard,
  type WordsFile,
} from './files.ts';
import type { attributeIndex } from '../listing/index.ts';
import { audiencePhrase, toRuns } from './audience-slot.ts';
import { coreJobs, type JobWords } from './jobs-build.ts';
import { coreNotSold, type NotSold } from './not-sold-build.ts';
import { recordShards, searchListing } from './build-records.ts';
import { fitIndexFiles } from './fit-build.ts';
import { keptTermFiles, type KeptTerms } from './term-files.ts';
import { fitFilePath, MODELS_PATH, type FitFile, type ModelsFile } from './fit-data.ts';
import type { HeadSizes, IndexedTerms, TermFiles } from './postings.ts';
import type { SynonymTable } from './synonyms.ts';
import { memoisedTerms, productTerms } from './terms.ts';
import { wordCount } from './text.ts';

/** Bumped when the files' meaning changes, so browsers holding old files start afresh. */
const FORMAT = 2;
const RECORD_SHARD_SIZE = 32;

/** A listing the search can lead to, with its products in the merchandiser's order. */
export interface SearchListing {
  name: string;
  path: string;
  /** The audience's name, e.g. "Home & Garden", to tell two "Pressure Washers" apart. */
  audience: string;
  categoryId: number;
  products: readonly Pick<Product, 'sku'>[];
}

export interface SearchBuildInput {
  /** The products search covers (visible in search, with a page), in any order. */
  products: readonly Product[];
  hrefBySku: ReadonlyMap<string, string>;
  attributes: readonly CatalogueAttribute[];
  /** Makes the results' filters and values (`attributeIndex`); a caller keeping them passes its own. */
  attributesOf?: typeof attributeIndex;
  /** Every listing, in menu order: their order is the "Recommended" order of results (by SKU). */
  listings: readonly SearchListing[];
  synonyms: SynonymTable;
  /**
   * The name of every category a product may be in, by id: a product is found by its categories' names
   * even where the shop has no listing for one. The listings' names when absent.
   */
  categoryNames?: ReadonlyMap<number, string>;
  /** The catalogue's products by sku, where a configurable's children are found; none are indexed without. */
  bySku?: ReadonlyMap<string, Product>;
  recordShardSize?: number;
  /** When a term shard gets a head, and its cut terms' length (postings.ts; smaller in tests). */
  headSizes?: HeadSizes;
  /** The machine models with a parts page (fit-build.ts); those the products fit when absent. */
  models?: readonly string[];
  /**
   * The audiences, as the listings name them, and the words shoppers name each by ("trade", "h&g"):
   * a query naming one finds its listings' products (audience-slot.ts). None when absent.
   */
  audiences?: readonly { name: string; words: readonly string[] }[];
  /** The merchant's words for jobs (`src/content/search-jobs.json`, jobs.ts). No jobs when absent. */
  jobs?: JobWords;
  /** The things the shop does not sell (`src/content/search-not-sold.json`, not-sold.ts). None when absent. */
  notSold?: readonly NotSold[];
  /** Where the build's warnings go (a content entry left out); the console when absent. */
  warn?: (message: string) => void;
}

export interface BuiltSearch {
  core: SearchCore;
  terms: Map<string, TermShard>;
  /** The heads of the large term shards, which typing reads (files.ts `TermShard.h`). */
  heads: Map<string, TermShard>;
  /** Every word starting with a one- or two-character prefix, by prefix. */
  prefixes: Map<string, TermShard>;
  /** Code buckets, by number. */
  codes: TermShard[];
  words: Map<string, WordsFile>;
  records: RecordShard[];
  /** The machine models search knows, and each one's fit file by slug (fit-data.ts). */
  models: ModelsFile | null;
  fits: Map<string, FitFile>;
  /** The products by number, in the index's order. */
  products: Product[];
}

/** The products in the "Recommended" order: listings in menu order, then the rest by SKU. */
function recommendedOrder(input: SearchBuildInput): Product[] {
  const wanted = new Map(input.products.map((product) => [product.sku, product]));
  const seen = new Set<string>();
  const ordered: Product[] = [];
  const take = ({ sku }: Pick<Product, 'sku'>): void => {
    const product = wanted.get(sku);
    if (!product || seen.has(sku)) return;
    seen.add(sku);
    ordered.push(product);
  };
  for (const listing of input.listings) listing.products.forEach(take);
  [...input.products].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)).forEach(take);
  return ordered;
}

const hashOf = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 12);

/** What a builder keeps of its last index: the term files and what they came from, record shards, fit files. */
interface Kept {
  terms: KeptTerms | undefined;
  /**
   * The last build's `Build.context`, the same string object from build to build while its text is: each
   * product's memoised terms are checked against it, by reference, not by its text (tens of kilobytes).
   */
  context: string;
  shards: KeyedParts<number, RecordShard>;
  fitFiles: KeyedParts<string, FitFile>;
}

/** What one build works from, worked out once from its input. */
interface Build {
  input: SearchBuildInput;
  /** Products per record shard. */
  size: number;
  /** The products in the "Recommended" order: their places are their numbers. */
  products: Product[];
  v: string;
  categoryNames: ReadonlyMap<number, string>;
  bySku: ReadonlyMap<string, Product>;
  /** What a product's terms depend on besides the product: the attributes and category names. */
  context: string;
}

/**
 * A search index builder that keeps its last index's parts: the term files while no product's terms,
 * stock or place changed (a price saved changes none of them), and each record shard while its products
 * are the same. The warm renderer's runs build through one; `buildSearchFiles` builds afresh.
 */
export function searchIndexBuilder(): (input: SearchBuildInput) => BuiltSearch {
  const kept: Kept = { terms: undefined, context: '', shards: keyedParts(), fitFiles: keyedParts() };
  return (input) => {
    const build = buildOf(input);
    if (build.context !== kept.context) kept.context = build.context;
    return buildWith(kept, { ...build, context: kept.context });
  };
}

function buildOf(input: SearchBuildInput): Build {
  const size = input.recordShardSize ?? RECORD_SHARD_SIZE;
  const products = recommendedOrder(input);
  const categoryNames =
    input.categoryNames ?? new Map(input.listings.map((listing) => [listing.categoryId, listing.name]));
  return {
    input,
    size,
    products,
    v: hashOf([FORMAT, size, products.map((product) => product.sku)]),
    categoryNames,
    bySku: input.bySku ?? new Map<string, Product>(),
    context: JSON.stringify([input.attributes, [...categoryNames]]),
  };
}

function buildWith(kept: Kept, build: Build): BuiltSearch {
  const { input, products, v } = build;
  const warn = input.warn ?? console.warn;
  const files = termFiles(kept, build);
  // The index's words (the correction lists): what the jobs and the things not sold are checked against.
  const indexed = new Set([...files.words.values()].flatMap((file) => file.w.split(' ')));
  const categories: CategoryEntry[] = input.listings
    .map((entry): CategoryEntry => [entry.name, entry.path, entry.products.length, entry.audience])
    .filter(([, , count]) => count > 0);
  const jobs = input.jobs
    ? coreJobs({ ...input, categories, jobs: input.jobs, products, indexed, warn })
    : {};
  const listing = searchListing(input, products, jobs.ja ?? []);
  // The applications' places are in the records: a shard is built again when they move.
  const context = `${build.context}${JSON.stringify(jobs.ja ?? [])}`;
  const records = recordShards(kept.shards, { ...build, context, hrefBySku: input.hrefBySku }, listing);
  const fit = fitIndexFiles(products, v, input.models);
  // The same object while its content is (a data file is serialised once per object: data-files.ts).
  const fits = new Map(
    [...fit.files].map(([slug, file]) => [
      slug,
      kept.fitFiles.get(slug, [v, file.p, file.m, file.o], () => file),
    ]),
  );
  kept.fitFiles.sweep();
  return {
    core: {
      v,
      n: products.length,
      s: build.size,
      k: files.keys,
      ...(files.heads.size > 0 ? { hk: files.headKeys } : {}),
      cb: files.bucketCount,
      c: categories,
      wl: files.letters,
      syn: input.synonyms,
      facets: listing.facets,
      sorts: listing.sorts,
      columns: listing.columns,
      ...(fit.models ? { fm: fit.models.n.length } : {}),
      ...audiencesOf(input, products),
      ...jobs,
      ...coreNotSold(input.notSold ?? [], { products, categories, indexed }, warn),
    },
    ...{ terms: files.terms, heads: files.heads, prefixes: files.prefixes },
    ...{ codes: files.codes, words: files.words },
    records,
    models: fit.models,
    fits,
    products,
  };
}

/** The place of a product's name's last word, once per product object (its name is the object's). */
const lastWords = new WeakMap<Product, number>();
function lastWordOf(product: Product): number {
  let last = lastWords.get(product);
  if (last === undefined) lastWords.set(product, (last = wordCount(product.name) - 1));
  return last;
}

/** The term files: the last build's while every product's terms, stock and place are; patched for stock alone. */
function termFiles(kept: Kept, { input, products, v, context, categoryNames, bySku }: Build): TermFiles {
  const attributes = new Map(input.attributes.map((attribute) => [attribute.code, attribute]));
  const indexed = products.map((product): IndexedTerms => ({
    found: memoisedTerms(product, context, () => productTerms(product, attributes, categoryNames, bySku)),
    inStock: product.inStock,
    lastWord: lastWordOf(product),
  }));
  kept.terms = keptTermFiles(kept.terms, v, indexed, input.headSizes);
  return kept.terms.files;
}

/** The core's audiences (`au`): each one's phrases and the runs of its listings' product numbers. */
function audiencesOf(input: SearchBuildInput, products: readonly Product[]): { au?: CoreAudience[] } {
  const numbers = new Map(products.map((product, id) => [product.sku, id]));
  const au = (input.audiences ?? []).flatMap(({ name, words }): CoreAudience[] => {
    const ids = new Set<number>();
    for (const listing of input.listings)
      if (listing.audience === name)
        for (const { sku } of listing.products) {
          const id = numbers.get(sku);
          if (id !== undefined) ids.add(id);
        }
    const phrases = [...new Set(words.map(audiencePhrase).filter((phrase) => phrase !== ''))];
    return ids.size > 0 && phrases.length > 0 ? [[name, phrases, toRuns([...ids], products.length)]] : [];
  });
  return au.length > 0 ? { au } : {};
}

/** The search index of `input`, built afresh. */
export const buildSearchFiles = (input: SearchBuildInput): BuiltSearch => searchIndexBuilder()(input);

/** Every file of a built index, by its path below `/search/data/`: what the site writes, in one list. */
export function indexFiles(built: BuiltSearch): [path: string, data: unknown][] {
  const modelsFile: [string, unknown][] = built.models ? [[MODELS_PATH, built.models]] : [];
  return [
    [indexPath.core(), built.core],
    ...[...built.terms].map(([key, shard]): [string, unknown] => [indexPath.terms(key), shard]),
    ...[...built.heads].map(([key, shard]): [string, unknown] => [indexPath.heads(key), shard]),
    ...[...built.prefixes].map(([prefix, shard]): [string, unknown] => [indexPath.prefix(prefix), shard]),
    ...built.codes.map((bucket, at): [string, unknown] => [indexPath.codes(at), bucket]),
    ...[...built.words].map(([letter, words]): [string, unknown] => [indexPath.words(letter), words]),
    ...built.records.map((records): [string, unknown] => [indexPath.records(records.i), records]),
    ...modelsFile,
    ...[...built.fits].map(([slug, file]): [string, unknown] => [fitFilePath(slug), file]),
  ];
}
