/**
 * What the product page shows, worked out from the catalogue as pure functions: which products get a
 * page at `/{url_key}`, the gallery order and its picture sources, the connected-product sections and
 * the breadcrumb trail, and what it says about delivery (its prices are price-lines.ts's). The page and
 * its components only lay these out; the page's model that gathers them for one product is product-page.ts.
 */
import type { DeliveryConfig } from '../delivery/config.ts';
import { freeDelivery, productDeliveryMethods } from '../delivery/delivery.ts';
import { formatTime, formatWorkingDays } from '../delivery/format.ts';
import { strings } from '../strings.ts';
import { imageSrcset, imageUrl } from '../catalogue/images.ts';
import { exclVat, formatPrice } from '../catalogue/money.ts';
import type { Crumb } from './seo.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { Product, ProductImage } from '../catalogue/types.ts';

/**
 * First path segments that belong to other routes: the spec's fixed screens, what the storefront server
 * or the build owns, and the content pages known to have single-segment paths. The content pages' own
 * paths are passed to `productRoutes` as well, so a new one is respected without editing this list.
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set([
  'home-garden',
  'professional',
  'customer',
  'search',
  'basket',
  'wishlist',
  'orders',
  'order-status',
  'compare',
  'quick-order',
  'privacy-policy',
  'paid',
  'failed-payment',
  'category-not-found',
  'register-review',
  'best-deals',
  'cleaning-hygiene',
  'hire',
  'services',
  'img',
  'product-data',
  'rest',
  'media',
  'pub',
  'api',
  '_astro',
  '404',
  '500',
  'sitemap.xml',
  'sitemaps',
  'robots.txt',
  'favicon.svg',
]);

export interface ProductRoutes {
  /** Products that get a page, in catalogue order. */
  routed: Product[];
  /** Products left out because their url key belongs to another route or to another product. */
  skipped: { product: Product; reason: string }[];
  /** Page path by sku, for every routed product: what cards link to. */
  hrefBySku: ReadonlyMap<string, string>;
}

/**
 * The `path` in a content page's frontmatter (`src/content/pages/*.md`), or undefined. One reader for the
 * build (through Vite) and the render plan (before it), so both leave the same url keys to the pages.
 */
export function contentPagePath(markdown: string): string | undefined {
  const frontmatter = /^---\r?\n([^]*?)\r?\n---/.exec(markdown)?.[1] ?? '';
  return /^path:\s*['"]?([^'"\r\n]+?)['"]?\s*$/m.exec(frontmatter)?.[1];
}

/**
 * The products with a page of their own at `/{url_key}`: never one whose url key is a route of its own
 * (RESERVED_SEGMENTS, or one of `otherPaths`, e.g. the content pages' paths), and each url key once
 * (Magento keeps url keys unique; should two products share one, the one `byUrlKey` holds wins).
 */
export function productRoutes(
  index: Pick<CatalogueIndex, 'pages' | 'byUrlKey'>,
  otherPaths: readonly string[] = [],
): ProductRoutes {
  const taken = new Set(RESERVED_SEGMENTS);
  for (const path of otherPaths) {
    const segments = path.split('/').filter(Boolean);
    if (segments.length === 1 && segments[0]) taken.add(segments[0].toLowerCase());
  }
  const routed: Product[] = [];
  const skipped: ProductRoutes['skipped'] = [];
  const hrefBySku = new Map<string, string>();
  for (const product of index.pages) {
    const key = product.urlKey;
    if (key === '' || key.includes('/')) {
      skipped.push({ product, reason: `url key "${key}" is not a single path segment` });
    } else if (taken.has(key.toLowerCase())) {
      skipped.push({ product, reason: `url key "${key}" is a route of its own` });
    } else if (index.byUrlKey.get(key)?.sku !== product.sku) {
      skipped.push({ product, reason: `url key "${key}" is already used by another product` });
    } else {
      routed.push(product);
      hrefBySku.set(product.sku, `/${key}`);
    }
  }
  return { routed, skipped, hrefBySku };
}

/** Gallery pictures by Magento position (stable for equal positions). */
export const galleryImages = (product: Pick<Product, 'images'>): ProductImage[] =>
  product.images
    .map((image, order) => ({ image, order }))
    .sort((a, b) => a.image.position - b.image.position || a.order - b.order)
    .map(({ image }) => image);

/** The large gallery picture is never drawn wider than this (CSS pixels). */
export const GALLERY_WIDTH = 560;
/** `sizes` of the large gallery picture: full width on phones, GALLERY_WIDTH from there on. */
export const GALLERY_SIZES = `(min-width: ${GALLERY_WIDTH + 32}px) ${GALLERY_WIDTH}px, calc(100vw - 2rem)`;

export interface PictureSources {
  webpSrcset: string;
  jpegSrcset: string;
  /** JPEG fallback `src`. */
  src: string;
  sizes: string;
}

/** The large gallery picture's sources, shared by the page's preload and the gallery itself. */
export const galleryPicture = (file: string): PictureSources => ({
  webpSrcset: imageSrcset(file, 960, 'webp'),
  jpegSrcset: imageSrcset(file, 960, 'jpeg'),
  src: imageUrl(file, 640, 'jpeg'),
  sizes: GALLERY_SIZES,
});

/**
 * A card of a product the page only mentions (its connected products, what fits a machine): what the
 * page bakes of it is its name, picture and link; its price, stock and stars are drawn in the browser from
 * the data files (components/catalogue/mention-offers.ts), so a price or stock change re-renders the
 * product's own pages, not every page that mentions it. Null `href` for a product without a page (visibility 1).
 */
