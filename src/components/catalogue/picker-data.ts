/**
 * The picker's facts as the product page embeds them (`script[data-variant-data]`, VariantPicker.astro),
 * read by hand before the picker uses them: the page may be one build while this script is another's for a
 * moment, and no zod rides on a catalogue page (DESIGN.md §4). Anything not of the shape reads as nothing,
 * and the page then works as its plain form.
 */
import type { PickerData, VariantFacts } from '../../site/variant-picker.ts';
import type { VariantAttribute, VariantValue } from '../../catalogue/types.ts';
import {
  asBoolean,
  asListOf,
  asNumber,
  asRecordOf,
  asString,
  isRecord,
  readJson,
} from '@cleaning-shop/kit/reader.ts';

type Picture = { file: string; label: string };

/** null as it came, the value when `as` reads it, else undefined (not of the shape). */
const orNull = <T>(value: unknown, as: (value: unknown) => T | undefined): T | null | undefined =>
  value === null ? null : as(value);

function readPicture(value: unknown): Picture | undefined {
  if (!isRecord(value)) return undefined;
  const file = asString(value['file']);
  const label = asString(value['label']);
  return file === undefined || label === undefined ? undefined : { file, label };
}

function readValue(value: unknown): VariantValue | undefined {
  if (!isRecord(value)) return undefined;
  const id = asNumber(value['id']);
  const label = asString(value['label']);
  const slug = asString(value['slug']);
  return id === undefined || label === undefined || slug === undefined ? undefined : { id, label, slug };
}

function readAttribute(value: unknown): VariantAttribute | undefined {
  if (!isRecord(value)) return undefined;
  const attributeId = asString(value['attributeId']);
  const code = asString(value['code']);
  const label = asString(value['label']);
  const position = asNumber(value['position']);
  const values = asListOf(value['values'], readValue);
  if (attributeId === undefined || code === undefined || label === undefined) return undefined;
  return position === undefined || values === undefined
    ? undefined
    : { attributeId, code, label, position, values };
}

function readSpec(value: unknown): [string, string] | undefined {
  const pair = asListOf(value, asString);
  const [label, text] = pair ?? [];
  return pair?.length === 2 && label !== undefined && text !== undefined ? [label, text] : undefined;
}

function readTier(value: unknown): VariantFacts['tiers'][number] | undefined {
  if (!isRecord(value)) return undefined;
  const inclVat = asString(value['inclVat']);
  const exclVat = asString(value['exclVat']);
  return inclVat === undefined || exclVat === undefined ? undefined : { inclVat, exclVat };
}

/** The fields that are text or null, by name. */
const TEXTS = ['inclVat', 'exclVat', 'wasInclVat', 'wasExclVat', 'model'] as const;

function readVariant(value: unknown): VariantFacts | undefined {
  if (!isRecord(value)) return undefined;
  const sku = asString(value['sku']);
  const values = asRecordOf(value['values'], asNumber);
  const query = asString(value['query']);
  const inStock = asBoolean(value['inStock']);
  const price = orNull(value['price'], asNumber);
  const image = orNull(value['image'], readPicture);
  const specs = asListOf(value['specs'], readSpec);
  const tiers = asListOf(value['tiers'], readTier);
  const delivery = orNull(value['delivery'], asNumber);
  const [inclVat, exclVat, wasInclVat, wasExclVat, model] = TEXTS.map((key) => orNull(value[key], asString));
  // A page built before Pay in 3 has no sentence to show: its facts read as none, not as broken.
  const payIn3 = orNull(value['payIn3'] ?? null, asString);
  if (sku === undefined || values === undefined || query === undefined || inStock === undefined)
    return undefined;
  if (price === undefined || image === undefined || specs === undefined || tiers === undefined)
    return undefined;
  if (delivery === undefined || inclVat === undefined || exclVat === undefined) return undefined;
  if (wasInclVat === undefined || wasExclVat === undefined || model === undefined) return undefined;
  if (payIn3 === undefined) return undefined;
  return {
    sku,
    values,
    query,
    inStock,
    price,
    inclVat,
    exclVat,
    wasInclVat,
    wasExclVat,
    payIn3,
    model,
    image,
    specs,
    tiers,
    delivery,
  };
}

/** The page's picker facts from their JSON text, or undefined when they are not what the build writes. */
export function readPickerData(text: string | null | undefined): PickerData | undefined {
  const value = readJson(text);
  if (!isRecord(value)) return undefined;
  const attributes = asListOf(value['attributes'], readAttribute);
  const variants = asListOf(value['variants'], readVariant);
  const image = orNull(value['image'], readPicture);
  return attributes === undefined || variants === undefined || image === undefined
    ? undefined
    : { attributes, variants, image };
}
