/**
 * The fit files built with the site (`/fit-data/…`), read by the browser with no call to the back end: the
 * models (what the fit check, the parts finder and My machines know by name), each model's parts (the fit
 * check's nearest alternative, the basket's "Fits your K 5"), and the machines' label numbers and SKUs (the
 * parts finder). Plain data, parsed where it is read (features/fits/fit-data.ts).
 */
import type { FitIndex, MachineModel } from './fits.ts';
import type { Product } from './types.ts';
import { offerMarks, type OfferMarks } from './offer-marks.ts';

export const FIT_DATA_BASE = '/fit-data';
export const MODELS_FILE = `${FIT_DATA_BASE}/models.json`;
export const LABELS_FILE = `${FIT_DATA_BASE}/labels.json`;
/** The machines' SKUs (features/parts-finder/skus.ts). */
export const SKUS_FILE = `${FIT_DATA_BASE}/skus.json`;
export const modelFile = (slug: string): string => `${FIT_DATA_BASE}/model-${slug}.json`;

/**
 * Parts a model's file holds; a model with more has its parts in files of that many (`model-{slug}.{n}.json`,
 * 1-based), which its own file names (`ModelFiles`). A part's price makes again the one file holding it, not
 * the list of every part of each model it fits (at 10,000 products about 1,000 parts for 90 models).
 */
export const PARTS_PER_FILE = 200;

export const modelPartsFile = (slug: string, part: number): string =>
  `${FIT_DATA_BASE}/model-${slug}.${part}.json`;

/** A model's file when its parts are in files of PARTS_PER_FILE: their URLs, in order. */
export interface ModelFiles {
  files: string[];
}

/** One model in `models.json`. */
export interface ModelEntry {
  name: string;
  slug: string;
  key: string;
  /** What kind of machine it is ("Pressure Washers"); null when no machine of it is in the catalogue. */
  kind: string | null;
  /** How many of its machines and parts have a page. */
  machines: number;
  parts: number;
}

/** One part in a model's file, with its offer's marks ("from", "Was", its rating) as the facts have them. */
export interface PartEntry extends OfferMarks {
  sku: string;
  name: string;
  href: string;
  type: string | null;
  priceInclVat: number | null;
  priceExclVat: number | null;
  inStock: boolean;
}

export const modelEntries = (fits: FitIndex): ModelEntry[] =>
  fits.models.map(({ name, slug, key, kind, machines, parts }) => ({
    name,
    slug,
    key,
    kind,
    machines: machines.length,
    parts: parts.length,
  }));

/** The entries of a model's parts (`parts`, all of them or one file's), those with a page. */
export const partEntries = (parts: readonly Product[], hrefBySku: ReadonlyMap<string, string>): PartEntry[] =>
  parts.flatMap((part) => {
    const href = hrefBySku.get(part.sku);
    if (!href) return [];
    const { sku, name, fit, priceInclVat, priceExclVat, inStock } = part;
    return [{ sku, name, href, type: fit.type, priceInclVat, priceExclVat, inStock, ...offerMarks(part) }];
  });

/** A fit file: its path, what it is made from (kept while those are the same values), and how. */
export type FitFile = [path: string, inputs: unknown[], data: () => object];

/**
 * A model's files: its parts' entries, or, for more than PARTS_PER_FILE parts, the list of its parts'
 * files and those files, each made from its own parts and their links.
 */
export function modelFiles(
  { slug, parts }: Pick<MachineModel, 'slug' | 'parts'>,
  hrefBySku: ReadonlyMap<string, string>,
): FitFile[] {
  const file = (path: string, some: readonly Product[]): FitFile => [
    path,
    [...some, ...some.map(({ sku }) => hrefBySku.get(sku))],
    () => partEntries(some, hrefBySku),
  ];
  if (parts.length <= PARTS_PER_FILE) return [file(modelFile(slug), parts)];
  const count = Math.ceil(parts.length / PARTS_PER_FILE);
  const files = Array.from({ length: count }, (_, at) => modelPartsFile(slug, at + 1));
  return [
    [modelFile(slug), files, (): ModelFiles => ({ files })],
    ...files.map((path, at) => file(path, parts.slice(at * PARTS_PER_FILE, (at + 1) * PARTS_PER_FILE))),
  ];
}

/**
 * The number on each machine's label (Magento's supplier_code, e.g. "1.673-600.0") with its model's slug,
 * by the number as `labelKey` writes it.
 */
export function labelEntries(fits: FitIndex): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const model of fits.models)
    for (const machine of model.machines)
      if (machine.modelNumber) labels[labelKey(machine.modelNumber)] = model.slug;
  return labels;
}

/** A label number in any typing: digits only ("1.673-600.0", "16736000" → `16736000`). */
export const labelKey = (text: string): string => text.replace(/[^0-9]/g, '');
