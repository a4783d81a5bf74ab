/**
 * A product's facts read by hand (parse/reader.ts), as a facts file (facts.ts) holds them: no zod on
 * catalogue pages (DESIGN.md §4). What most products lack (a model number, tier prices, variants, a parent)
 * is left out of the file rather than written empty, so each part is read as optional; a malformed one makes
 * the whole entry unreadable.
 */
import {
  asListOf,
  asNumber,
  asString,
  BAD,
  handReader,
  isRecord,
  optional,
  type Reader,
} from '@cleaning-shop/kit/reader.ts';
import type { Rating } from '../../catalogue/types.ts';
import type {
  ProductFacts,
  FactsTierPrice,
  FactsVariantAttribute,
  FactsChild,
  FactsVariants,
  FactsParent,
  FactsWas,
} from './facts.ts';

const price = (value: unknown): number | undefined => {
  const number = asNumber(value);
  return number !== undefined && number > 0 ? number : undefined;
};

function readImage(value: unknown): { file: string; alt: string } | undefined {
  if (!isRecord(value)) return undefined;
  const file = asString(value['file']);
  const alt = asString(value['alt']);
  return file === undefined || alt === undefined ? undefined : { file, alt };
}

function readKind(value: unknown): { id: number; name: string } | undefined {
  if (!isRecord(value)) return undefined;
  const id = asNumber(value['id']);
  const name = asString(value['name']);
  return id === undefined || name === undefined ? undefined : { id, name };
}

function readSpecs(value: unknown): Record<string, string | string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const specs: Record<string, string | string[]> = {};
  for (const [code, entry] of Object.entries(value)) {
    const read = asString(entry) ?? asListOf(entry, asString);
    if (read === undefined) return undefined;
    specs[code] = read;
  }
  return specs;
}

function readTier(value: unknown): FactsTierPrice | undefined {
  if (!isRecord(value)) return undefined;
  const qty = asNumber(value['qty']);
  const priceInclVat = price(value['priceInclVat']);
  const priceExclVat = price(value['priceExclVat']);
  return qty === undefined || priceInclVat === undefined || priceExclVat === undefined
    ? undefined
    : { qty, priceInclVat, priceExclVat };
}

function readValue(value: unknown): FactsVariantAttribute['values'][number] | undefined {
  if (!isRecord(value)) return undefined;
  const id = asNumber(value['id']);
  const label = asString(value['label']);
  const slug = asString(value['slug']);
  return id === undefined || label === undefined || slug === undefined ? undefined : { id, label, slug };
}

function readAttribute(value: unknown): FactsVariantAttribute | undefined {
  if (!isRecord(value)) return undefined;
  const code = asString(value['code']);
  const id = asString(value['id']);
  const label = asString(value['label']);
  const values = asListOf(value['values'], readValue);
  return code === undefined || id === undefined || label === undefined || !values
    ? undefined
    : { code, id, label, values };
}

function readOptionIds(value: unknown): Record<string, number> | undefined {
  if (!isRecord(value)) return undefined;
  const ids: Record<string, number> = {};
  for (const [code, id] of Object.entries(value)) {
    const read = asNumber(id);
    if (read === undefined) return undefined;
    ids[code] = read;
  }
  return ids;
}

function readChild(value: unknown): FactsChild | undefined {
  if (!isRecord(value)) return undefined;
  const sku = asString(value['sku']);
  const values = readOptionIds(value['values']);
  const priceInclVat = optional(value['priceInclVat'], price);
  const priceExclVat = optional(value['priceExclVat'], price);
  const inStock = value['inStock'];
  const model = optional(value['model'], asString);
  if (sku === undefined || !values || typeof inStock !== 'boolean') return undefined;
  if (priceInclVat === BAD || priceExclVat === BAD || model === BAD) return undefined;
  return {
    sku,
    values,
    priceInclVat: priceInclVat ?? null,
    priceExclVat: priceExclVat ?? null,
    inStock,
    model: model ?? null,
  };
}

