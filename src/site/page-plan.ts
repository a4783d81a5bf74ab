/**
 * The product and listing pages of a catalogue, each with its key (its path without the leading `/`), its
 * cache key (its fingerprint: fingerprint.ts) and its props: the one place their inputs and keys are worked
 * out. The routes' `getStaticPaths` return these, and the render plan (src/publish/plan/render-plan.ts)
 * compares their keys with the live build's, so the pages a build renders and the keys it records cannot
 * be chosen two ways.
 */
import { CONTENT_BLOCKS } from '../catalogue/content-blocks.ts';
import { fitIndex } from '../catalogue/fits.ts';
import type { ProductRoutes } from './product-view.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import { modelEntries } from '../catalogue/fit-files.ts';
import { fixedFingerprint, listingFingerprints, productFingerprint } from './fingerprint.ts';

export { sharedFingerprint } from './fingerprint.ts';
import { allListingPages, type ListingPage } from './listing-pages.ts';
import type { PageFilter } from './handoff.ts';
import { modelInputs, productPageModel, type ModelIndex, type ProductPageModel } from './product-page.ts';
import { keptParts } from '../catalogue/kept-parts.ts';
import type { Product } from '../catalogue/types.ts';

export interface PlannedPage<Props> {
  /** The page's path without the leading `/`: a product's url key, a listing page's path. */
  readonly key: string;
  readonly cacheKey: string;
  readonly props: Props;
}

/** What a product page's model reads of `index`: the catalogue's indexes with its fit index. */
const modelIndexOf = (index: CatalogueIndex): ModelIndex => ({ ...index, fits: fitIndex(index) });

/** Each product page's fingerprint, kept between runs while what its model reads and `shared` are the same. */
const productKeys = keptParts<Product, string>();

/**
 * A product page's fingerprint and its model: the fingerprint kept per product (`productKeys`), the model
 * made only when asked for (the page is rendered) or when the fingerprint must be worked out again.
 */
function productPage(
  product: Product,
  index: ModelIndex,
  hrefBySku: ReadonlyMap<string, string>,
  shared: string,
): { readonly cacheKey: string; model(): ProductPageModel } {
  let made: ProductPageModel | undefined;
  const model = () => (made ??= productPageModel(product, index, hrefBySku));
  const inputs = [shared, ...modelInputs(product, index, hrefBySku)];
  return { cacheKey: productKeys(product, inputs, () => productFingerprint(model(), shared)), model };
}

/** The product pages; with `only`, just those whose keys it holds (the pages a partial build renders). */
export function productPagePlan(
  index: CatalogueIndex,
  routes: Pick<ProductRoutes, 'routed' | 'hrefBySku'>,
  shared: string,
  only: PageFilter | null = null,
): PlannedPage<{ model: ProductPageModel }>[] {
  const modelIndex = modelIndexOf(index);
  return routes.routed
    .filter((product) => !only || only.has(product.urlKey))
    .map((product) => {
      const page = productPage(product, modelIndex, routes.hrefBySku, shared);
      return { key: product.urlKey, cacheKey: page.cacheKey, props: { model: page.model() } };
    });
}

/** The listing pages; with `only`, just those whose keys it holds. */
export function listingPagePlan(
  index: CatalogueIndex,
  routes: Pick<ProductRoutes, 'hrefBySku'>,
  shared: string,
  only: PageFilter | null = null,
): PlannedPage<{ page: ListingPage }>[] {
  const planned = (page: ListingPage) => !only || only.has(page.path.slice(1));
  const all = allListingPages(index, routes.hrefBySku);
  const keys = listingFingerprints(all, shared, planned);
  return all.filter(planned).map((page) => {
    const key = page.path.slice(1);
    return { key, cacheKey: keys.get(key) ?? '', props: { page } };
  });
}

