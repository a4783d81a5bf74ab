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
  type PartEntry,
} from '../../catalogue/fit-files.ts';

const isText = (value: unknown): value is string => typeof value === 'string';
const isPrice = (value: unknown): value is number | null => value === null || typeof value === 'number';

const isModel = (value: unknown): value is ModelEntry => {
  const entry = value as ModelEntry;
  return (
    typeof value === 'object' &&
    value !== null &&
    isText(entry.name) &&
    isText(entry.slug) &&
    isText(entry.key) &&
    (entry.kind === null || isText(entry.kind)) &&
    typeof entry.machines === 'number' &&
    typeof entry.parts === 'number'
  );
};

const isPart = (value: unknown): value is PartEntry => {
  const entry = value as PartEntry;
  return (
    typeof value === 'object' &&
    value !== null &&
    isText(entry.sku) &&
    isText(entry.name) &&
    isText(entry.href) &&
    (entry.type === null || isText(entry.type)) &&
    isPrice(entry.priceInclVat) &&
    isPrice(entry.priceExclVat) &&
    typeof entry.inStock === 'boolean'
  );
};

/** Whether a value is `models.json`'s list of models (the storefront server checks the build's copy too). */
export const isModels = (data: unknown): data is ModelEntry[] => Array.isArray(data) && data.every(isModel);

/**
 * Whether a value is `labels.json`'s label numbers, or `skus.json`'s SKUs, with their models' slugs (the
 * storefront server checks them too).
 */
export const isLabels = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isText);

const loaded = new Map<string, Promise<unknown>>();

/** A fit file's content once it has the shape `guard` wants; a failed read is tried again next time. */
function read<T>(url: string, guard: (value: unknown) => value is T): Promise<T> {
  let pending = loaded.get(url) as Promise<T> | undefined;
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
}

/** Every machine model the shop knows, by kind then name. */
export const loadModels = (): Promise<ModelEntry[]> => read(MODELS_FILE, isModels);

/** The parts with a page that fit a model, by type then name. */
export const loadModelParts = (slug: string): Promise<PartEntry[]> =>
  read(modelFile(slug), (data): data is PartEntry[] => Array.isArray(data) && data.every(isPart));

/** The machines' label numbers (`labelKey`) with their model's slug. */
export const loadLabels = (): Promise<Record<string, string>> => read(LABELS_FILE, isLabels);

/** The machines' SKUs (`skuKey`) with their model's slug. */
export const loadSkus = (): Promise<Record<string, string>> => read(SKUS_FILE, isLabels);
