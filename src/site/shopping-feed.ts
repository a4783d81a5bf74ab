/**
 * The Google Merchant Center feed built with the site (features/shopping-feed): FEED_FILES files, each the
 * items of the product pages whose sku falls in it, made from the catalogue the pages render, priced at the
 * same instant, so a price or stock change is in the feed in the run that puts it on the page. A file is
 * kept as the same object while everything its items read is the same (kept-parts.ts: the products, their
 * categories' names, the shop), so a run after one save makes a new object for that product's file only,
 * and data-files.ts hashes, and the warm renderer rewrites, that file alone. No file's text is kept: it is
 * made for the fingerprint and again when the file is rendered.
 */
import categoriesFile from '../content/google-product-categories.json' with { type: 'json' };
import { keptParts, keyedParts } from '../catalogue/kept-parts.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import { specialPriceInstants } from '../catalogue/special-prices.ts';
import type { CategoryNode, Product, SpecialPrice } from '../catalogue/types.ts';
import { parsedOnce } from '../config/parse-content.ts';
import type { ShopInfo } from '../config/shop.ts';
import { checkedDeliveryConfig } from '../delivery/config-schema.ts';
import {
  FEED_FILES,
  feedFileOf,
  feedFileXml,
  feedIndexText,
  googleCategoriesSchema,
  googleCategoryOf,
  type FeedContext,
  type FeedEntry,
  type FeedFile,
} from '../features/shopping-feed/index.ts';
import type { DataFormat } from './data-files.ts';

const googleCategories = parsedOnce(
  googleCategoriesSchema,
  categoriesFile,
  'src/content/google-product-categories.json',
);

/** A feed file as the site writes it: the product data specification's XML. */
export const FEED_XML: DataFormat<FeedFile> = {
  contentType: 'application/xml; charset=utf-8',
  text: feedFileXml,
};

/** The feed's index: the files' absolute URLs, one a line. */
export const FEED_INDEX: DataFormat<{ readonly siteUrl: string }> = {
  contentType: 'text/plain; charset=utf-8',
  text: ({ siteUrl }) => feedIndexText(siteUrl),
};

/** The index's data, one object per site URL, so its fingerprint is worked out once. */
const indexes = new Map<string, { readonly siteUrl: string }>();
export function siteFeedIndex(siteUrl: string): { readonly siteUrl: string } {
  let index = indexes.get(siteUrl);
  if (!index) indexes.set(siteUrl, (index = { siteUrl }));
  return index;
}

/** `product_type` and `google_product_category` of a category: its trail's names, the merchant's mapping. */
interface Classified {
  readonly productType: string | null;
  readonly googleCategory: number | null;
}

function classify(index: CatalogueIndex, node: CategoryNode | undefined): Classified {
  if (!node) return { productType: null, googleCategory: null };
  const names: string[] = [];
  const segments = node.path.split('/').filter(Boolean);
  for (let depth = 1; depth <= segments.length; depth += 1) {
    const name = index.categoriesByPath.get(`/${segments.slice(0, depth).join('/')}`)?.name;
    if (name) names.push(name);
  }
  return {
    productType: names.length > 0 ? names.join(' > ') : null,
    googleCategory: googleCategoryOf(node.path, googleCategories()),
  };
}

/** A special price's instants, once per special price object (kept with its product between runs). */
const instants = keptParts<SpecialPrice, { from: number; until: number }>();

/**
 * Whether a product's special price is still to begin at `at`: the feed gives a sale due later with its
 * dates, so a file's text depends on it. It changes with no new product object (the product is priced the
 * same before its sale and after), so it is one of the file's inputs.
 */
function saleAhead(product: Product, at: number): boolean {
  const special = product.specialPrice;
  return special !== null && at < instants(special, [], () => specialPriceInstants(special)).from;
}

/** The page's product and the children the feed lists under it; none when its parent lists it. */
function entryProducts(
  product: Product,
  index: CatalogueIndex,
  routed: ReadonlySet<string>,
): { children: Product[] } | null {
  if (product.configurable) {
    const children = product.configurable.variants.flatMap((variant) => {
      const child = index.bySku.get(variant.sku);
      // A child of several configurables is listed under its first (variants.ts `parentSku`), once.
      return child && child.parentSku === product.sku ? [child] : [];
    });
    return { children };
  }
  // A child with a page of its own is an item of its parent's page, its offer there.
  const parent = product.parentSku === null ? undefined : index.bySku.get(product.parentSku);
  const listed =
    parent !== undefined &&
    routed.has(parent.sku) &&
    (parent.configurable?.variants.some((variant) => variant.sku === product.sku) ?? false);
  return listed ? null : { children: [] };
}

/** A product in no listing category: its audience's root, when all its categories share one. */
function audienceRoot(index: CatalogueIndex, product: Product): CategoryNode | undefined {
  const audience = index.audienceOf(product);
  return audience ? index.catalogue.audiences[audience] : undefined;
}

const keptFiles = keyedParts<number, FeedFile>();
const filesMemo = new WeakMap<
  CatalogueIndex,
  {
    readonly routed: readonly Product[];
    readonly shop: Pick<ShopInfo, 'name' | 'siteUrl'>;
    readonly files: FeedFile[];
  }
>();

/**
 * The feed's files of this build (`routed`: the products with a page, routes.ts), every one of them (empty
 * ones too), each kept as the same object while its inputs are the same: its products (priced), their
 * children, their categories' names and Google category, their rule prices, which of their sales are
 * still ahead, and the shop's name and URL.
 */
export function siteFeedFiles(
  index: CatalogueIndex,
  routed: readonly Product[],
  shop: Pick<ShopInfo, 'name' | 'siteUrl'>,
): FeedFile[] {
  const known = filesMemo.get(index);
  if (known?.routed === routed && known.shop === shop) return known.files;
  const routedSkus = new Set(routed.map((product) => product.sku));
  const at = index.pricedAt;
  const rules = index.catalogue.rulePrices ?? {};
  const classified = new Map<CategoryNode | undefined, Classified>();
  const perFile = Array.from({ length: FEED_FILES }, () => ({
    entries: [] as FeedEntry[],
    inputs: [shop.siteUrl, shop.name] as unknown[],
  }));
  for (const product of routed) {
    const found = entryProducts(product, index, routedSkus);
    if (!found) continue;
    const node = index.kindOf(product) ?? audienceRoot(index, product);
    let classes = classified.get(node);
    if (!classes) classified.set(node, (classes = classify(index, node)));
    const items = product.configurable ? found.children : [product];
    const rulePrices: Record<string, number> = {};
    for (const item of items) {
      const rule = rules[item.sku];
      if (rule !== undefined) rulePrices[item.sku] = rule;
    }
    const file = perFile[feedFileOf(product.sku)];
    if (!file) continue;
    file.entries.push({ product, children: found.children, rulePrices, ...classes });
    file.inputs.push(product, ...found.children, classes.productType, classes.googleCategory);
    for (const item of items) file.inputs.push(rulePrices[item.sku], saleAhead(item, at));
  }
  const context: FeedContext = { siteUrl: shop.siteUrl, brand: shop.name, delivery: checkedDeliveryConfig() };
  const files = perFile.map(({ entries, inputs }, number) =>
    keptFiles.get(number, inputs, () => ({ number, shopName: shop.name, context, at, entries })),
  );
  keptFiles.sweep();
  filesMemo.set(index, { routed, shop, files });
  return files;
}
