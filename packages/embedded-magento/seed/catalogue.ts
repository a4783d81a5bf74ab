/**
 * The demo catalogue: a deterministic generator of categories, attributes and products for the
 * embedded Magento-compatible back end. Pure: no I/O, no clock, no global state; the same options
 * always give a deep-equal catalogue.
 *
 * Data formats written into `SeedProduct.customAttributes` (all values are strings, as Magento
 * returns them in `custom_attributes`):
 *
 * - `list_price`: price incl VAT with two decimals (`"149.99"`); absent on about 30 % of products.
 * - `sales_price`: price excl VAT (`price / 1.2`, rounded to pence) with two decimals; always present.
 * - Promotions (about 6 % of the products that have a `list_price`): `sale_price` is the current,
 *   discounted price incl VAT (equal to `price`), `full_list_price` the price before the discount incl
 *   VAT, and `full_sale_price` the price before the discount excl VAT.
 * - `equipmentAttr`, `applications_attrib`: list items joined by {@link LIST_SEPARATOR} (`&&!&&`).
 * - `documentationAttr1` … `documentationAttr10`: `"{title}::{url}"`, e.g.
 *   `"Operating manual::https://docs.example.com/manuals/hg-pw-00012-operating-manual.pdf"`; split on the
 *   first `::`. Numbered from 1 without gaps; 0–3 per product.
 * - `description`: HTML (`<p>`, `<ul><li>`, `<strong>`); about 2 % also contain markup that a sanitiser
 *   must remove (`<script>`, `onerror=`, `javascript:` links, `<iframe>`, `onclick=`).
 * - `image`, `small_image`, `thumbnail`: the first image's file.
 * - Technical-data attributes (see `TECHNICAL_ATTRIBUTES`): a few rows are intentionally `""`. Numeric
 *   ones (`decimal`) hold the number as entered: about 1 % of the numeric filters' values are malformed
 *   as real data entry is (`"see data sheet"`, `"approx. 2000"`, `"2000 W"`, `"7,5"`). Select ones
 *   (`voltage_v`, `filter_class`, `material`, `colour`, and `power_source` on machines) hold the option
 *   id as a string (`"3"`), exactly as Magento returns a select's value; an empty select is left out.
 * - Fits (issue 39, seed/fits.ts and the rules in data/fits.ts), on every product of the finished
 *   catalogue, configurable families included: a machine's `machine_model` is the option id of its model
 *   (labels such as "K 5", "HD 6/15": the model text's words up to the first with a digit); an accessory's,
 *   consumable's, detergent's or spare part's `accessory_type` is the option id of its kind, and
 *   `fits_models` the option ids of the models it fits, ascending and joined by commas as Magento returns
 *   a multiselect (`"184,185,190"`), left out while the catalogue has no machine it could fit. The two
 *   model attributes have the same labels, each its own option ids, numbered after every other option.
 *
 * Configurable products (seed/configurables.ts): from {@link CONFIGURABLES_FROM} products up, a fixed set of
 * detergent, consumable and machine families (a parent with price 0, children in `volume` or `kit`
 * variants) comes on top of the `productCount` generated simple products, with tier prices on the
 * professional ones' children; `products` then holds `productCount` + their parents and children.
 *
 * Besides: `createdAt`/`updatedAt` spread over the two years before {@link CATALOGUE_DATE}; every
 * category's merchandising order (`categoryPositions`, 1..n); the gift-set category holding one window vac.
 * These, the power source, the option ids, the malformed numbers and the fits come from streams of their
 * own (`seedFor`), so the values drawn from the main stream are the same as before they existed.
 */
import { CONFIGURABLES_FROM, configurableSeed } from './configurables.ts';
import { addFits } from './fits.ts';
import { addLinks } from './links.ts';
import { merchandise } from './merchandising.ts';
import { makeProduct, type ProductRun } from './product.ts';
import { createRandom } from './random.ts';
import { assignSlots } from './slots.ts';
import { buildAttributes, buildCategories } from './structure.ts';
import type { CatalogueOptions, SeedCatalogue, SeedProduct } from './types.ts';

