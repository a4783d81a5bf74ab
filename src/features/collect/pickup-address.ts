/**
 * Whether a cart's shipping address is its collection point's, as Magento decides it when the order is
 * placed (magento/inventory, InventoryInStorePickupQuote's `IsPickupLocationShippingAddress`, called by
 * `InStorePickupQuoteValidationRule`): the point's country, region, region id, city, street (lines joined
 * by a line break) and postcode, not the billing address, not one to keep in an address book and no saved
 * address of the customer's, each compared with PHP's `!=`. Saving the shipping information does not
 * check it, so a basket can reach the payment step with any street: the shop checks it before any payment
 * starts, rather than hear Magento refuse the order after the money is taken.
 */
import { z } from 'zod';
import type { PointAddress } from './points.server.ts';

const scalar = z.union([z.string(), z.number(), z.boolean()]).nullish();

/** The fields compared, as Magento's cart answers its shipping address (`AddressInterface`). */
const cartAddressSchema = z
  .object({
    street: z.array(z.string().nullable()).nullish(),
    city: scalar,
    postcode: scalar,
    country_id: scalar,
    region: scalar,
    region_id: scalar,
    same_as_billing: scalar,
    save_in_address_book: scalar,
    customer_address_id: scalar,
  })
  .loose();

type Scalar = z.infer<typeof scalar>;

/** PHP's `(bool)`: false, 0, '' and '0' are false. */
const truthy = (value: Scalar): boolean =>
  !(value === null || value === undefined || value === false || value === 0 || value === '' || value === '0');

const numeric = (value: Scalar): value is number | string =>
  typeof value === 'number' ||
  (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/** PHP 8's `==` between two scalars (null equals false, 0 and ''; numeric strings compare as numbers). */
export function phpLooseEquals(a: Scalar, b: Scalar): boolean {
  if (a === null || a === undefined || b === null || b === undefined)
    return !truthy(a) && !truthy(b) && a !== '0' && b !== '0';
  if (typeof a === 'boolean' || typeof b === 'boolean') return truthy(a) === truthy(b);
  if (numeric(a) && numeric(b)) return Number(a) === Number(b);
  return String(a) === String(b);
}

/** Whether `address` (a cart's shipping address, as read from Magento) is the point's. */
export function isPointAddress(point: PointAddress, address: unknown): boolean {
  const read = cartAddressSchema.safeParse(address);
  if (!read.success) return false;
  const sent = read.data;
  const pairs: [Scalar, Scalar][] = [
    [sent.same_as_billing, false],
    [sent.save_in_address_book, false],
    [sent.customer_address_id, null],
    [sent.country_id, point.country_id],
    [sent.region, point.region],
    [sent.region_id, point.region_id],
    [sent.city, point.city],
    [sent.street?.join('\n'), point.street],
    [sent.postcode, point.postcode],
  ];
  return pairs.every(([have, want]) => phpLooseEquals(have, want));
}
