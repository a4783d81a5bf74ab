/**
 * Search by fit (issue 39): what the index knows of the machine models ("K 5", "HD 6/15") that the merchant's
 * fits name (src/catalogue/fits.ts), so that a query naming one ("k5 hose", "detergent for my K 5") finds
 * what fits it.
 *
 * - `f/models.json` lists the models something fits (those with a parts page) by name (`n`): a few
 *   hundred short names (under 1 KB brotli at 100,000 products), fetched beside the core when the box is
 *   focused, so the keystroke that names a model fetches only that model's file. A search waits for it
 *   only when its query has a digit (every model has one: "K 5"); the core only says how many models there
 *   are (`fm`). A model nothing fits is left out: a query naming it finds its machines by their text, as
 *   before.
 * - `f/{slug}.json`, one per model, fetched only when a query names it: the products that fit it (`p`) and
 *   its machines (`m`), and which of them are out of stock (`o`, since a query of the model alone has no
 *   other word whose postings say so), each as the gaps between product numbers written as text
 *   (`gapsText`): a K 5 is fitted by 7 % of the demo catalogue, and so written its file is a sixth smaller
 *   than as JSON numbers.
 *
 * Browser code reads this module: the build's side is fit-build.ts.
 */
import { modelKey, modelSlug } from '../../catalogue/fits.ts';
import { checkVersion, SearchIndexError } from './decode.ts';

/** The models search knows (`f/models.json`). */
export interface ModelsFile {
  v: string;
  /** The models' names, as Magento has them ("K 5"). */
  n: string[];
}

export interface FitFile {
  v: string;
  /** The products that fit the model, ascending, as `gapsText` writes them. */
  p: string;
  /** The model's machines, likewise. */
  m: string;
  /** Which of those are out of stock, likewise; absent when none. */
  o?: string;
}

/** A model as search knows it. */
export interface SearchModel {
  /** As Magento names it, e.g. "K 5". */
  name: string;
  /** What any typing of it comes to (`modelKey`), e.g. `k5`. */
  key: string;
  /** Its fit file's and parts page's path segment, e.g. `k-5` (`/parts-finder/k-5`). */
  slug: string;
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
export function modelsByKey(file: Pick<ModelsFile, 'n'> | null): Map<string, SearchModel> {
  const models = new Map<string, SearchModel>();
  for (const name of file?.n ?? []) {
    const key = modelKey(name);
    models.set(key, { name, key, slug: modelSlug(name) });
  }
  const joined = new Map<string, SearchModel | null>();
  for (const model of models.values()) {
    const run = model.key.replace(/\//g, '');
    if (run !== model.key) joined.set(run, joined.has(run) ? null : model);
  }
  for (const [run, model] of joined) if (model && !models.has(run)) models.set(run, model);
  return models;
}

/**
 * The digits of `gapsText`: each gap between ascending numbers in base 32, most significant first, its
 * last digit from the first half of the alphabet and the others from the second (URL-safe base64's
 * letters, which JSON writes as they are).
 */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const GAPS_TEXT = /^(?:[g-z0-9_-]*[A-Za-f])*$/;

const isGaps = (value: unknown): value is string => typeof value === 'string' && GAPS_TEXT.test(value);

/** Ascending numbers as the text of their gaps (see DIGITS): most gaps are one character. */
export function gapsText(ids: readonly number[]): string {
  let text = '';
  let previous = 0;
  for (const id of ids) {
    let gap = id - previous;
    previous = id;
    let digits = DIGITS.charAt(gap & 31);
    for (gap = Math.floor(gap / 32); gap > 0; gap = Math.floor(gap / 32))
      digits = DIGITS.charAt(32 + (gap & 31)) + digits;
    text += digits;
  }
  return text;
}

/** Each digit's value by its character code (-1: none). */
const VALUES = Int8Array.from({ length: 128 }, (_, code) => DIGITS.indexOf(String.fromCharCode(code)));

/** The numbers `gapsText` wrote. */
export function fromGaps(text: string): Int32Array {
  const ids = new Int32Array(text.length);
  let count = 0;
  let id = 0;
  let gap = 0;
  for (let at = 0; at < text.length; at += 1) {
    const digit = VALUES[text.charCodeAt(at) & 127] ?? 0;
    gap = gap * 32 + (digit & 31);
    if (digit < 32) {
      ids[count++] = id += gap;
      gap = 0;
    }
  }
  return ids.slice(0, count);
}

function checkFit(
  fit: Record<string, unknown>,
  file: string,
): asserts fit is Record<string, unknown> & FitFile {
  if (!isGaps(fit['p']) || !isGaps(fit['m']) || (fit['o'] !== undefined && !isGaps(fit['o'])))
    throw new SearchIndexError(`${file}: "p", "m" and "o" should be product numbers as gaps`);
}

/** A fit file as read (`f/{slug}.json`), checked by hand like the other files (no zod in the bundle). */
export function decodeFitFile(data: unknown, slug: string, v: string): FitFile {
  const file = fitFilePath(slug);
  checkVersion(data, file, v);
  checkFit(data, file);
  return data;
}

function checkModels(
  models: Record<string, unknown>,
): asserts models is Record<string, unknown> & ModelsFile {
  const names = models['n'];
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string'))
    throw new SearchIndexError(`${MODELS_PATH}: "n" should list the models' names`);
}

/** The models file as read (`f/models.json`), checked by hand. */
export function decodeModelsFile(data: unknown, v: string): ModelsFile {
  checkVersion(data, MODELS_PATH, v);
  checkModels(data);
  return data;
}