export { POWER_SOURCES, TECHNICAL_ATTRIBUTE_CODES } from './data/attributes.ts';
export { CATALOGUE_DATE } from './merchandising.ts';
export { ALL_GROUPS, CONFIGURABLES_FROM, DEMO_CONFIGURABLES, DEMO_TIER_PRICES } from './configurables.ts';
export {
  DEFAULT_CATEGORY_ID,
  EMPTY_SUB_CATEGORY,
  GIFT_SET_CATEGORY,
  HOME_GARDEN_CATEGORY_ID,
  PROFESSIONAL_CATEGORY_ID,
  ROOT_CATALOG_ID,
  SUB_CATEGORIES,
} from './data/categories.ts';
export { DOCUMENTATION_SEPARATOR, LIST_SEPARATOR, slugify } from './product.ts';

/** Catalogues bigger than this reuse a bounded pool of image files. */
export const IMAGE_POOL_THRESHOLD = 1000;

const RATE_DISABLED = 0.04;
const RATE_OUT_OF_STOCK = 0.06;
const RATE_NOT_VISIBLE = 0.02;

export function generateCatalogue(options: CatalogueOptions): SeedCatalogue {
  const { seed, brand } = options;
  const productCount = Math.max(0, Math.floor(options.productCount));
  const r = createRandom(seed);
  const categories = buildCategories();
  const attributes = buildAttributes();
  const slots = assignSlots(productCount);

  // Rates apply to the non-guaranteed products, scaled so the catalogue-wide share stays near target.
  const free = slots.filter((s) => !s.guaranteed).length;
  const scale = free > 0 ? Math.min(4, productCount / free) : 0;
  const run: ProductRun = {
    r,
    brand,
    rates: {
      disabled: RATE_DISABLED * scale,
      outOfStock: RATE_OUT_OF_STOCK * scale,
      notVisible: RATE_NOT_VISIBLE * scale,
    },
    poolImages: productCount > IMAGE_POOL_THRESHOLD,
    digits: Math.max(5, String(productCount).length),
    usedUrlKeys: new Set<string>(),
  };
  const generated = slots.map((slot, index) => makeProduct(run, slot, index));
  addLinks(r, generated, slots);
  // Everything added later draws from its own streams, after the main stream's last draw.
  const products = merchandise(seed, generated, slots, attributes);
  const { configurables, tierPrices, ...rest } = withConfigurables(seed, brand, attributes, products);
  const fitted = addFits(seed, brand, { attributes, products: rest.products, configurables });
  return { categories, attributes: fitted.attributes, products: fitted.products, configurables, tierPrices };
}

/**
 * The configurable families on top of the generated products, after each category's own, in catalogues of
 * {@link CONFIGURABLES_FROM} products or more.
 */
function withConfigurables(
  seed: number,
  brand: string,
  attributes: SeedCatalogue['attributes'],
  products: SeedProduct[],
): Pick<SeedCatalogue, 'products' | 'configurables' | 'tierPrices'> {
  if (products.length < CONFIGURABLES_FROM) return { products, configurables: [], tierPrices: [] };
  const last = new Map<number, number>();
  for (const product of products)
    for (const [id, position] of Object.entries(product.categoryPositions))
      last.set(Number(id), Math.max(last.get(Number(id)) ?? 0, position));
  const nextPosition = (categoryId: number): number => {
    const position = (last.get(categoryId) ?? 0) + 1;
    last.set(categoryId, position);
    return position;
  };
  const extra = configurableSeed(seed, brand, attributes, nextPosition);
  return {
    products: [...products, ...extra.products],
    configurables: extra.configurables,
    tierPrices: extra.tierPrices,
  };
}
