/** The cart tables' rows as the cart code reads them: zod schemas, with the row types derived from them. */
import { z } from 'zod';
import { sqlNumber } from '../db.ts';

export const quoteRow = z.object({
  id: sqlNumber,
  masked_id: z.string().nullable(),
  customer_id: sqlNumber.nullable(),
  store_id: sqlNumber,
  is_active: sqlNumber,
  customer_is_guest: sqlNumber,
  shipping_method: z.string().nullable(),
  reserved_order_id: z.string().nullable(),
  /** NULL before any code, '' once one was removed or dropped. */
  coupon_code: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QuoteRow = z.output<typeof quoteRow>;

export const itemRow = z.object({
  item_id: sqlNumber,
  quote_id: sqlNumber,
  product_id: sqlNumber,
  sku: z.string(),
  name: z.string(),
  price: sqlNumber,
  qty: sqlNumber,
  product_type: z.string(),
  /** A configurable line's chosen options (`[{option_id, option_value}]`, JSON); null otherwise. */
  product_option: z.string().nullable(),
});
export type ItemRow = z.output<typeof itemRow>;

/** A quote address: its wire-keyed JSON `data` (the quote and address type are the lookup keys). */
export const quoteAddressRow = z.object({ id: sqlNumber, data: z.string() });
