/** Magento's customer (`customers/me`, §5.7), parsed loosely so a save sends back every field it was given. */
import { z } from './zod.ts';
import { customerAddressSchema } from './address.ts';

const text = z.string().nullable().optional();

/** Magento sends the default address ids as strings ("88"); accept numbers too. */
const addressId = z.union([z.string(), z.number()]).nullable().optional();

export const customerSchema = z
  .object({
    id: z.number(),
    email: text,
    firstname: text,
    lastname: text,
    website_id: z.number().optional(),
    /** The customer group (General 1; the trade groups: features/trade/trade-groups.server.ts). */
    group_id: z.number().nullable().optional(),
    store_id: z.number().optional(),
    default_billing: addressId,
    default_shipping: addressId,
    addresses: z.array(customerAddressSchema).nullable().optional(),
  })
  .loose();
export type Customer = z.infer<typeof customerSchema>;
