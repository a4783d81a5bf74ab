/**
 * Magento's final prices, and where the published ones differ from them. Magento changes prices without a
 * save or an event (catalogue price rules, imports that skip save events), so the shop checks what it
 * publishes against what Magento would charge now: `products-render-info`'s `final_price`, read for every
 * product Magento lists (those visible in the catalogue or search; a configurable's is its cheapest child's).
 */
import { magentoFetch, searchCriteria, type MagentoClientConfig } from '../magento/client.ts';
import { magentoProductRenderList } from '../magento/wire/render-info.ts';
import type { Product } from './types.ts';

export interface FinalPriceOptions {
  /** Products a request (default 200: each page is one stretch of the back end's time, kept short beside cart calls). */
  readonly pageSize?: number;
  /** Magento's store view id (default 1, the default store view). */
  readonly storeId?: number;
  readonly currencyCode?: string;
}

/**
 * Magento's final price of every product it lists, by entity id. Read a page at a time by entity id
 * (`entity_id gt` the last one read, in id order) rather than by page number: Magento answers a page past
 * the last with the last page again, and a product added during the read cannot shift the pages.
 */
export async function readFinalPrices(
  config: MagentoClientConfig,
  options: FinalPriceOptions = {},
): Promise<Map<number, number>> {
  const pageSize = options.pageSize ?? 200;
  const store = `storeId=${options.storeId ?? 1}&currencyCode=${encodeURIComponent(options.currencyCode ?? 'GBP')}`;
  const prices = new Map<number, number>();
  for (let after = 0; ;) {
    const criteria = searchCriteria({
      filters: [{ field: 'entity_id', value: String(after), conditionType: 'gt' }],
      sort: { field: 'entity_id', direction: 'ASC' },
      pageSize,
      currentPage: 1,
    });
    const page = await magentoFetch(config, {
      path: `/products-render-info?${criteria}&${store}`,
      schema: magentoProductRenderList,
    });
    for (const item of page.items) {
      prices.set(item.id, Math.round(item.price_info.final_price * 100) / 100);
      after = Math.max(after, item.id);
    }
    if (page.items.length < pageSize) return prices;
  }
}

/** A published price that is not the price Magento charges now. */
export interface PriceDrift {
  readonly sku: string;
  /** Incl VAT, as the pages show it; null when no price is shown. */
  readonly published: number | null;
  readonly magento: number;
}

/** Pence apart or more: the same price read through two paths may differ in the last float digit. */
const differs = (published: number | null, magento: number): boolean =>
  Math.abs((published ?? 0) - magento) >= 0.005;

/**
 * The products whose price, as priced for now, differs from Magento's final price; products Magento does
 * not list (not visible on their own, e.g. a configurable's children) are not compared.
 */
export function priceDrift(products: readonly Product[], finals: ReadonlyMap<number, number>): PriceDrift[] {
  const drift: PriceDrift[] = [];
  for (const product of products) {
    const magento = finals.get(product.id);
    if (magento !== undefined && differs(product.priceInclVat, magento))
      drift.push({ sku: product.sku, published: product.priceInclVat, magento });
  }
  return drift;
}

/**
 * Catalogue price rules, as far as the shop can see them: the products (not configurables, whose price is
 * their children's) that Magento sells for less than their own prices explain, with Magento's price. Passed
 * products must be priced for now without any earlier rule prices.
 */
export function rulePricesFrom(
  products: readonly Product[],
  finals: ReadonlyMap<number, number>,
): Record<string, number> {
  const rules: Record<string, number> = {};
  for (const product of products) {
    const magento = finals.get(product.id);
    if (product.configurable || magento === undefined || magento <= 0) continue;
    if (product.priceInclVat !== null && product.priceInclVat - magento >= 0.005)
      rules[product.sku] = magento;
  }
  return rules;
}
