/**
 * Search-engine metadata as pure functions: JSON-LD (schema.org Product with its offer's delivery and
 * returns, ProductGroup for a configurable product, and BreadcrumbList), the sitemap and robots.txt. Pages pass in the shop's site URL and name and
 * the delivery file, so nothing here reads configuration.
 */
import type { DeliveryConfig, WorkingDayRange } from '../delivery/config.ts';
import { handlingDays, productDeliveryMethods } from '../delivery/delivery.ts';
import {
  absoluteUrl,
  productImageUrls,
  schemaPrice,
  VARIANT_PROPERTIES,
  variantProperties,
} from '../catalogue/merchant-listing.ts';
import type { Product, VariantAttribute } from '../catalogue/types.ts';
import { htmlToText } from '../catalogue/fields.ts';
import { variantHref } from '../catalogue/variants.ts';
import { FEED_INDEX_PATH } from '../features/shopping-feed/index.ts';

export { absoluteUrl, productImageUrls, schemaPrice } from '../catalogue/merchant-listing.ts';

/**
 * One step of a breadcrumb trail. The Breadcrumb component shows a trail and `breadcrumbJsonLd` describes
 * the same trail to search engines, so the two cannot drift apart.
 */
export interface Crumb {
  name: string;
  /** Root-relative path (`/home-garden`); the last crumb (the current page) may leave it out. */
  href?: string;
}

export interface SiteContext {
  /** Absolute URL of the shop without a trailing slash, e.g. `https://shop.example.com`. */
  siteUrl: string;
  /** The brand shown with products ({provider}). */
  brand: string;
}

const SCHEMA = 'https://schema.org/';

/** A span of days as schema.org's QuantitativeValue (unit code DAY, as Google's merchant listings ask). */
const days = ({ min, max }: WorkingDayRange): Record<string, unknown> => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});

/** The days handling and transit count: Monday to Friday (left out, Google would count Saturdays too). */
const WORKING_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `${SCHEMA}${day}`);

/**
 * One OfferShippingDetails per method the product on its own is offered (Google's merchant listing
 * shape): the rate incl VAT, the country, and the handling and transit times in working days. Handling is
 * the dispatch days, one more when the order misses the cut-off (`handlingDays`). The cut-off itself
 * (`cutoffTime`) is left out: it needs a UTC offset, which changes with British Summer Time while the page
 * stays the same.
 */
export function shippingDetailsJsonLd(
  product: Pick<Product, 'priceInclVat' | 'weight'>,
  delivery: DeliveryConfig,
): Record<string, unknown>[] {
  const handling = handlingDays(delivery);
  return productDeliveryMethods(product.priceInclVat, product.weight, delivery).map((method) => ({
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: method.price, currency: delivery.currency },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: delivery.country },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(handling),
      transitTime: days(method.transitDays),
      businessDays: { '@type': 'OpeningHoursSpecification', dayOfWeek: WORKING_WEEK },
    },
  }));
}

/** schema.org MerchantReturnPolicy of the delivery file's returns: a finite window, by Google's names. */
export function returnPolicyJsonLd(delivery: DeliveryConfig): Record<string, unknown> {
  const { returns } = delivery;
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: returns.applicableCountry,
    returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: returns.merchantReturnDays,
    returnMethod: `${SCHEMA}${returns.returnMethod}`,
    returnFees: `${SCHEMA}${returns.returnFees}`,
  };
}

/** The `offers` of a product at `url`, with its delivery and returns when given; none without a price. */
function offersJsonLd(
  product: Product,
  url: string,
  delivery: DeliveryConfig | undefined,
): Record<string, unknown> {
  if (product.priceInclVat === null) return {};
  return {
    offers: {
      '@type': 'Offer',
      url,
      price: schemaPrice(product.priceInclVat),
      priceCurrency: 'GBP',
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ...(delivery
        ? {
            shippingDetails: shippingDetailsJsonLd(product, delivery),
            hasMerchantReturnPolicy: returnPolicyJsonLd(delivery),
          }
        : {}),
    },
  };
}

/**
 * schema.org Product for a product page; `offers` only when the product has a price, with its delivery
 * and returns when the page passes the delivery file.
 */
