/**
 * `/basket/products.json`, written at build time: for every sku, its product page's url key (null when
 * it has none), its thumbnail and its price excl VAT (null when unknown), so the basket can show
 * pictures, links and the excl-VAT form of Magento's cart lines.
 */
import type { APIRoute } from 'astro';
import { catalogueRoutes } from '../../components/catalogue/routes.ts';
import { getCatalogue } from '../../catalogue/snapshot.ts';
import type { BasketProductsFile } from '../../features/cart/products.ts';

export const GET: APIRoute = () => {
  const routed = new Set(catalogueRoutes().routed.map((product) => product.sku));
  const products: BasketProductsFile = {};
  for (const product of getCatalogue().catalogue.products) {
    products[product.sku] = {
      urlKey: routed.has(product.sku) ? product.urlKey : null,
      thumbnail: product.thumbnail?.file ?? null,
      priceExclVat: product.priceExclVat,
    };
  }
  return new Response(JSON.stringify(products), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