function readVariants(value: unknown): FactsVariants | undefined {
  if (!isRecord(value)) return undefined;
  const attributes = asListOf(value['attributes'], readAttribute);
  const children = asListOf(value['children'], readChild);
  return attributes && children ? { attributes, children } : undefined;
}

function readOption(value: unknown): FactsParent['options'][number] | undefined {
  if (!isRecord(value)) return undefined;
  const code = asString(value['code']);
  const label = asString(value['label']);
  const option = asString(value['value']);
  return code === undefined || label === undefined || option === undefined
    ? undefined
    : { code, label, value: option };
}

function readParent(value: unknown): FactsParent | undefined {
  if (!isRecord(value)) return undefined;
  const sku = asString(value['sku']);
  const name = asString(value['name']);
  const options = asListOf(value['options'], readOption);
  return sku === undefined || name === undefined || !options ? undefined : { sku, name, options };
}

function readWas(value: unknown): FactsWas | undefined {
  if (!isRecord(value)) return undefined;
  const inclVat = optional(value['inclVat'], price);
  const exclVat = optional(value['exclVat'], price);
  return inclVat === BAD || exclVat === BAD
    ? undefined
    : { inclVat: inclVat ?? null, exclVat: exclVat ?? null };
}

function readRating(value: unknown): Rating | undefined {
  if (!isRecord(value)) return undefined;
  const percent = asNumber(value['percent']);
  const count = asNumber(value['count']);
  return percent === undefined || count === undefined ? undefined : { percent, count };
}

/** The optional parts of a product's facts, each left out when absent; undefined when one is malformed. */
function readExtras(
  value: Record<string, unknown>,
):
  | Pick<ProductFacts, 'model' | 'machine' | 'tierPrices' | 'variants' | 'parent' | 'was' | 'rating' | 'from'>
  | undefined {
  const was = optional(value['was'], readWas);
  const machine = optional(value['machine'], asString);
  const rating = optional(value['rating'], readRating);
  const model = optional(value['model'], asString);
  const tierPrices = optional(value['tierPrices'], (tiers) => asListOf(tiers, readTier));
  const variants = optional(value['variants'], readVariants);
  const parent = optional(value['parent'], readParent);
  if (model === BAD || tierPrices === BAD || variants === BAD || parent === BAD || was === BAD)
    return undefined;
  if (rating === BAD || machine === BAD) return undefined;
  return {
    ...(value['from'] === true ? { from: true as const } : {}),
    ...(was ? { was } : {}),
    ...(rating ? { rating } : {}),
    ...(model ? { model } : {}),
    ...(machine ? { machine } : {}),
    ...(tierPrices && tierPrices.length > 0 ? { tierPrices } : {}),
    ...(variants ? { variants } : {}),
    ...(parent ? { parent } : {}),
  };
}

/** A path of this site (`/k-5`, `/car-shampoo?volume=5-l`): the file is the shop's own, but a link is never taken on trust. */
function sitePath(value: unknown): string | undefined {
  const text = asString(value);
  return text !== undefined && /^\/(?!\/)/.test(text) ? text : undefined;
}

export const productFactsReader: Reader<ProductFacts> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const sku = asString(value['sku']);
  const name = asString(value['name']);
  const href = sitePath(value['href']);
  const image = optional(value['image'], readImage);
  const priceInclVat = optional(value['priceInclVat'], price);
  const priceExclVat = optional(value['priceExclVat'], price);
  const inStock = value['inStock'];
  const kind = optional(value['kind'], readKind);
  const specs = readSpecs(value['specs']);
  const extras = readExtras(value);
  if (sku === undefined || name === undefined || href === undefined || typeof inStock !== 'boolean')
    return undefined;
  if (image === BAD || priceInclVat === BAD || priceExclVat === BAD || kind === BAD || !specs || !extras)
    return undefined;
  return {
    sku,
    name,
    href,
    image: image ?? null,
    priceInclVat: priceInclVat ?? null,
    priceExclVat: priceExclVat ?? null,
    inStock,
    kind: kind ?? null,
    specs,
    ...extras,
  };
});
