/**
 * Magento's cart, cart item and totals (CONTRACT.md §6.1, §6.4) as the shop reads them, with the real grand
 * total. The cart and its items as the browser reads them are in shopper-cart.ts (no zod).
 * Prices are Magento's, never a browser's.
 */
import { z } from '../../zod.ts';
import { quoteAddressSchema } from './address.ts';

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

/** The real grand total is the `grand_total` segment (the top-level field is net of tax: CONTRACT.md §6.4). */
export const grandTotal = (totals: Totals): number =>
  totals.total_segments?.find((segment) => segment.code === 'grand_total')?.value ?? totals.grand_total;

/** The cart with what checkout reads of it: the customer, both addresses and the shipping method. */
export const checkoutCartSchema = z
  .object({
    id: z.number(),
    is_active: z.boolean().optional(),
    items: z.array(
      z.object({ sku: z.string(), qty: z.number(), name: z.string().nullable().optional() }).loose(),
    ),
    customer: z.object({ email: z.string().nullable().optional() }).loose().optional(),
    billing_address: quoteAddressSchema.optional(),
    extension_attributes: z
      .object({
        shipping_assignments: z
          .array(
            z
              .object({
                shipping: z
                  .object({
                    address: quoteAddressSchema.optional(),
                    method: z.string().nullable().optional(),
                  })
                  .loose(),
              })
              .loose(),
          )
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type CheckoutCartWire = z.infer<typeof checkoutCartSchema>;

/** Totals with their lines, as the payment bridge itemises them. */
export const checkoutTotalsSchema = totalsSchema.extend({
  items: z
    .array(
      z
        .object({
          qty: z.number(),
          name: z.string().nullable().optional(),
          price_incl_tax: z.number().nullable().optional(),
          price: z.number(),
        })
        .loose(),
    )
    .optional(),
});

/** What `shipping-information` answers (§5.4): the payment methods and the totals with shipping. */
export const paymentDetailsSchema = z
  .object({
    payment_methods: z.array(z.object({ code: z.string(), title: z.string() }).loose()),
    totals: totalsSchema,
  })
  .loose();
