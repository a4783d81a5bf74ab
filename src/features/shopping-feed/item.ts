/**
 * A product page's items in the Google Merchant Center feed (the product data specification's attributes),
 * from the same product objects and helpers as the page's structured data (site/seo.ts): one item for a
 * product, one per child for a configurable (its `item_group_id` the parent's sku, its link the page with
 * that child chosen), each priced and stocked as its offer on the page says. Left out: a product without a
 * price or a picture (Google takes neither), and one whose sku is longer than Google's 50 characters.
 */
import { htmlToText } from '../../catalogue/fields.ts';
import {
  absoluteUrl,
  productImageUrls,
  variantProperties,
  type VariantProperty,
} from '../../catalogue/merchant-listing.ts';
import type { Product } from '../../catalogue/types.ts';
import { variantHref } from '../../catalogue/variants.ts';
import type { DeliveryConfig, WorkingDayRange } from '../../delivery/config.ts';
import { handlingDays, productDeliveryMethods } from '../../delivery/delivery.ts';
import { feedPrice, type FeedPrice } from './sale.ts';

/** What every item of a build shares. */
export interface FeedContext {
  /** Absolute URL of the shop without a trailing slash, e.g. `https://shop.example.com`. */
  readonly siteUrl: string;
  /** The brand products are shown with: the one the pages' structured data names (the shop's name). */
  readonly brand: string;
  /** The delivery file (src/content/delivery.json): the methods each product is offered. */
  readonly delivery: DeliveryConfig;
}

/** A product page's part of the feed: what its items are made from. */
export interface FeedEntry {
  /** The page's product, priced at the build's instant (special-prices.ts). */
  readonly product: Product;
  /** A configurable's children, each an item of its own; empty for any other product. */
  readonly children: readonly Product[];
  /** The catalogue rule prices of the product and its children, by sku (catalogue.ts `rulePrices`). */
  readonly rulePrices: Readonly<Record<string, number>>;
  /** `product_type`: its category's trail, "Home & Garden > Pressure Washers"; null without a category. */
  readonly productType: string | null;
  /** `google_product_category`: an id of Google's product taxonomy (categories.ts); null when none fits. */
  readonly googleCategory: number | null;
}

/** One `shipping`: a delivery method the product on its own is offered, to the shop's country. */
export interface FeedShipping {
  readonly country: string;
  readonly service: string;
  /** GBP incl VAT; 0 is free. */
  readonly price: number;
  readonly currency: string;
  /** Working days to dispatch, and from dispatch to the door. */
  readonly handling: WorkingDayRange;
  readonly transit: WorkingDayRange;
}

export type Availability = 'in_stock' | 'out_of_stock';

export interface FeedItem {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly link: string;
  readonly imageLink: string;
  readonly additionalImageLinks: readonly string[];
  readonly availability: Availability;
  readonly price: FeedPrice;
  readonly currency: 'GBP';
  readonly brand: string;
  /** The model number (Magento's supplier_code); null without one, and then `identifier_exists` is no. */
  readonly mpn: string | null;
  readonly googleCategory: number | null;
  readonly productType: string | null;
  /** A configurable's sku, on each of its children. */
  readonly itemGroupId: string | null;
  /** The variant properties Google knows of a child (`size` for a volume): merchant-listing.ts. */
  readonly variant: Partial<Record<VariantProperty, string>>;
  readonly shipping: readonly FeedShipping[];
  readonly shippingWeightKg: number | null;
  readonly condition: 'new';
}

/** Google's limits, in characters (the product data specification). */
export const FEED_LIMITS = {
  id: 50,
  title: 150,
  description: 5000,
  brand: 70,
  mpn: 70,
  productType: 750,
  itemGroupId: 50,
  variant: 100,
  additionalImages: 10,
} as const;

/** `text` in at most `max` characters, cut at a word where one is near the end. */
export function cutText(text: string, max: number): string {
  // Characters are never more than UTF-16 code units: most texts need no counting.
  if (text.length <= max) return text;
  const characters = [...text];
  if (characters.length <= max) return text;
  const cut = characters.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd();
}

