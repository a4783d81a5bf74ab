/**
 * What a configurable product's page shows of its variants, worked out at build time from the catalogue:
 * the picker's data (every child's facts, embedded in the page as JSON), the variant it opens with, and
 * the rows of the table that lists every child (what a shopper without JavaScript compares, and adds from).
 */
import type { DeliveryConfig } from '../delivery/config.ts';
import { galleryImages, productDelivery, type ProductDelivery } from './product-view.ts';
import { priceLines } from './price-lines.ts';
import { tierLines } from './tier-lines.ts';
import { defaultVariant, type PickerData, type VariantFacts } from './variant-picker.ts';
import type { Configurable, Product, Variant } from '../catalogue/types.ts';
import { variantQuery } from '../catalogue/variants.ts';

export interface VariantRow {
  sku: string;
  /** The child's value of each attribute, in the attributes' order. */
  values: string[];
  model: string | null;
  inclVat: string | null;
  exclVat: string | null;
  inStock: boolean;
  /**
   * Adds one of this child to the basket without the picker's script: the parent's sku and its choice in
   * the basket's query, as the add-to-cart form sends them (cart/from-query.ts); null when sold out.
   */
  addHref: string | null;
}

export interface VariantPage {
  data: PickerData;
  /** What the children's delivery blocks say, each once (`VariantFacts.delivery` points into it). */
  deliveries: ProductDelivery[];
  /** The variant the page is rendered with: the cheapest in stock. */
  chosen: VariantFacts;
  rows: VariantRow[];
}

/** The facts of one child as the picker shows them. */
export function variantFacts(
  parent: Pick<Product, 'configurable'>,
  child: Product,
  values: Record<string, number>,
  delivery: number | null = null,
): VariantFacts {
  const prices = priceLines(child);
  const image = galleryImages(child)[0];
  return {
    sku: child.sku,
    values,
    query: variantQuery(parent.configurable?.attributes ?? [], values),
    inStock: child.inStock,
    price: child.priceInclVat,
    inclVat: prices.inclVat,
    exclVat: prices.exclVat,
    wasInclVat: prices.wasInclVat,
    wasExclVat: prices.wasExclVat,
    payIn3: prices.payIn3,
    model: child.modelNumber,
    image: image ? { file: image.file, label: image.label } : null,
    specs: child.technicalData.map((row) => [row.label, row.value]),
    tiers: tierLines(child.tierPrices, child).map(({ inclVat, exclVat }) => ({ inclVat, exclVat })),
    delivery,
  };
}

/** `/basket?sku=CS&qty=1&super_attribute[155]=212`: the basket adds one of this child when it opens. */
const basketHref = (parentSku: string, configurable: Configurable, variant: Variant): string =>
  [
    `/basket?sku=${encodeURIComponent(parentSku)}&qty=1`,
    ...configurable.attributes.map(
      (attribute) => `super_attribute[${attribute.attributeId}]=${variant.values[attribute.code] ?? ''}`,
    ),
  ].join('&');

/** A configurable product's variants as its page shows them; null for any other product or one without any. */
export function variantPage(
  product: Pick<Product, 'sku' | 'urlKey' | 'configurable' | 'images'>,
  bySku: ReadonlyMap<string, Product>,
  deliveryConfig?: DeliveryConfig,
): VariantPage | null {
  const { configurable } = product;
  if (!configurable) return null;
  const variants: VariantFacts[] = [];
  const rows: VariantRow[] = [];
  const deliveries: ProductDelivery[] = [];
  const deliveryKeys: string[] = [];
  /** A child for sale is delivered by its own price and weight; the same delivery is one block. */
  const deliveryOf = (child: Product): number | null => {
    if (!deliveryConfig || !child.inStock || child.priceInclVat === null) return null;
    const delivery = productDelivery(child, deliveryConfig);
    const key = JSON.stringify(delivery);
    if (!deliveryKeys.includes(key)) {
      deliveryKeys.push(key);
      deliveries.push(delivery);
    }
    return deliveryKeys.indexOf(key);
  };
  // In the attributes' value order (1 l, 5 l, 10 l), as the picker lists them, not in sku order.
  const rank = (variant: { values: Record<string, number> }) =>
    configurable.attributes.map((attribute) =>
      attribute.values.findIndex((value) => value.id === variant.values[attribute.code]),
    );
  const ordered = [...configurable.variants].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    const at = ra.findIndex((r, i) => r !== rb[i]);
    return at === -1 ? 0 : (ra[at] ?? 0) - (rb[at] ?? 0);
  });
  for (const variant of ordered) {
    const child = bySku.get(variant.sku);
    if (!child) continue;
    const facts = variantFacts(product, child, variant.values, deliveryOf(child));
    variants.push(facts);
    rows.push({
      sku: child.sku,
      values: configurable.attributes.map(
        (attribute) =>
          attribute.values.find((value) => value.id === variant.values[attribute.code])?.label ?? '',
      ),
      model: child.modelNumber,
      inclVat: facts.inclVat,
      exclVat: facts.exclVat,
      inStock: child.inStock,
      addHref:
        child.inStock && child.priceInclVat !== null ? basketHref(product.sku, configurable, variant) : null,
    });
  }
  const lead = galleryImages(product)[0];
  // Only values some enabled child has: Magento lists an attribute's every option the parent was set up
  // with, and a value no child has would be a radio that leads nowhere.
  const attributes = configurable.attributes.map((attribute) => ({
    ...attribute,
    values: attribute.values.filter((value) =>
      variants.some((variant) => variant.values[attribute.code] === value.id),
    ),
  }));
  const data: PickerData = {
    attributes,
    variants,
    image: lead ? { file: lead.file, label: lead.label } : null,
  };
  const chosen = defaultVariant(data);
  return chosen ? { data, deliveries, chosen, rows } : null;
}
