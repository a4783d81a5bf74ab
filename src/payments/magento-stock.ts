/**
 * What the payment bridge reads of a product's stock before money is taken: Magento's stock item
 * (`GET /V1/products/:sku`, its `extension_attributes.stock_item`), with the integration token.
 */
import { z } from 'zod';
import { magentoFetch, type IntegrationConfig } from '../magento/client.ts';

export interface StockItem {
  readonly inStock: boolean;
  /** Units on hand; undefined when Magento does not count them. */
  readonly qty: number | undefined;
}

/** A product with only what the stock check reads of it. */
const productStockSchema = z
  .object({
    type_id: z.string().optional(),
    extension_attributes: z
      .object({
        stock_item: z
          .object({
            qty: z.number().nullable().optional(),
            is_in_stock: z.boolean(),
            manage_stock: z.boolean().optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

const COUNTED_TYPES = new Set(['simple', 'virtual', 'downloadable']);

/** A product's stock as Magento keeps it; undefined when Magento does not manage its stock. */
export async function readStock(config: IntegrationConfig, sku: string): Promise<StockItem | undefined> {
  const product = await magentoFetch(config, {
    path: `/products/${encodeURIComponent(sku)}`,
    schema: productStockSchema,
  });
  const item = product.extension_attributes?.stock_item;
  if (!item || item.manage_stock === false) return undefined;
  // Only a simple (or virtual) product's own quantity is its stock: a configurable's is its children's.
  const counted = product.type_id === undefined || COUNTED_TYPES.has(product.type_id);
  return { inStock: item.is_in_stock, qty: counted ? (item.qty ?? undefined) : undefined };
}
