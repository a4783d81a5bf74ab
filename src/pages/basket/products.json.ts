/**
 * `/basket/products.json`, written at build time: for every sku, its product page's url key (null when
 * it has none), its thumbnail and its prices incl and excl VAT (null when unknown), so the basket can show
 * pictures, links, the excl-VAT form of Magento's cart lines and whether Magento applied a tier price. A
 * configurable's child (a cart line's sku) has no page: its `href` is its parent's page with it chosen
 * (`/car-shampoo?volume=5-l`), and its picture is the parent's when it has none of its own.
 */
import type { APIRoute } from 'astro';
import { catalogueRoutes } from '../../components/catalogue/routes.ts';
import { getCatalogue } from '../../catalogue/snapshot.ts';
import type { Product } from '../../catalogue/types.ts';
import { variantHref } from '../../catalogue/variants.ts';
import type { BasketProductsFile } from '../../features/cart/products.ts';

/** Each child's parent page with it chosen, and the parent: the parents with a page, by child sku. */
function childLinks(routed: readonly Product[]): Map<string, { href: string; parent: Product }> {
  const links = new Map<string, { href: string; parent: Product }>();
  for (const parent of routed) {
    if (!parent.configurable) continue;
    for (const variant of parent.configurable.variants)
      if (!links.has(variant.sku))
        links.set(variant.sku, {
          href: variantHref(parent.urlKey, parent.configurable.attributes, variant),
          parent,
        });
  }
  return links;
}

export const GET: APIRoute = () => {
  const routedProducts = catalogueRoutes().routed;
  const routed = new Set(routedProducts.map((product) => product.sku));
  const children = childLinks(routedProducts);
  const products: BasketProductsFile = {};
  for (const product of getCatalogue().catalogue.products) {
    const child = routed.has(product.sku) ? undefined : children.get(product.sku);
    products[product.sku] = {
      urlKey: routed.has(product.sku) ? product.urlKey : null,
      ...(child ? { href: child.href } : {}),
      thumbnail: product.thumbnail?.file ?? child?.parent.thumbnail?.file ?? null,
      priceExclVat: product.priceExclVat,
      priceInclVat: product.priceInclVat,
    };
  }
  return new Response(JSON.stringify(products), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
