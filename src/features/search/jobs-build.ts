/**
 * The jobs of search at build time (jobs.ts): the catalogue's applications read into the core's map of
 * phrases to the products of the categories made for them, with the merchant's words
 * (`src/content/search-jobs.json`).
 */
import { z } from 'zod';
import type { Product } from '../../catalogue/types.ts';
import { audiencePhrase, toRuns } from './audience-slot.ts';
import { P, type IndexedProduct, type ListingIndex } from '../listing/index.ts';
import {
  APPLICATIONS,
  type CategoryEntry,
  type CoreJob,
  type SearchCore,
  type SynonymTable,
} from './files.ts';

const text = z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters');

export const jobsSchema = z.object({
  /** Shoppers' words for an application the catalogue names. @example [{ "words": ["bike"], "applications": ["Bicycles"] }] */
  words: z.array(z.object({ words: z.array(text).min(1), applications: z.array(text).min(1) })),
  /** Words that only say "clean it" in a job's query: left out when the query names a job. */
  ignore: z.array(text),
});

export type JobWords = z.infer<typeof jobsSchema>;

/** A category whose machines are at least this share for an application is one of the job's. */
const SHARE = 0.25;

/** What the jobs are read from besides the products. */
interface JobsInput {
  /** The listings, their products in the "Recommended" order. */
  listings: readonly { path: string; products: readonly Pick<Product, 'sku'>[] }[];
  /** The core's categories (`c`), where a job's own are found by their listing's path. */
  categories: readonly CategoryEntry[];
  /** The merchant's words (`src/content/search-jobs.json`). */
  words: JobWords['words'];
  /**
   * Whether a phrase is one the index finds by its products' own words, or a synonym's: then it is read
   * as words, as before ("carpet cleaner", "window vac", "decking"), unless the query is a job's.
   */
  named: (phrase: string) => boolean;
}

/**
 * The core's jobs: the applications (`ja`) with the runs of their categories' products (`jr`), once each,
 * and per phrase naming applications (their own words, and the merchant's) their places in `ja` (`jb`).
 * A word of several applications ("car": Cars, Car parks, Car interiors) is all of them: "car vacuum" is
 * a vacuum for car interiors. The phrases no product's words name come first (`jn` of them): they name a
 * job wherever they are; the others ("patio", "car", "carpet") only in a query that already names a job
 * or says "clean it" first.
 */
function jobsOf(
  products: readonly Product[],
  { listings, categories, words, named }: JobsInput,
  warn: (message: string) => void,
): Pick<Required<SearchCore>, 'jb' | 'jn' | 'ja' | 'jr' | 'jc'> {
  const members = applicationMembers(products, listings);
  const ja = [...members.keys()];
  const jr = ja.map((application) => toRuns([...new Set(members.get(application)?.ids)], products.length));
  const jc = ja.map((application) => categoriesOf(members.get(application), categories));
  const jobs = [...applicationPhrases(ja, words, warn)].map(([phrase, applications]): CoreJob => [
    phrase,
    applications.map((application) => ja.indexOf(application)),
  ]);
  const own = jobs.filter(([phrase]) => !named(phrase));
  return { jb: [...own, ...jobs.filter((job) => !own.includes(job))], jn: own.length, ja, jr, jc };
}

/**
 * The listing's rows with each product's own applications among the jobs' (`ja`), a column of its
 * record: of the machines a job finds, those whose own lists name it come first (job-order.ts).
 */
export function withApplications(
  listing: ListingIndex,
  products: readonly Product[],
  ja: readonly string[],
): ListingIndex {
  if (ja.length === 0) return listing;
  const places = new Map(ja.map((application, at) => [application, at]));
  return {
    ...listing,
    columns: [...listing.columns, APPLICATIONS],
    products: listing.products.map((row, at) => {
      const own = (products[at]?.applications ?? []).flatMap((application) => places.get(application) ?? []);
      const values = [...row[P.values], own.length > 0 ? own : null];
      return [...row.slice(0, P.values), values] as IndexedProduct;
    }),
  };
}

/** An application's products, and its listings with the share of their machines made for it. */
interface Members {
  ids: number[];
  listings: { path: string; share: number }[];
}

