/**
 * The machines' SKUs, for the parts finder (`/fit-data/skus.json`, built with the site): a shopper with an
 * invoice or a delivery note in hand types "PRO-PW-00012" rather than the model. Each SKU is folded as search
 * folds codes (`compactCode`: "PRO-PW-00012" = "pro pw 00012" = "propw00012") and names its model's slug; a
 * configurable machine's children (the sizes and kits with no page of their own) name their parent's model.
 */
import type { FitIndex } from '../../catalogue/fits.ts';
import { compactCode } from '../search/index.ts';

/** A SKU in any case or spacing, as skus.json holds it. */
export const skuKey = (typed: string): string => compactCode(typed);

/** Every machine's SKU (and its children's) with its model's slug, by `skuKey`. */
export function skuEntries(fits: FitIndex): Record<string, string> {
  const skus: Record<string, string> = {};
  for (const model of fits.models)
    for (const machine of model.machines) {
      const children = machine.configurable?.variants.map((variant) => variant.sku) ?? [];
      for (const sku of [machine.sku, ...children]) {
        const key = skuKey(sku);
        if (key !== '' && !Object.hasOwn(skus, key)) skus[key] = model.slug;
      }
    }
  return skus;
}
