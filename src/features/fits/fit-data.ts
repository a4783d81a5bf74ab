/**
 * The fit files (catalogue/fit-files.ts) as the browser reads them: each fetched once per page, checked for
 * its shape as it arrives (a build of another release may be live for a moment), and shared by whoever asks
 * (the fit check, the parts finder, the basket's "Fits your K 5"). No call to the back end: the files are
 * static, built with the site.
 */
import {
  LABELS_FILE,
  MODELS_FILE,
  modelFile,
  SKUS_FILE,
  type ModelEntry,
  type ModelFiles,
  type PartEntry,
} from '../../catalogue/fit-files.ts';
import { isRecord } from '@cleaning-shop/kit/reader.ts';

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);
const isPrice = (value: unknown): value is number | null => value === null || typeof value === 'number';

const isModel = (value: unknown): value is ModelEntry =>
  isRecord(value) &&
  isText(value['name']) &&
  isText(value['slug']) &&
  isText(value['key']) &&
  isTextOrNull(value['kind']) &&
  typeof value['machines'] === 'number' &&
  typeof value['parts'] === 'number';

const isWas = (value: unknown): boolean =>
  value === undefined || (isRecord(value) && isPrice(value['inclVat']) && isPrice(value['exclVat']));
const isRating = (value: unknown): boolean =>
  value === undefined ||
  (isRecord(value) && typeof value['percent'] === 'number' && typeof value['count'] === 'number');

const isPart = (value: unknown): value is PartEntry =>
  isRecord(value) &&
  (value['from'] === undefined || value['from'] === true) &&
  isWas(value['was']) &&
  isRating(value['rating']) &&
  isText(value['sku']) &&
  isText(value['name']) &&
  isText(value['href']) &&
  isTextOrNull(value['type']) &&
  isPrice(value['priceInclVat']) &&
  isPrice(value['priceExclVat']) &&
  typeof value['inStock'] === 'boolean';

/** Whether a value is `models.json`'s list of models (the storefront server checks the build's copy too). */
export const isModels = (data: unknown): data is ModelEntry[] => Array.isArray(data) && data.every(isModel);

const isParts = (data: unknown): data is PartEntry[] => Array.isArray(data) && data.every(isPart);

/** A model's file: its parts, or the files they are in (a model of many parts). */
const isModelFile = (data: unknown): data is PartEntry[] | ModelFiles =>
  isParts(data) || (isRecord(data) && Array.isArray(data['files']) && data['files'].every(isText));

/**
 * Whether a value is `labels.json`'s label numbers, or `skus.json`'s SKUs, with their models' slugs (the
 * storefront server checks them too).
 */
export const isLabels = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every(isText);

/**
 * A reader of the fit files of one shape: each file's content once it has the shape `guard` wants, fetched
 * once per page; a failed read is tried again next time.
 */
function fitFiles<T>(guard: (value: unknown) => value is T): (url: string) => Promise<T> {
  const loaded = new Map<string, Promise<T>>();
  return (url) => {
    let pending = loaded.get(url);
    if (!pending) {
      pending = fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        const data: unknown = await response.json();
        if (!guard(data)) throw new Error(`${url} is not what the shop wrote`);
        return data;
      });
      pending.catch(() => loaded.delete(url));
      loaded.set(url, pending);
    }
    return pending;
  };
}

const readModels = fitFiles(isModels);
const readModelFile = fitFiles(isModelFile);
const readParts = fitFiles(isParts);
const readLabels = fitFiles(isLabels);

/** Every machine model the shop knows, by kind then name. */
export const loadModels = (): Promise<ModelEntry[]> => readModels(MODELS_FILE);

/** The parts with a page that fit a model, by type then name: from its file, or the files it names. */
export async function loadModelParts(slug: string): Promise<PartEntry[]> {
  const file = await readModelFile(modelFile(slug));
  if (Array.isArray(file)) return file;
  return (await Promise.all(file.files.map(readParts))).flat();
}

/** The machines' label numbers (`labelKey`) with their model's slug. */
export const loadLabels = (): Promise<Record<string, string>> => readLabels(LABELS_FILE);

/** The machines' SKUs (`skuKey`) with their model's slug. */
export const loadSkus = (): Promise<Record<string, string>> => readLabels(SKUS_FILE);
