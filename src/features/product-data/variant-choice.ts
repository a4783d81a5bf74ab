/**
 * How to put a configurable's child in a cart or a customer's wish list: Magento takes the parent's sku with
 * the chosen options (attribute id and option id each: the cart's `configurable_item_options`, GraphQL's
 * `selected_options` uids), never the child's sku alone. Found from the product facts (the child's entry
 * names its parent; the parent's lists its attributes and children), or on the product page from its picker.
 */
import type { ConfigurableItemOption } from '../../magento/wire/item-options.ts';
import { loadFacts, type ProductFacts } from './facts.ts';

export interface VariantChoice {
  /** The configurable product's sku. */
  parentSku: string;
  options: ConfigurableItemOption[];
}

/** The options that choose `childSku` among the parent's children; undefined when it is not one of them. */
export function choiceIn(
  parent: Pick<ProductFacts, 'sku' | 'variants'>,
  childSku: string,
): VariantChoice | undefined {
  const variants = parent.variants;
  const child = variants?.children.find((candidate) => candidate.sku === childSku);
  if (!variants || !child) return undefined;
  const options: ConfigurableItemOption[] = [];
  for (const attribute of variants.attributes) {
    const value = child.values[attribute.code];
    if (value === undefined) return undefined;
    options.push({ option_id: attribute.id, option_value: value });
  }
  return { parentSku: parent.sku, options };
}

/**
 * The choices of those `skus` that are configurables' children, by sku (facts files read once each); a
 * sku whose facts cannot be had is left out and goes on as it is.
 */
export async function variantChoices(skus: readonly string[]): Promise<Map<string, VariantChoice>> {
  return choicesOf(
    (await loadFacts(skus)).flatMap((result) => (result.status === 'found' ? [result.facts] : [])),
  );
}

/**
 * The choices of those products that are configurables' children, by sku, from facts already read (their
 * parents' facts read once each); a child whose parent's facts cannot be had is left out.
 */
export async function choicesOf(
  products: readonly Pick<ProductFacts, 'sku' | 'parent'>[],
): Promise<Map<string, VariantChoice>> {
  const choices = new Map<string, VariantChoice>();
  const children = products.filter((product) => product.parent);
  const parentSkus = [...new Set(children.map((child) => child.parent?.sku ?? ''))];
  if (parentSkus.length === 0) return choices;
  const parents = new Map<string, ProductFacts>();
  for (const result of await loadFacts(parentSkus))
    if (result.status === 'found') parents.set(result.facts.sku, result.facts);
  for (const child of children) {
    const parent = child.parent && parents.get(child.parent.sku);
    const choice = parent && choiceIn(parent, child.sku);
    if (choice) choices.set(child.sku, choice);
  }
  return choices;
}
