/**
 * Magento's two address shapes: a quote address (CONTRACT.md §6.3: flat region, every getter possibly null
 * on an empty address) and a customer's saved address (§5.8: the region as an object).
 */
import { z } from './zod.ts';

const text = z.string().nullable().optional();

/** A quote address (§6.3): flat region, every getter possibly null on an empty address. */
export const quoteAddressSchema = z
  .object({
    firstname: text,
    lastname: text,
    street: z.array(z.string().nullable()).nullable().optional(),
    city: text,
    postcode: text,
    country_id: text,
    region: text,
    region_code: text,
    telephone: text,
    email: text,
    /** MSI's in-store pickup: the pickup location the quote is collected from. */
    extension_attributes: z.object({ pickup_location_code: text }).loose().nullable().optional(),
  })
  .loose();
export type QuoteAddress = z.infer<typeof quoteAddressSchema>;

export const regionSchema = z
  .object({
    region: text,
    region_code: text,
    region_id: z.number().nullable().optional(),
  })
  .loose();
export type Region = z.infer<typeof regionSchema>;

export const customerAddressSchema = z
  .object({
    /** Present on saved addresses; a new address has none. */
    id: z.number().optional(),
    customer_id: z.number().optional(),
    /** Customer addresses carry the region as an object (CONTRACT.md §5.8). */
    region: regionSchema.nullable().optional(),
    region_id: z.number().nullable().optional(),
    country_id: z.string(),
    street: z.array(z.string()).nullable().optional(),
    telephone: text,
    postcode: text,
    city: text,
    firstname: text,
    lastname: text,
    /** Present only when true. */
    default_shipping: z.boolean().optional(),
    default_billing: z.boolean().optional(),
  })
  .loose();
export type CustomerAddress = z.infer<typeof customerAddressSchema>;
