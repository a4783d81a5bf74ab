/**
 * The product page's option picker as pure state: the facts of each variant the page embeds (prices already
 * written out, so the browser formats nothing), which variant a page opens with, and what each value of
 * each attribute shows and leads to for the variant chosen. The page renders the first state on the
 * server; variant-picker.client.ts redraws from the same functions on every choice.
 */
import type { VariantAttribute } from '../catalogue/types.ts';
import { variantFromQuery } from '../catalogue/variants.ts';

/** One child as the page shows it when chosen. */
export interface VariantFacts {
  sku: string;
  /** Option id by attribute code. */
  values: Record<string, number>;
  /** `volume=5-l`: what the URL holds while it is chosen. */
  query: string;
  inStock: boolean;
  /** Its price for sorting ("the cheapest in stock"), incl VAT; null without one. */
  price: number | null;
  /** Written out, e.g. '£29.99'; null hides that price. */
  inclVat: string | null;
  exclVat: string | null;
  /** The regular price while a sale price applies, written out; null hides "Was". */
  wasInclVat: string | null;
  wasExclVat: string | null;
  /** One of Pay in 3's payments of its price incl VAT, written out (price-lines.ts); null: no sentence. */
  payIn3: string | null;
  model: string | null;
  /** Its main picture (Magento's media file and label), or null to keep the parent's. */
  image: { file: string; label: string } | null;
  /** Its technical data as label and value. */
  specs: [string, string][];
  /** Its quantity prices, one line each in both VAT forms (tier-prices.ts). */
  tiers: { inclVat: string; exclVat: string }[];
  /**
   * Which of the page's delivery blocks is its own (children differ in price and weight, so in how they are
   * delivered), by index; null when it is not for sale.
   */
  delivery: number | null;
}

/** What the page embeds as JSON: the attributes and every variant's facts. */
export interface PickerData {
  attributes: VariantAttribute[];
  variants: VariantFacts[];
  /** The parent's main picture: shown for a child without one of its own. */
  image: { file: string; label: string } | null;
}

/** The cheapest variant in stock; when none is, the first (a sold-out product still shows one). */
export function defaultVariant(data: PickerData): VariantFacts | undefined {
  let best: VariantFacts | undefined;
  for (const variant of data.variants) {
    if (!variant.inStock) continue;
    if (!best || (variant.price ?? Infinity) < (best.price ?? Infinity)) best = variant;
  }
  return best ?? data.variants[0];
}

/**
 * The variant a page opens with: the one its query names (`?volume=5-l`), even sold out (it shows chosen and
 * unavailable), else the default.
 */
export function openingVariant(data: PickerData, query: string): VariantFacts | undefined {
  const named = variantFromQuery(data, query);
  return (named && data.variants.find((variant) => variant.sku === named.sku)) ?? defaultVariant(data);
}

/** One value of an attribute in the picker. */
export interface ValueState {
  id: number;
  label: string;
  checked: boolean;
  /** The variant choosing it leads to is sold out, or there is none: marked "– sold out". */
  soldOut: boolean;
  /** The variant choosing it leads to (undefined: no variant has this value). */
  sku: string | undefined;
}

const matches = (variant: VariantFacts, values: Record<string, number>, except: string) =>
  Object.entries(values).every(([code, id]) => code === except || variant.values[code] === id);

/**
 * What each value shows with `chosen` chosen, and where it leads: the variant with that value and the other
 * attributes as they are, else (that combination does not exist) the cheapest in stock with that value, so
 * a choice is always a whole variant.
 */
export function pickerState(data: PickerData, chosen: VariantFacts): ValueState[][] {
  return data.attributes.map((attribute) =>
    attribute.values.map((value) => {
      const withValue = data.variants.filter((variant) => variant.values[attribute.code] === value.id);
      const target =
        withValue.find((variant) => matches(variant, chosen.values, attribute.code)) ??
        defaultVariant({ ...data, variants: withValue });
      return {
        id: value.id,
        label: value.label,
        checked: chosen.values[attribute.code] === value.id,
        soldOut: !target?.inStock,
        sku: target?.sku,
      };
    }),
  );
}
