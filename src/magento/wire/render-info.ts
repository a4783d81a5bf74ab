/**
 * `GET /V1/products-render-info` (Magento's ProductRenderList, anonymous): what a storefront renders of a
 * product, with the FINAL price Magento's pricing works out now (special price within its dates, tier price
 * at quantity 1, catalogue price rules), which `GET /V1/products` never shows (COMMERCE-BASICS §5.3). Only
 * the fields the shop reads are declared. Items carry the entity id, not the sku.
 */
import { z } from 'zod';

const id = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);
const amount = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

export const magentoProductRender = z
  .object({
    id,
    name: z.string().optional(),
    type: z.string().optional(),
    price_info: z.object({ final_price: amount, regular_price: amount.optional() }).loose(),
  })
  .loose();
export type MagentoProductRender = z.infer<typeof magentoProductRender>;

/** The answer: `{"items": [...]}` and nothing else (no total count: page until a short page). */
export const magentoProductRenderList = z.object({ items: z.array(magentoProductRender) }).loose();
