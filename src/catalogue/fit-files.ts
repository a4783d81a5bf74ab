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

export const partEntries = (model: MachineModel, hrefBySku: ReadonlyMap<string, string>): PartEntry[] =>
  model.parts.flatMap((part: Product) => {
    const href = hrefBySku.get(part.sku);
    if (!href) return [];
    const { sku, name, fit, priceInclVat, priceExclVat, inStock } = part;
    return [{ sku, name, href, type: fit.type, priceInclVat, priceExclVat, inStock, ...offerMarks(part) }];
  });

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
