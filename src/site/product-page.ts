/**
 * A product page's model: everything the page at /{url key} shows that comes from data. `[product].astro`
 * renders from it alone (with the shop's settings and the code), and its fingerprint is the hash of it
 * (fingerprint.ts), so a page and its fingerprint cannot drift apart: data the page starts to show must be
 * added here, where the fingerprint sees it.
 */
import { connectedSections, type ConnectedSection } from '../catalogue/product-page.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { Audience, Product } from '../catalogue/types.ts';
import { variantPage, type VariantPage } from '../catalogue/variant-page.ts';
import { checkedDeliveryConfig } from '../delivery/config-schema.ts';

export interface ProductPageModel {
  readonly product: Product;
  /** The audience all its categories share (its menus, its VAT default), if one. */
  readonly audience: Audience | undefined;
  /** A configurable product's variants, with the one chosen first. */
  readonly variants: VariantPage | null;
  /** Its variants' own products (their offers in the page's structured data). Plain data: the model is hashed as JSON. */
  readonly children: readonly Product[];
  /** Its related, up-sell and cross-sell cards. */
  readonly sections: ConnectedSection[];
}

export function productPageModel(
  product: Product,
  index: Pick<CatalogueIndex, 'bySku' | 'audienceOf'>,
  hrefBySku: ReadonlyMap<string, string>,
): ProductPageModel {
  const variants = variantPage(product, index.bySku, checkedDeliveryConfig());
  const children = (product.configurable?.variants ?? []).flatMap((variant) => {
    const child = index.bySku.get(variant.sku);
    return child ? [child] : [];
  });
  return {
    product,
    audience: index.audienceOf(product),
    variants,
    children,
    sections: connectedSections(product, { bySku: index.bySku, hrefBySku }),
  };
}