/** Every product and listing page's cache key, by key: what a build records and the next one compares. */
export function pageKeys(
  index: CatalogueIndex,
  routes: Pick<ProductRoutes, 'routed' | 'hrefBySku'>,
  shared: string,
): Map<string, string> {
  const modelIndex = modelIndexOf(index);
  const keys = new Map<string, string>();
  for (const product of routes.routed)
    keys.set(product.urlKey, productPage(product, modelIndex, routes.hrefBySku, shared).cacheKey);
  for (const { key, cacheKey } of listingPagePlan(index, routes, shared)) keys.set(key, cacheKey);
  return keys;
}

/** The shopper's screens: they show the shell (menus, shop) around islands, nothing else of the catalogue. */
const SHELL_ONLY = [
  '404',
  'basket',
  'basket/shipping',
  'basket/shipping/payment',
  'category-not-found',
  'company',
  'company/approval-rules',
  'company/join',
  'company/purchase-orders',
  'company/purchase-orders/view',
  'company/quotes',
  'company/quotes/view',
  'company/register',
  'customer',
  'customer/alerts',
  'customer/create-account',
  'customer/manage',
  'customer/manage/contact',
  'customer/manage/bill_addr',
  'customer/manage/shipp_addr',
  'customer/order',
  'customer/orders',
  'customer/privacy',
  'customer/return',
  'customer/returns',
  'customer/register-machine',
  'customer/requisition-lists',
  'customer/requisition-lists/add',
  'customer/service-bookings',
  'customer/sign-in',
  'failed-payment',
  'merchant/quotes',
  'order-placed',
  'order-status',
  'paid',
  'privacy-policy',
  'privacy-policy/full-notice',
  'services/book',
  'trade-account',
  'wishlist',
  'robots.txt',
];

/**
 * What each page with a fixed path shows from the catalogue besides what every page shares, by key: the
 * home page and the landings the editors' CMS blocks, the search page the call banner's (its help when nothing
 * is found, NoResultsHelp.astro) and so does the accessibility statement (its advice line with the opening
 * hours), compare the attributes' labels, the parts finder the machine models (the
 * fit files' list of them: names, kinds and how many parts fit). A page not named here
 * (the sitemap, the basket's products, quick order, which follow the whole catalogue, or a page added
 * later) has no key and is rendered on every run.
 */
type Inputs = (index: CatalogueIndex) => unknown;
const FIXED_PAGE_INPUTS: ReadonlyMap<string, Inputs> = new Map<string, Inputs>([
  ...SHELL_ONLY.map((key): [string, Inputs] => [key, () => null]),
  // The accessibility statement shows src/content/accessibility.json, which is source, and the call banner's line.
  ['accessibility', (index) => index.catalogue.blocks?.[CONTENT_BLOCKS.callBanner] ?? null],
  ['', (index) => index.catalogue.blocks],
  ['home-garden', (index) => index.catalogue.blocks],
  ['professional', (index) => index.catalogue.blocks],
  ['search', (index) => index.catalogue.blocks?.[CONTENT_BLOCKS.callBanner] ?? null],
  ['compare', (index) => index.catalogue.attributes],
  ['parts-finder', (index) => modelEntries(fitIndex(index))],
]);

/**
 * The cache key of a page with a fixed path (its path without the leading `/`), or undefined for one whose
 * inputs are not known here (rendered every run).
 */
export function fixedPageKey(key: string, index: CatalogueIndex, shared: string): string | undefined {
  const inputs = FIXED_PAGE_INPUTS.get(key);
  return inputs && fixedFingerprint(shared, inputs(index));
}

/** Whether the page of `key` is one with a fixed path whose inputs are known here (its key is `fixedPageKey`). */
export const hasFixedPath = (key: string): boolean => FIXED_PAGE_INPUTS.has(key);

/** A content page's key (`src/content/pages`): it shows the shell and its Markdown, which is source. */
export const contentPageKey = (shared: string): string => fixedFingerprint(shared, null);

/** The keys of every fixed page this module knows the inputs of: what a full `astro build` records for them. */
export const fixedPageKeys = (index: CatalogueIndex, shared: string): Map<string, string> =>
  new Map([...FIXED_PAGE_INPUTS].map(([key, inputs]) => [key, fixedFingerprint(shared, inputs(index))]));
