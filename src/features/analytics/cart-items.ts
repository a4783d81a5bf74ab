/**
 * Magento's cart lines as GA4 items, and the events a cart change pushes (ga4.ts): the item is the line
 * Magento answered (its sku, a configurable's chosen child; its name; its unit price), with what
 * the page adding it knows besides (the product's kind, the chosen size).
 */
import type { ProductFacts } from '../product-data/index.ts';
import { pushEcommerce, shopBrand, type Ga4Item } from './ga4.ts';

/** A cart line as Magento's cart, its answer to an add, and checkout's cart all carry it. */
export interface CartLine {
  readonly sku: string;
  readonly qty: number;
  readonly name?: string | null | undefined;
  readonly price?: number | null | undefined;
}

/** What the page knows of an item beyond Magento's line. */
export type ItemAbout = Pick<Ga4Item, 'item_category' | 'item_variant'>;

/** What the product facts say of an item: its kind, and a configurable child's chosen values ("5 l"). */
export function itemAbout(
  kind: { readonly name: string } | null | undefined,
  variant: readonly string[] = [],
): ItemAbout {
  return {
    ...(kind ? { item_category: kind.name } : {}),
    ...(variant.length > 0 ? { item_variant: variant.join(' / ') } : {}),
  };
}

/**
 * What a sku's facts file says of it (facts.ts): its kind, and for a configurable's child the values that
 * make it that child. The wish list and the basket and checkout events read their items' kind here.
 */
export const factsAbout = (facts: Pick<ProductFacts, 'kind' | 'parent'> | null | undefined): ItemAbout =>
  itemAbout(
    facts?.kind,
    facts?.parent?.options.map(({ value }) => value),
  );

export function cartLineItem(line: CartLine, quantity: number = line.qty, about: ItemAbout = {}): Ga4Item {
  const brand = shopBrand();
  return {
    item_id: line.sku,
    item_name: line.name ?? line.sku,
    ...(brand ? { item_brand: brand } : {}),
    ...about,
    ...(typeof line.price === 'number' ? { price: line.price } : {}),
    quantity,
  };
}

/** A line's quantity went from `before` to `after`: add_to_cart or remove_from_cart for the difference. */
export function pushQuantityChange(line: CartLine, before: number, after: number): void {
  if (after === before) return;
  const event = after > before ? 'add_to_cart' : 'remove_from_cart';
  pushEcommerce(event, { items: [cartLineItem(line, Math.abs(after - before))] });
}
