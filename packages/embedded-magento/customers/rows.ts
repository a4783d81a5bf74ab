/** The customer tables' rows as the customer code reads them, and the JSON a customer address keeps. */
import { z } from 'zod';
import { sqlNumber } from '../db.ts';
import { jsonRecord } from '../json.ts';

export const customerRow = z.object({
  id: sqlNumber,
  email: z.string(),
  website_id: sqlNumber,
  store_id: sqlNumber,
  group_id: sqlNumber,
  firstname: z.string(),
  lastname: z.string(),
  password_hash: z.string().nullable(),
  default_billing: sqlNumber.nullable(),
  default_shipping: sqlNumber.nullable(),
  is_subscribed: sqlNumber,
  extra: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomerRow = z.output<typeof customerRow>;

export const customerLogin = customerRow.pick({ id: true, password_hash: true });
export type CustomerLogin = z.output<typeof customerLogin>;

/** A customer address: its stored JSON `data` (`storedAddress`). */
export const customerAddressRow = z.object({ id: sqlNumber, customer_id: sqlNumber, data: z.string() });
export type CustomerAddressRow = z.output<typeof customerAddressRow>;
export const customerAddressId = customerAddressRow.pick({ id: true });

/** The stored part of a customer address (everything but id, customer id and default flags). */
export const storedAddress = z.object({
  region: z.object({
    region_code: z.string().nullable(),
    region: z.string().nullable(),
    region_id: z.number(),
  }),
  country_id: z.string(),
  street: z.array(z.string()),
  company: z.string().optional(),
  telephone: z.string().optional(),
  fax: z.string().optional(),
  postcode: z.string().optional(),
  city: z.string().optional(),
  firstname: z.string(),
  lastname: z.string(),
  middlename: z.string().optional(),
  prefix: z.string().optional(),
  suffix: z.string().optional(),
  vat_id: z.string().optional(),
});
export type StoredAddress = z.infer<typeof storedAddress>;

/**
 * A saved customer address as a quote or an order address holds it: the region flat (`region`,
 * `region_id`, `region_code`) instead of the customer address's `region` object.
 */
export function flatAddress(row: Pick<CustomerAddressRow, 'data'>) {
  const { region, ...rest } = storedAddress.parse(jsonRecord(row.data));
  return {
    ...rest,
    ...(region.region === null ? {} : { region: region.region }),
    region_id: region.region_id,
    ...(region.region_code === null ? {} : { region_code: region.region_code }),
  };
}