/** Each application's members: those of the categories whose machines are mostly for it. */
function applicationMembers(
  products: readonly Product[],
  listings: JobsInput['listings'],
): Map<string, Members> {
  const bySku = new Map(products.map((product, id) => [product.sku, { product, id }]));
  const members = new Map<string, Members>();
  for (const listing of listings) {
    const found = listing.products.flatMap(({ sku }) => bySku.get(sku) ?? []);
    // A machine names the model it is (fits.ts); accessories and detergents name none.
    const machines = found.filter(({ product }) => product.fit.model !== null);
    if (machines.length === 0 || machines.length * 2 < found.length) continue;
    const counts = new Map<string, number>();
    for (const { product } of machines)
      for (const application of product.applications)
        counts.set(application, (counts.get(application) ?? 0) + 1);
    for (const [application, count] of counts)
      if (count >= machines.length * SHARE) {
        const { ids, listings: own } = members.get(application) ?? { ids: [], listings: [] };
        const share = count / machines.length;
        members.set(application, {
          ids: ids.concat(found.map(({ id }) => id)),
          listings: [...own, { path: listing.path, share }],
        });
      }
  }
  return members;
}

/** The places in `c` of an application's categories, those whose machines are most for it first. */
function categoriesOf(members: Members | undefined, categories: JobsInput['categories']): number[] {
  const own = [...(members?.listings ?? [])].sort((a, b) => b.share - a.share);
  return own.flatMap(({ path }) => {
    const at = categories.findIndex(([, listed]) => listed === path);
    return at >= 0 ? [at] : [];
  });
}

/**
 * The phrases naming the applications: each application's words whole ("car interior"), each of its words
 * ("interior", "car"), and the merchant's words.
 */
function applicationPhrases(
  applications: readonly string[],
  words: JobWords['words'],
  warn: (message: string) => void,
): Map<string, string[]> {
  const whole = applications.map((application) => [audiencePhrase(application), application] as const);
  const phrases = new Map<string, string[]>();
  const add = (phrase: string, application: string): void => {
    if (phrase !== '') phrases.set(phrase, [...new Set([...(phrases.get(phrase) ?? []), application])]);
  };
  for (const [phrase, application] of whole) add(phrase, application);
  for (const [phrase, application] of whole)
    for (const word of phrase.split(' ')) if (word.length > 2) add(word, application);
  for (const entry of words)
    for (const application of entry.applications) {
      if (!applications.includes(application)) {
        warn(`search-jobs: no machine category is for "${application}" (words ${entry.words.join(', ')})`);
        continue;
      }
      for (const word of entry.words) add(audiencePhrase(word), application);
    }
  return phrases;
}

/** The words left out of a job's query, in the index's words (`jw`). */
const ignoredWords = (ignore: readonly string[]): string[] => [
  ...new Set(ignore.map(audiencePhrase).filter((phrase) => phrase !== '' && !phrase.includes(' '))),
];

/** What the core's jobs are read from. */
interface CoreJobsInput {
  products: readonly Product[];
  listings: JobsInput['listings'];
  categories: JobsInput['categories'];
  jobs: JobWords;
  synonyms: SynonymTable;
  /** The index's words (the correction lists, `w/`). */
  indexed: ReadonlySet<string>;
  warn: (message: string) => void;
}

/**
 * The core's jobs (`jb`, `jn`, `jw`); a phrase the products' own words already name (the index's words) or
 * the synonyms do is one of the later ones: "carpet cleaner" finds what its words name, as before.
 */
export function coreJobs({
  products,
  listings,
  categories,
  jobs,
  synonyms,
  indexed,
  warn,
}: CoreJobsInput): Pick<SearchCore, 'jb' | 'jn' | 'ja' | 'jr' | 'jc' | 'jw'> {
  const synonymed = Object.keys(synonyms).map((phrase) => ` ${phrase} `);
  const named = (phrase: string): boolean =>
    synonymed.some((key) => key.includes(` ${phrase} `)) ||
    phrase.split(' ').every((word) => indexed.has(word));
  const found = jobsOf(products, { listings, categories, words: jobs.words, named }, warn);
  return found.jb.length > 0 ? { ...found, jw: ignoredWords(jobs.ignore) } : {};
}
