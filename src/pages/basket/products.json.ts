/**
 * `/basket/products.json`, written at build time: for every sku, its product page's url key (null when
 * it has none) and its thumbnail, so the basket can show pictures and links for Magento's cart lines.
 */
import type { APIRoute } from 'astro';
import { catalogueRoutes } from '../../components/catalogue/routes.ts';
import { getCatalogue } from '../../catalogue/snapshot.ts';
import type { BasketProducts } from '../../features/cart/products.ts';

export const GET: APIRoute = () => {
  const routed = new Set(catalogueRoutes().routed.map((product) => product.sku));
  const products: BasketProducts = {};
  for (const product of getCatalogue().catalogue.products) {
    products[product.sku] = {
      urlKey: routed.has(product.sku) ? product.urlKey : null,
      thumbnail: product.thumbnail?.file ?? null,
    };
  }
  return new Response(JSON.stringify(products), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
