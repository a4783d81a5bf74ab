/**
 * `/basket/products.json`, written at build time: for every sku, its product page's url key (null when
 * it has none), its thumbnail, its prices incl and excl VAT (null when unknown) and its ALL GROUPS tier
 * prices (tier-prices.ts, written only when it has any), so the basket can show pictures, links, the
 * excl-VAT form of Magento's cart lines and whether Magento applied one of those tiers. A configurable's
 * child (a cart line's sku) has no page: its `href` is its parent's page with it chosen
 * (`/car-shampoo?volume=5-l`), and its picture is the parent's when it has none of its own.
 */
import type { APIRoute } from 'astro';
import { catalogueRoutes } from '../../site/routes.ts';
import { getCatalogue } from '../../site/catalogue.ts';
import { publicTiers } from '../../catalogue/tier-prices.ts';
import type { Product } from '../../catalogue/types.ts';
import { variantHref } from '../../catalogue/variants.ts';
import type { BasketProductsFile } from '../../features/cart/index.ts';

export const GET: APIRoute = () => {
  const { catalogue, bySku } = getCatalogue();
  const routed = new Set(catalogueRoutes().routed.map((product) => product.sku));
  /** A child's parent (withVariants' `parentSku`) with a page, and the child's place in it. */
  const parentOf = (product: Product) => {
    const parent = product.parentSku === null ? undefined : bySku.get(product.parentSku);
    const variant = parent?.configurable?.variants.find((each) => each.sku === product.sku);
    if (!parent?.configurable || !variant || !routed.has(parent.sku)) return undefined;
    return { parent, href: variantHref(parent.urlKey, parent.configurable.attributes, variant) };
  };
  const products: BasketProductsFile = {};
  for (const product of catalogue.products) {
    const child = routed.has(product.sku) ? undefined : parentOf(product);
    const tiers = publicTiers(product);
    products[product.sku] = {
      urlKey: routed.has(product.sku) ? product.urlKey : null,
      ...(child ? { href: child.href } : {}),
      thumbnail: product.thumbnail?.file ?? child?.parent.thumbnail?.file ?? null,
      priceExclVat: product.priceExclVat,
      priceInclVat: product.priceInclVat,
      ...(tiers.length > 0 ? { tiers } : {}),
    };
  }
  return new Response(JSON.stringify(products), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