export function productJsonLd(
  product: Product,
  site: SiteContext,
  delivery?: DeliveryConfig,
): Record<string, unknown> {
  const url = absoluteUrl(`/${product.urlKey}`, site.siteUrl);
  const description = htmlToText(product.shortDescription);
  const images = productImageUrls(product, site.siteUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    ...(product.modelNumber ? { mpn: product.modelNumber } : {}),
    ...(description ? { description } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    brand: { '@type': 'Brand', name: site.brand },
    url,
    ...offersJsonLd(product, url, delivery),
  };
}

/**
 * What a ProductGroup varies by: the schema.org property of a variant attribute, where one fits
 * (merchant-listing.ts: a volume is a size); else its label, which the variants name in `additionalProperty`.
 */
const variesBy = (attribute: VariantAttribute): string => {
  const property = VARIANT_PROPERTIES[attribute.code];
  return property ? `${SCHEMA}${property}` : attribute.label;
};

/**
 * schema.org ProductGroup for a configurable product's page (Google's product variants): its sku as
 * `productGroupID`, what its children vary by, and each child as a Product in `hasVariant` with its own
 * sku, name, model number, picture (else the parent's) and offer, whose url is the page with that child
 * chosen (`?volume=5-l`), with the delivery and returns facts a product's offer has.
 */
export function productGroupJsonLd(
  product: Product,
  bySku: ReadonlyMap<string, Product>,
  site: SiteContext,
  delivery?: DeliveryConfig,
): Record<string, unknown> {
  const { configurable } = product;
  if (!configurable) return productJsonLd(product, site, delivery);
  const url = absoluteUrl(`/${product.urlKey}`, site.siteUrl);
  const description = htmlToText(product.shortDescription);
  const images = productImageUrls(product, site.siteUrl);
  const brand = { '@type': 'Brand', name: site.brand };
  const hasVariant = configurable.variants.flatMap((variant) => {
    const child = bySku.get(variant.sku);
    if (!child) return [];
    const own = productImageUrls(child, site.siteUrl);
    const { properties, others } = variantProperties(configurable.attributes, variant);
    const additional = others.map((other) => ({ '@type': 'PropertyValue', ...other }));
    return [
      {
        '@type': 'Product',
        sku: child.sku,
        name: child.name,
        ...(child.modelNumber ? { mpn: child.modelNumber } : {}),
        ...((own.length > 0 ? own : images).length > 0 ? { image: own.length > 0 ? own : images } : {}),
        ...properties,
        ...(additional.length > 0 ? { additionalProperty: additional } : {}),
        ...offersJsonLd(
          child,
          absoluteUrl(variantHref(product.urlKey, configurable.attributes, variant), site.siteUrl),
          delivery,
        ),
      },
    ];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: product.name,
    productGroupID: product.sku,
    ...(description ? { description } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    brand,
    url,
    variesBy: configurable.attributes.map(variesBy),
    hasVariant,
  };
}

/**
 * schema.org BreadcrumbList for a trail that starts at Home and ends at the current page; a crumb without
 * a path has no `item`, as schema.org allows for the last one.
 */
export function breadcrumbJsonLd(trail: readonly Crumb[], siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.href === undefined ? {} : { item: absoluteUrl(crumb.href, siteUrl) }),
    })),
  };
}

export interface SitemapEntry {
  /** Root-relative path. */
  path: string;
  /** ISO 8601 date or date-time of the last change, when known. */
  lastmod?: string;
}

const escapeXml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const locXml = (entry: SitemapEntry, siteUrl: string): string =>
  `<loc>${escapeXml(absoluteUrl(entry.path, siteUrl))}</loc>` +
  (entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '');

/** The sitemap protocol's sitemap index: each sitemap file's absolute URL, with its last change when known. */
export function sitemapIndexXml(files: readonly SitemapEntry[], siteUrl: string): string {
  const sitemaps = files.map((file) => `<sitemap>${locXml(file, siteUrl)}</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join('\n')}\n</sitemapindex>\n`;
}

/** The sitemap protocol's urlset; duplicate paths are listed once (the first wins). */
export function sitemapXml(entries: readonly SitemapEntry[], siteUrl: string): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    if (seen.has(entry.path)) continue;
    seen.add(entry.path);
    urls.push(`<url>${locXml(entry, siteUrl)}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Paths crawlers are asked to leave alone: per-shopper screens with nothing to index. */
export const ROBOTS_DISALLOW = ['/basket', '/customer', '/search'] as const;

/**
 * robots.txt: everything may be crawled but the per-shopper screens; the sitemap, and beside it, as a
 * comment (robots.txt has no field for it and parsers skip comments), the list of the Google Merchant
 * Center feed's files, which Merchant Center is given by hand (docs/shopping-feed.md).
 */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', siteUrl)}`,
    `# Google Merchant Center product feed, the list of its files: ${absoluteUrl(FEED_INDEX_PATH, siteUrl)}`,
    '',
  ].join('\n');
}
