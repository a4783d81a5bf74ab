/**
 * A product as Google's merchant listings read it, in both of the forms the shop gives it: the structured
 * data on its page (src/site/seo.ts) and the Merchant Center feed (src/features/shopping-feed/). Absolute
 * URLs of its page and pictures, prices with two decimals, and the variant properties Google knows, worked
 * out here once so the two cannot tell Google different things.
 */
import { imageUrl } from './images.ts';
import type { Product, Variant, VariantAttribute } from './types.ts';

/** `/home-garden` on `https://shop.example.com` → `https://shop.example.com/home-garden`. */
export const absoluteUrl = (path: string, siteUrl: string): string => new URL(path, `${siteUrl}/`).href;

/** Prices in structured data and feeds: a decimal string with two places, as Google's examples use. */
export const schemaPrice = (amount: number): string => amount.toFixed(2);

/** The picture URLs search engines get: the 960 px JPEG rendition, absolute. */
export const productImageUrls = (product: Pick<Product, 'images'>, siteUrl: string): string[] =>
  product.images.map((image) => absoluteUrl(imageUrl(image.file, 960, 'jpeg'), siteUrl));

/** A variant property Google knows by name (schema.org's and the feed's alike). */
export type VariantProperty = 'size' | 'color' | 'material' | 'pattern';

/**
 * The property a variant attribute is, where one fits (Google's variant properties: a volume is a size);
 * else none, and the variant names it under its label.
 */
export const VARIANT_PROPERTIES: Readonly<Record<string, VariantProperty>> = {
  volume: 'size',
  size: 'size',
  color: 'color',
  colour: 'color',
  material: 'material',
  pattern: 'pattern',
};

/**
 * What a configurable's child is, by its attributes' value labels: the values of Google's variant
 * properties (`{ size: '5 l' }`), and the others under their attribute's label, in the attributes' order.
 */
export function variantProperties(
  attributes: readonly VariantAttribute[],
  variant: Pick<Variant, 'values'>,
): { properties: Partial<Record<VariantProperty, string>>; others: { name: string; value: string }[] } {
  const properties: Partial<Record<VariantProperty, string>> = {};
  const others: { name: string; value: string }[] = [];
  for (const attribute of attributes) {
    const label = attribute.values.find((value) => value.id === variant.values[attribute.code])?.label;
    if (label === undefined) continue;
    const property = VARIANT_PROPERTIES[attribute.code];
    if (property) properties[property] = label;
    else others.push({ name: attribute.label, value: label });
  }
  return { properties, others };
}
