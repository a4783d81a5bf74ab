/**
 * Search by fit (issue 39): what the index knows of the machine models ("K 5", "HD 6/15") that the merchant's
 * fits name (src/catalogue/fits.ts), so that a query naming one ("k5 hose", "detergent for my K 5") finds
 * what fits it.
 *
 * - `f/models.json` lists the models by name (`n`), and those without a parts page (`x`): a few hundred
 *   short names, fetched with the first query that has a digit (every model has one: "K 5"), since a query
 *   without one names none. The core only says how many there are (`fm`), so focusing the box costs
 *   nothing more.
 * - `f/{slug}.json`, one per model, fetched only when a query names it: the products that fit it (`p`) and
 *   its machines (`m`), as gaps of product numbers, and which of them are out of stock (`o`), since a query
 *   of the model alone has no other word whose postings say so.
 *
 * Browser code reads this module: the build's side is fit-build.ts.
 */
import { modelKey, modelSlug } from '../../catalogue/fits.ts';
import { SearchIndexError, StaleIndexError } from './files.ts';

/** The models search knows (`f/models.json`). */
export interface ModelsFile {
  v: string;
  /** The models' names, as Magento has them ("K 5"). */
  n: string[];
  /** The places in `n` of the models without a parts page (nothing fits them); absent when none. */
  x?: number[];
}

export interface FitFile {
  v: string;
  /** The products that fit the model, as gaps (ascending product numbers). */
  p: number[];
  /** The model's machines, as gaps. */
  m: number[];
  /** Which of those are out of stock, as gaps; absent when none. */
  o?: number[];
}

/** A model as search knows it. */
export interface SearchModel {
  /** As Magento names it, e.g. "K 5". */
  name: string;
  /** What any typing of it comes to (`modelKey`), e.g. `k5`. */
  key: string;
  /** Its fit file's and parts page's path segment, e.g. `k-5`. */
  slug: string;
  /** Whether it has a parts page (`/parts-finder/{slug}`): something fits it. */
  page: boolean;
}

export const fitFilePath = (slug: string): string => `f/${slug}.json`;
/** No model's slug: a model has a digit, and so has its slug. */
export const MODELS_PATH = 'f/models.json';

/** Whether search can know `name` as a model: a query names one by a letter and a digit ("K 5"). */
export const isSearchModel = (name: string): boolean => {
  const key = modelKey(name);
  return /\d/.test(key) && /[a-z]/.test(key);
};

/**
 * The models by key, and by the key with its numbers run together ("hd615" for `hd6/15`, as shoppers type
 * it) where no other model reads so; empty for an index without any.
 */
export function modelsByKey(file: Pick<ModelsFile, 'n' | 'x'> | null): Map<string, SearchModel> {
  const without = new Set(file?.x ?? []);
  const models = new Map<string, SearchModel>();
  for (const [at, name] of (file?.n ?? []).entries()) {
    const key = modelKey(name);
    models.set(key, { name, key, slug: modelSlug(name), page: !without.has(at) });
  }
  const joined = new Map<string, SearchModel | null>();
  for (const model of models.values()) {
    const run = model.key.replace(/\//g, '');
    if (run !== model.key) joined.set(run, joined.has(run) ? null : model);
  }
  for (const [run, model] of joined) if (model && !models.has(run)) models.set(run, model);
  return models;
}

const isGaps = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((gap) => typeof gap === 'number' && gap >= 0);

/** A fit file as read (`f/{slug}.json`), checked by hand like the other files (no zod in the bundle). */
export function decodeFitFile(data: unknown, slug: string, v: string): FitFile {
  const file = fitFilePath(slug);
  const fit = data as Partial<FitFile> | null;
  if (typeof fit !== 'object' || fit === null || typeof fit.v !== 'string')
    throw new SearchIndexError(`${file}: should be an object with a version "v"`);
  if (fit.v !== v) throw new StaleIndexError(`${file} is of index ${fit.v}, not ${v}`);
  if (!isGaps(fit.p) || !isGaps(fit.m) || (fit.o !== undefined && !isGaps(fit.o)))
    throw new SearchIndexError(`${file}: "p", "m" and "o" should be lists of product number gaps`);
  return fit as FitFile;
}

/** The models file as read (`f/models.json`), checked by hand. */
export function decodeModelsFile(data: unknown, v: string): ModelsFile {
  const models = data as Partial<ModelsFile> | null;
  if (typeof models !== 'object' || models === null || typeof models.v !== 'string')
    throw new SearchIndexError(`${MODELS_PATH}: should be an object with a version "v"`);
  if (models.v !== v) throw new StaleIndexError(`${MODELS_PATH} is of index ${models.v}, not ${v}`);
  if (
    !Array.isArray(models.n) ||
    !models.n.every((name) => typeof name === 'string') ||
    (models.x !== undefined && !isGaps(models.x))
  )
    throw new SearchIndexError(`${MODELS_PATH}: "n" should list names and "x" numbers`);
  return models as ModelsFile;
}

/** Product numbers from gaps. */
export function fromGaps(gaps: readonly number[]): Int32Array {
  const ids = new Int32Array(gaps.length);
  let id = 0;
  gaps.forEach((gap, at) => (ids[at] = id += gap));
  return ids;
}