export interface CardItem {
  sku: string;
  name: string;
  href: string | null;
  image: { file: string; alt: string } | null;
  /** A configurable product: bought from its page, where its options are chosen, not from a card. */
  chooseOptions?: boolean;
}

/** What cards need to find products and their pages. */
export interface CardSource {
  bySku: ReadonlyMap<string, Product>;
  /** From `productRoutes`. */
  hrefBySku: ReadonlyMap<string, string>;
}

const card = (product: Product, hrefBySku: ReadonlyMap<string, string>): CardItem => {
  const image = product.thumbnail;
  return {
    sku: product.sku,
    name: product.name,
    href: hrefBySku.get(product.sku) ?? null,
    image: image && { file: image.file, alt: image.label },
    ...(product.configurable ? { chooseOptions: true } : {}),
  };
};

/**
 * What a page that mentions a product shows of it besides its link, as plain values (`===` between runs):
 * a change of anything else (its price, stock, rating, description) leaves those pages as they are.
 */
export const mentionFacts = (product: Product): unknown[] => [
  product.name,
  product.thumbnail?.file,
  product.thumbnail?.label,
  product.configurable !== null,
];

/** Cards for products, in the order given. */
export const cardItems = (products: readonly Product[], hrefBySku: ReadonlyMap<string, string>): CardItem[] =>
  products.map((product) => card(product, hrefBySku));

/**
 * Connected products by sku, in the order given: missing skus, the product itself and repeats are
 * skipped. Products without a page of their own (not visible individually) keep their card, since they
 * can still be bought, but have no link.
 */
export function resolveConnected(skus: readonly string[], source: CardSource, selfSku?: string): CardItem[] {
  const seen = new Set<string>(selfSku === undefined ? [] : [selfSku]);
  const items: CardItem[] = [];
  for (const sku of skus) {
    if (seen.has(sku)) continue;
    seen.add(sku);
    const product = source.bySku.get(sku);
    if (product) items.push(card(product, source.hrefBySku));
  }
  return items;
}

export type SectionKey = 'detergents' | 'accessories' | 'related';

export interface ConnectedSection {
  key: SectionKey;
  title: string;
  items: CardItem[];
}

/**
 * The connected-product sections in page order, without the empty ones. Magento's link types carry
 * them: up-sells are the detergents, cross-sells the accessories, related products the related ones.
 */
export function connectedSections(
  product: Pick<Product, 'sku' | 'links'>,
  source: CardSource,
): ConnectedSection[] {
  const sections: ConnectedSection[] = [
    {
      key: 'detergents',
      title: strings.product.detergents,
      items: resolveConnected(product.links.upsell, source, product.sku),
    },
    {
      key: 'accessories',
      title: strings.product.accessories,
      items: resolveConnected(product.links.crosssell, source, product.sku),
    },
    {
      key: 'related',
      title: strings.product.related,
      items: resolveConnected(product.links.related, source, product.sku),
    },
  ];
  return sections.filter((section) => section.items.length > 0);
}

/** Home > product name. */
export const productTrail = (product: Pick<Product, 'name' | 'urlKey'>): Crumb[] => [
  { name: strings.shell.breadcrumb.home, href: '/' },
  { name: product.name, href: `/${product.urlKey}` },
];

/** A delivery price in both VAT forms ('£4.95', '£4.13'), as prices are written: a style shows one. */
export interface DeliveryPrice {
  inclVat: string;
  exclVat: string;
}

/** What the purchase panel says about delivery and returns. */
export interface ProductDelivery {
  /** Free standard delivery: said instead of the method's title and price. */
  free: boolean;
  /** The usual method for this product alone: standard delivery for a parcel, else pallet delivery. */
  title: string;
  price: DeliveryPrice;
  /** `carrier/method` in Magento's codes, for the estimate the browser works out at view time. */
  method: string;
  /** The estimate without a clock (no JavaScript), e.g. "2–3 working days". */
  transit: string;
  /** The faster method for a parcel (next working day), with the time to order by. */
  faster: { title: string; price: DeliveryPrice; orderBy: string } | null;
  returnDays: number;
}

const deliveryPrice = (inclVat: number): DeliveryPrice => ({
  inclVat: formatPrice(inclVat),
  exclVat: formatPrice(exclVat(inclVat)),
});

/** Delivery and returns for a product page, from the delivery file (src/content/delivery.json). */
export function productDelivery(
  product: Pick<Product, 'priceInclVat' | 'weight'>,
  config: DeliveryConfig,
): ProductDelivery {
  const [usual = config.methods.pallet, faster] = productDeliveryMethods(
    product.priceInclVat,
    product.weight,
    config,
  );
  return {
    free: freeDelivery(product.priceInclVat, product.weight, config),
    title: usual.title,
    price: deliveryPrice(usual.price),
    method: `${usual.carrierCode}/${usual.methodCode}`,
    transit: formatWorkingDays(usual.transitDays),
    faster: faster
      ? {
          title: faster.title,
          price: deliveryPrice(faster.price),
          orderBy: formatTime(config.dispatch.cutOff),
        }
      : null,
    returnDays: config.returns.merchantReturnDays,
  };
}

/** The side info box (delivery, advice, guarantee) shows only when Magento has a list price. */
export const showsInfoBox = (product: Pick<Product, 'listPrice'>): boolean => product.listPrice !== null;
