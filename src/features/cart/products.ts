/**
 * What the basket needs of the catalogue that the cart lacks: each sku's page and thumbnail, from the
 * small JSON the build emits (`/basket/products.json`), fetched once, on demand.
 */
import { z } from '../../zod.ts';
import { shopFetch } from '../shop-api.ts';

export const basketProductSchema = z.object({
  /** The product page is `/{urlKey}`; null when the product has no page of its own. */
  urlKey: z.string().nullable(),
  /** Path under `catalog/product`, e.g. `/h/g/hg-pw-00012-1.jpg`. */
  thumbnail: z.string().nullable(),
});
export type BasketProduct = z.infer<typeof basketProductSchema>;

export const basketProductsSchema = z.record(z.string(), basketProductSchema);
export type BasketProducts = z.infer<typeof basketProductsSchema>;

export const BASKET_PRODUCTS_PATH = '/basket/products.json';

let loading: Promise<BasketProducts> | undefined;

export function loadBasketProducts(): Promise<BasketProducts> {
  loading ??= shopFetch(BASKET_PRODUCTS_PATH, { schema: basketProductsSchema }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
