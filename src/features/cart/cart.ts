/** The cart as islands hold it: Magento's cart, parsed (prices are Magento's, never the browser's). */
import { z } from 'zod';

export const cartItemSchema = z
  .object({
    item_id: z.number(),
    sku: z.string(),
    qty: z.number(),
    name: z.string().nullable().optional(),
    price: z.number().nullable().optional(),
  })
  .loose();
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z
  .object({
    id: z.number(),
    items: z.array(cartItemSchema),
    items_qty: z.number().nullable().optional(),
  })
  .loose();
export type Cart = z.infer<typeof cartSchema>;

export const totalsSchema = z
  .object({
    grand_total: z.number(),
    subtotal: z.number(),
    shipping_amount: z.number(),
    items_qty: z.number().optional(),
    total_segments: z
      .array(z.object({ code: z.string(), value: z.number().nullable().optional() }).loose())
      .optional(),
  })
  .loose();
export type Totals = z.infer<typeof totalsSchema>;

/** The badge count: Magento's items_qty (0 without a cart). */
export const itemsCount = (cart: Cart | null): number =>
  cart?.items_qty ?? cart?.items.reduce((sum, item) => sum + item.qty, 0) ?? 0;

/** The real grand total is the `grand_total` segment (the top-level field is net of tax: CONTRACT.md §6.4). */
export const grandTotal = (totals: Totals): number =>
  totals.total_segments?.find((segment) => segment.code === 'grand_total')?.value ?? totals.grand_total;

const GUEST_CODE = /^[A-Za-z0-9]{32}$/;
/** A stored guest cart code, or '' when missing or corrupt. */
export const validGuestCode = (value: string): string => (GUEST_CODE.test(value) ? value : '');