/** Plain text of the first of the HTML fields that has any, else `fallback`. */
function firstText(fields: readonly string[], fallback: string): string {
  for (const field of fields) {
    const text = htmlToText(field);
    if (text.length > 0) return text;
  }
  return fallback;
}

function shippingOf(
  product: Pick<Product, 'priceInclVat' | 'weight'>,
  delivery: DeliveryConfig,
): FeedShipping[] {
  const handling = handlingDays(delivery);
  return productDeliveryMethods(product.priceInclVat, product.weight, delivery).map((method) => ({
    country: delivery.country,
    service: method.title,
    price: method.price,
    currency: delivery.currency,
    handling,
    transit: method.transitDays,
  }));
}

/**
 * The item of `product` (a page's product, or a configurable's child with `parent`), or null when Google
 * would refuse it.
 */
function itemOf(
  entry: FeedEntry,
  product: Product,
  context: FeedContext,
  at: number,
  parent?: { readonly link: string; readonly variant: FeedItem['variant'] },
): FeedItem | null {
  const price = feedPrice(product, at, entry.rulePrices[product.sku]);
  const own = productImageUrls(product, context.siteUrl);
  const images = own.length > 0 || !parent ? own : productImageUrls(entry.product, context.siteUrl);
  const [imageLink, ...more] = images;
  if (!price || imageLink === undefined || product.sku.length > FEED_LIMITS.id) return null;
  const page = entry.product;
  const fields = parent
    ? [product.description, product.shortDescription, page.description, page.shortDescription]
    : [product.description, product.shortDescription];
  return {
    id: product.sku,
    title: cutText(product.name, FEED_LIMITS.title),
    description: cutText(firstText(fields, product.name), FEED_LIMITS.description),
    link: parent?.link ?? absoluteUrl(`/${product.urlKey}`, context.siteUrl),
    imageLink,
    additionalImageLinks: more.slice(0, FEED_LIMITS.additionalImages),
    availability: product.inStock ? 'in_stock' : 'out_of_stock',
    price,
    currency: 'GBP',
    brand: cutText(context.brand, FEED_LIMITS.brand),
    mpn: product.modelNumber && product.modelNumber.length <= FEED_LIMITS.mpn ? product.modelNumber : null,
    googleCategory: entry.googleCategory,
    productType: entry.productType && cutText(entry.productType, FEED_LIMITS.productType),
    itemGroupId: parent ? page.sku : null,
    variant: parent?.variant ?? {},
    shipping: shippingOf(product, context.delivery),
    shippingWeightKg: product.weight !== null && product.weight > 0 ? product.weight : null,
    condition: 'new',
  };
}

/**
 * The items of a product page at `at`, the instant its products are priced at: the product's own, or a
 * configurable's children's, in the order of its variants. Each child's link is the page with it chosen
 * (`?volume=5-l`), the URL of its offer in the page's ProductGroup.
 */
export function feedItems(entry: FeedEntry, context: FeedContext, at: number): FeedItem[] {
  const { product } = entry;
  const { configurable } = product;
  if (!configurable) {
    const item = itemOf(entry, product, context, at);
    return item ? [item] : [];
  }
  if (product.sku.length > FEED_LIMITS.itemGroupId) return [];
  return entry.children.flatMap((child) => {
    const variant = configurable.variants.find((candidate) => candidate.sku === child.sku);
    if (!variant) return [];
    const link = absoluteUrl(variantHref(product.urlKey, configurable.attributes, variant), context.siteUrl);
    const { properties } = variantProperties(configurable.attributes, variant);
    const named = Object.fromEntries(
      Object.entries(properties).map(([name, value]) => [name, cutText(value, FEED_LIMITS.variant)]),
    );
    const item = itemOf(entry, child, context, at, { link, variant: named });
    return item ? [item] : [];
  });
}
