/**
 * What a configurable's child is called where it is shown on its own (a recently viewed card, a wish-list
 * row, a compare column): its parent's name with the options that make it this child, "Car Shampoo
 * (Volume: 5 l)", as the basket and the order pages name its line. Any other product keeps its name.
 */
import { optionsText } from '../../magento/wire/item-options.ts';
import type { ProductFacts } from './facts.ts';

export const variantOptions = (facts: Pick<ProductFacts, 'parent'>): string =>
  facts.parent ? optionsText(facts.parent.options) : '';

export function variantName(facts: Pick<ProductFacts, 'name' | 'parent'>): string {
  const options = variantOptions(facts);
  return facts.parent ? (options ? `${facts.parent.name} (${options})` : facts.parent.name) : facts.name;
}
