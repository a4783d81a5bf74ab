/**
 * What the parts finder makes of what a shopper typed: a model in any typing ("K 5", "k5"), a machine's
 * name, the brand before it or not ("K 5 Premium Power Control", "Clearwater K 5 Premium Power Control":
 * `findModel`, the fit check's rule), the start of one ("hd 6"), the part number on a machine's label in any
 * typing ("1.673-600.0", "1673-6000", "1 673 600 0": `labelKey`), or a machine's SKU in any case or spacing
 * ("PRO-PW-00012", "propw 00012": `skuKey`). One pure function for the browser (suggestions as the shopper
 * types, Enter) and the storefront server (the form without JavaScript, server/parts-finder.ts), so both
 * land on the same parts page. */
import { labelKey, type ModelEntry } from '../../catalogue/fit-files.ts';
import { modelReadings, modelStarting } from '../../catalogue/fits.ts';
import { skuKey } from './skus.ts';

/** How many machines a typing suggests, and the not-found answer offers. */
export const MAX_MATCHES = 8;

/** The fewest digits looked up as a label number: a label's has 8 ("1.673-600.0"), a model's 1 to 4. */
const LABEL_DIGITS = 5;

/** Whether what was typed is (the start of) a label number: no letters, and digits enough. */
export const looksLikeLabel = (typed: string): boolean =>
  !/\p{L}/u.test(typed) && labelKey(typed).length >= LABEL_DIGITS;

export interface FinderMatches {
  /** The model typed: the model in any typing or a machine's name, or a label number typed whole. */
  best: ModelEntry | undefined;
  /** The models with a parts page that what was typed may mean (the best first), at most MAX_MATCHES. */
  models: ModelEntry[];
  /** Whether they were found by label number. */
  byLabel: boolean;
}

const NOTHING: FinderMatches = { best: undefined, models: [], byLabel: false };

const hasPage = (model: ModelEntry): boolean => model.parts > 0;

const naturally = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** The best (with a page), then the others with a page by name in natural order ("K 2" before "K 10"). */
function withBestFirst(best: ModelEntry | undefined, others: readonly ModelEntry[]): ModelEntry[] {
  const listed = best && hasPage(best) ? [best] : [];
  const rest = others.filter((model) => model !== best && hasPage(model));
  rest.sort((a, b) => naturally.compare(a.name, b.name));
  return [...listed, ...rest].slice(0, MAX_MATCHES);
}

/**
 * By model: at the first reading of what was typed that names a model (`modelReadings`: the whole, then
 * after a brand), else at the first that starts some models' names ("Clearwater hd 6" offers the HD 6/…).
 */
function byModel(typed: string, models: readonly ModelEntry[]): FinderMatches {
  const keys = models.map((model) => model.key);
  const readings = modelReadings(typed);
  const named = readings.find((key) => modelStarting(key, keys) !== undefined);
  const key = named ?? readings.find((reading) => keys.some((candidate) => candidate.startsWith(reading)));
  if (key === undefined) return NOTHING;
  const found = named === undefined ? undefined : modelStarting(named, keys);
  const best = models.find((model) => model.key === found);
  const starting = models.filter((model) => model.key.startsWith(key));
  return { best, models: withBestFirst(best, starting), byLabel: false };
}

function byLabel(
  typed: string,
  models: readonly ModelEntry[],
  labels: Readonly<Record<string, string>>,
): FinderMatches {
  const key = labelKey(typed);
  const bySlug = new Map(models.map((model) => [model.slug, model]));
  const best = Object.hasOwn(labels, key) ? bySlug.get(labels[key] ?? '') : undefined;
  const slugs = new Set<string>();
  for (const [label, slug] of Object.entries(labels)) if (label.startsWith(key)) slugs.add(slug);
  const starting = models.filter((model) => slugs.has(model.slug));
  return { best, models: withBestFirst(best, starting), byLabel: true };
}

/**
 * Whether skus.json is worth reading for `typed`: a code with a digit in it that names no model and is no
 * label number (the browser fetches that file only then; a model typed, the common case, never needs it).
 */
export const mayBeSku = (typed: string, models: readonly ModelEntry[]): boolean =>
  !looksLikeLabel(typed) && /[0-9]/.test(skuKey(typed)) && byModel(typed, models).best === undefined;

/** The model of the machine whose SKU `typed` is, in any case or spacing. */
function bySku(
  typed: string,
  models: readonly ModelEntry[],
  skus: Readonly<Record<string, string>>,
): ModelEntry | undefined {
  const key = skuKey(typed);
  const slug = Object.hasOwn(skus, key) ? skus[key] : undefined;
  return models.find((model) => model.slug === slug);
}

/**
 * The models `typed` may mean. `labels` is read only for what looks like a label number (`looksLikeLabel`),
 * `skus` only for a code that names no model (`mayBeSku`): the browser fetches those files only then.
 */
export function finderMatches(
  typed: string,
  models: readonly ModelEntry[],
  labels: Readonly<Record<string, string>> | undefined,
  skus?: Readonly<Record<string, string>>,
): FinderMatches {
  if (looksLikeLabel(typed)) return byLabel(typed, models, labels ?? {});
  const matches = byModel(typed, models);
  const machine = matches.best || !skus ? undefined : bySku(typed, models, skus);
  return machine ? { ...matches, best: machine, models: withBestFirst(machine, matches.models) } : matches;
}

/** Where what was typed leads. */
export type FinderAnswer =
  | { kind: 'empty' }
  /** The model's parts page. */
  | { kind: 'found'; model: ModelEntry }
  /** A model we know, with no parts page: nothing listed fits it. */
  | { kind: 'noParts'; model: ModelEntry }
  /** The start of several models' names or labels: the shopper picks. */
  | { kind: 'several'; models: ModelEntry[] }
  | { kind: 'none' };

/** What Enter does with `typed`: the model it names, else the one model it can mean, else none or several. */
export function finderAnswer(typed: string, matches: FinderMatches): FinderAnswer {
  if (typed.trim() === '') return { kind: 'empty' };
  const { best, models } = matches;
  if (best) return hasPage(best) ? { kind: 'found', model: best } : { kind: 'noParts', model: best };
  const [only] = models;
  if (only && models.length === 1) return { kind: 'found', model: only };
  return models.length > 1 ? { kind: 'several', models } : { kind: 'none' };
}
