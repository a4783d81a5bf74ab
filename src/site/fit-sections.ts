/**
 * What a product page shows of "fits my machine" (DESIGN.md §3): a machine's accessories, detergents and parts
 * that fit it, grouped by type, with a link to its model's parts page, and its model to keep in My machines;
 * a part's machine models and what its fit
 * check needs. Plain data: both are part of the page's model (site/product-page.ts), which its fingerprint
 * hashes. A machine's page only mentions the parts it shows (their names, pictures and links, `CardItem`):
 * their prices and stock come from the model's fit file in the browser, so a part's price or stock
 * re-renders no machine's page, and a machine's price (which no part's page shows) no part's page.
 */
import { modelKey, type FitIndex, type MachineModel } from '../catalogue/fits.ts';
import { cardItems, type CardItem, type CardSource } from './product-view.ts';
import type { Product } from '../catalogue/types.ts';
import { fitTexts, partsPagePath } from '../features/fits/index.ts';

/** How many parts of one type a machine's page shows; the parts page shows them all. */
export const FITTING_PER_TYPE = 8;

export interface FittingSection {
  /** The machine's model, e.g. "K 5". */
  model: string;
  /** Its parts page. */
  href: string;
  /** Its fit file's model (`/fit-data/model-{slug}.json`), where the browser reads its parts' prices and stock. */
  slug: string;
  /** How many parts fit it in all. */
  total: number;
  /** The parts shown, by type in Magento's option order, then by name. */
  groups: { type: string; items: CardItem[] }[];
}

export interface FitsSection {
  /** The models it fits, each with its parts page. */
  models: { name: string; href: string }[];
  /** What the fit check compares (features/fits/fit-check.ts): the models' keys, the part's type and price. */
  check: { keys: string[]; type: string | null; priceInclVat: number | null };
}

/** The parts a machine's page shows of its model: by type, then by name, FITTING_PER_TYPE of each. */
export interface ShownParts {
  readonly type: string;
  readonly parts: readonly Product[];
}

const shownOf = new WeakMap<MachineModel, readonly ShownParts[]>();

/**
 * The parts every machine of `model` shows (the first `FITTING_PER_TYPE` of each type in the model's order,
 * whatever their stock: a stock change moves nothing), chosen once per model of a fit index: what a
 * machine's page reads of its model's parts, and all its fingerprint needs to know of them (product-page.ts),
 * however many parts fit the model.
 */
export function shownParts(model: MachineModel): readonly ShownParts[] {
  let shown = shownOf.get(model);
  if (shown) return shown;
  const byType = new Map<string, Product[]>();
  for (const part of model.parts) {
    const type = part.fit.type ?? fitTexts.otherType;
    const group = byType.get(type) ?? [];
    if (group.length === 0) byType.set(type, group);
    group.push(part);
  }
  shown = [...byType].map(([type, parts]) => ({
    type,
    parts: parts.slice(0, FITTING_PER_TYPE),
  }));
  shownOf.set(model, shown);
  return shown;
}

/** The parts that fit a machine, for its page; null for a product that is no machine or that nothing fits. */
export function fittingSection(
  product: Pick<Product, 'fit'>,
  fits: Pick<FitIndex, 'byKey' | 'types'>,
  source: CardSource,
): FittingSection | null {
  const model = product.fit.model === null ? undefined : fits.byKey.get(modelKey(product.fit.model));
  if (!model || model.parts.length === 0) return null;
  const groups = shownParts(model).map(({ type, parts }) => ({
    type,
    items: cardItems(parts, source.hrefBySku),
  }));
  const { name, slug } = model;
  return { model: name, href: partsPagePath(slug), slug, total: model.parts.length, groups };
}

/**
 * A machine's model as the shop names it (the fit index's name, as its parts page and My machines have it:
 * "K 5"), for its page's "Add the K 5 to my machines"; null for a product that is no machine.
 */
export function machineModelName(
  product: Pick<Product, 'fit'>,
  fits: Pick<FitIndex, 'byKey'>,
): string | null {
  if (product.fit.model === null) return null;
  return fits.byKey.get(modelKey(product.fit.model))?.name ?? product.fit.model;
}

/** The machine models a part fits, for its page; null for a product that fits none. */
export function fitsSection(
  product: Pick<Product, 'fit' | 'priceInclVat'>,
  fits: Pick<FitIndex, 'byKey'>,
): FitsSection | null {
  const models = product.fit.fits.flatMap((name) => {
    const model = fits.byKey.get(modelKey(name));
    return model ? [model] : [];
  });
  if (models.length === 0) return null;
  return {
    models: models.map(({ name, slug }) => ({ name, href: partsPagePath(slug) })),
    check: {
      keys: models.map((model) => model.key),
      type: product.fit.type,
      priceInclVat: product.priceInclVat,
    },
  };
}
