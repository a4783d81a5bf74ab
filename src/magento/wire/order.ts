/** What the shop reads of a Magento order, and the order id `payment-information` answers. */
import { z } from '../../zod.ts';

/** The order id from payment-information: documented int, seen as a numeric string (§1.4.7). */
export const orderIdSchema = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d+$/).transform(Number),
]);

export const orderSchema = z
  .object({
    entity_id: z.number(),
    /**
     * The order number the customer is told, a string with its leading zeros (and any store prefix).
     * @example "000000123"
     */
    increment_id: z.string().nullable().optional(),
    status: z.string().nullable().optional(),
    grand_total: z.number().nullable().optional(),
    base_grand_total: z.number().nullable().optional(),
  })
  .loose();

/**
 * `GET /V1/orders` (`OrderRepositoryInterface::getList`): the page of orders and how many match. The bridge
 * reads only which order belongs to a quote, its status and total.
 */
export const orderSearchSchema = z
  .object({
    items: z.array(orderSchema.extend({ quote_id: orderIdSchema.nullable().optional() })),
    total_count: z.number(),
  })
  .loose();
