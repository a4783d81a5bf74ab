/**
 * A product page's model: everything the page at /{url key} shows that comes from data. `[product].astro`
 * renders from it alone (with the shop's settings and the code), and its fingerprint is the hash of it
 * (fingerprint.ts), so a page and its fingerprint cannot drift apart: data the page starts to show must be
 * added here, where the fingerprint sees it. A model is made for the pages a run plans and dropped once
 * they are rendered: between runs only its fingerprint is kept, with what the model reads (`modelInputs`),
 * so a run works out the models of the changed products and of the pages naming them, and no process holds
 * a model per product (80 MB at 10,000 products).
 */
import { connectedSections, mentionFacts, type ConnectedSection } from './product-view.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { Audience, Product } from '../catalogue/types.ts';
import { variantPage, type VariantPage } from './variant-page.ts';
import { checkedDeliveryConfig } from '../delivery/config-schema.ts';
import { reviewsSection, type ReviewsSection } from './review-section.ts';
import { modelKey, type FitIndex } from '../catalogue/fits.ts';
import {
  fitsSection,
  fittingSection,
  machineModelName,
  shownParts,
  type FitsSection,
  type FittingSection,
} from './fit-sections.ts';

export interface ProductPageModel {
  readonly product: Product;
  /** The audience all its categories share (its menus, its VAT default), if one. */
  readonly audience: Audience | undefined;
  /** What kind of product it is (its first listing category's name), for measurement; null when none. */
  readonly kind: string | null;
  /** A configurable product's variants, with the one chosen first. */
  readonly variants: VariantPage | null;
  /** Its variants' own products (their offers in the page's structured data). Plain data: the model is hashed as JSON. */
  readonly children: readonly Product[];
  /** Its related, up-sell and cross-sell cards: names, pictures and links (`CardItem`). */
  readonly sections: ConnectedSection[];
  /** Its rating and reviews; null when it has none and reviews are off. */
  readonly reviews: ReviewsSection | null;
  /** A machine's accessories, detergents and parts that fit it; null for anything else. */
  readonly fitting: FittingSection | null;
  /** A part's machine models and its fit check; null for a product that fits none. */
  readonly fits: FitsSection | null;
  /** A machine's model ("K 5"), for "Add the K 5 to my machines"; null for anything that is no machine. */
  readonly machine: string | null;
}

/**
 * What a product page's model reads besides its product: its audience, its variants' products (it sells
 * them), and of the products it only mentions (connected, what fits a machine) their links, names and
 * pictures (`mentionFacts`), never their prices or stock. Its fingerprint is kept while all of them are the same.
 */
export function modelInputs(
  product: Product,
  index: ModelIndex,
  hrefBySku: ReadonlyMap<string, string>,
): unknown[] {
  const inputs: unknown[] = [
    index.audienceOf(product),
    index.kindOf(product)?.name,
    checkedDeliveryConfig(),
    index.catalogue.reviewSettings?.enabled,
  ];
  const { links } = product;
  for (const variant of product.configurable?.variants ?? []) inputs.push(index.bySku.get(variant.sku));
  for (const sku of [...links.upsell, ...links.crosssell, ...links.related]) {
    const linked = index.bySku.get(sku);
    inputs.push(sku, hrefBySku.get(sku), ...(linked ? mentionFacts(linked) : [null]));
  }
  // A machine's page shows what fits it (each part's card); a part's page names its models only.
  const model = product.fit.model === null ? undefined : index.fits.byKey.get(modelKey(product.fit.model));
  inputs.push(model?.name, model?.slug, model?.parts.length);
  for (const { type, parts } of model ? shownParts(model) : []) {
    inputs.push(type);
    for (const part of parts) inputs.push(part.sku, hrefBySku.get(part.sku), ...mentionFacts(part));
  }
  for (const name of product.fit.fits) inputs.push(index.fits.byKey.get(modelKey(name))?.slug);
  inputs.push(...index.fits.types);
  return inputs;
}

/** What a model reads of the catalogue's indexes. */
export type ModelIndex = Pick<CatalogueIndex, 'bySku' | 'audienceOf' | 'kindOf'> & {
  readonly catalogue: Pick<CatalogueIndex['catalogue'], 'reviewSettings'>;
  readonly fits: Pick<FitIndex, 'byKey' | 'types'>;
};

export function productPageModel(
  product: Product,
  index: ModelIndex,
  hrefBySku: ReadonlyMap<string, string>,
): ProductPageModel {
  const children = (product.configurable?.variants ?? []).flatMap((variant) => {
    const child = index.bySku.get(variant.sku);
    return child ? [child] : [];
  });
  return {
    product,
    audience: index.audienceOf(product),
    kind: index.kindOf(product)?.name ?? null,
    variants: variantPage(product, index.bySku, checkedDeliveryConfig()),
    children,
    sections: connectedSections(product, { bySku: index.bySku, hrefBySku }),
    reviews: reviewsSection(product, index.catalogue.reviewSettings),
    fitting: fittingSection(product, index.fits, { bySku: index.bySku, hrefBySku }),
    fits: fitsSection(product, index.fits),
    machine: machineModelName(product, index.fits),
  };
}
