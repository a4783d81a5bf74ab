/**
 * Magento's cart and totals (CONTRACT.md §6.1, §6.4) with zod, as checkout (its islands and the payment
 * bridge on the server) reads them. The basket badge, add to cart and the basket page read the cart and
 * the totals by hand, with no zod: shopper-cart.ts and shopper-totals.ts (whose `grandTotal` both use).
 * Prices are Magento's, never a browser's.
 */
import { z } from './zod.ts';
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

/** The cart with what checkout reads of it: the customer, both addresses and the shipping method. */
export const checkoutCartSchema = z
  .object({
    id: z.number(),
    is_active: z.boolean().optional(),
    items: z.array(
      z
        .object({
          sku: z.string(),
          qty: z.number(),
          name: z.string().nullable().optional(),
          price: z.number().nullable().optional(),
        })
        .loose(),
    ),
    /** The cart's customer: `id` for a customer's cart, none for a guest's. */
    customer: z
      .object({ id: z.number().optional(), email: z.string().nullable().optional() })
      .loose()
      .optional(),
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
