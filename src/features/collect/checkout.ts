/**
 * Click & collect in the checkout, as the shipping step's island drives it: for each collection point,
 * when the basket could be collected there (`POST /collect/basket`); reserving it at the chosen one
 * (`POST /collect/hold`) or letting the reservation go (`DELETE /collect/hold`); and the shipping
 * information Magento's in-store pickup wants: the point's address as the shipping address, with the
 * billing name, telephone and e-mail, and `extension_attributes.pickup_location_code`, by carrier `instore`
 * and method `pickup` (InventoryInStorePickupQuote checks that the address is the point's).
 */
import { z } from '../../magento/wire/zod.ts';
import { paymentDetailsSchema } from '../../magento/wire/cart.ts';
import { PICKUP_CARRIER, PICKUP_METHOD } from '../../magento/wire/pickup-codes.ts';
import { type CountryName, $signedIn } from '../account/index.ts';
import { $guestCode, asShopper, requireCartPath } from '../cart/index.ts';
import { toQuoteAddress, type CheckoutAddress } from '../checkout/index.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';

export const pointAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  region: z.string().optional(),
  region_id: z.number().optional(),
  country_id: z.string(),
});

export const pointViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  address: pointAddressSchema,
  mapUrl: z.string(),
  hours: z.array(z.string()),
});
export type PointView = z.infer<typeof pointViewSchema>;

const shortLineSchema = z.object({
  sku: z.string(),
  name: z.string(),
  wanted: z.number(),
  free: z.number(),
  text: z.string(),
});
export type ShortLineView = z.infer<typeof shortLineSchema>;

const basketSchema = z.object({
  points: z.array(
    z.object({
      point: pointViewSchema,
      day: z.string().optional(),
      dayText: z.string().optional(),
      short: z.array(shortLineSchema),
    }),
  ),
});
export type BasketAtPoints = z.infer<typeof basketSchema>['points'];

const holdSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('held'),
    until: z.string(),
    day: z.string(),
    dayText: z.string(),
    point: pointViewSchema,
  }),
  z.object({
    kind: z.literal('short'),
    message: z.string(),
    short: z.array(shortLineSchema),
    /** How many of the basket's products the point has (the basket can be split when some). */
    kept: z.number(),
    others: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
]);
export type HoldAnswer = z.infer<typeof holdSchema>;

const guestBody = () => {
  const guestCode = $signedIn.get() ? undefined : $guestCode.get();
  return guestCode ? { guestCode } : {};
};

/** For each point, when the basket could be collected there or what it lacks. */
export const basketAtPoints = (): Promise<BasketAtPoints> =>
  asShopper(() =>
    shopFetch('/collect/basket', { method: 'POST', body: guestBody(), schema: basketSchema }),
  ).then((answer) => answer.points);

/** The basket reserved at `point`, or what cannot be collected there. */
export const holdAt = (point: string): Promise<HoldAnswer> =>
  asShopper(() =>
    shopFetch('/collect/hold', { method: 'POST', body: { point, ...guestBody() }, schema: holdSchema }),
  );

/** The basket's reservation let go: the shopper chose delivery. */
export const releaseHold = (): Promise<unknown> =>
  asShopper(() => shopFetch('/collect/hold', { method: 'DELETE', body: guestBody(), schema: z.unknown() }));

/** "12:40": when a reservation lapses, on the shopper's clock. */
export function untilText(until: string): string {
  const at = new Date(until);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** `POST …/shipping-information` for collection from `point`: its address, the billing form's person. */
export function collectShippingInformation(
  point: PointView,
  billing: CheckoutAddress,
  countries: readonly CountryName[],
) {
  const person = toQuoteAddress(billing, countries);
  const { street, ...where } = point.address;
  return {
    addressInformation: {
      shipping_address: {
        firstname: person.firstname,
        lastname: person.lastname,
        telephone: person.telephone,
        email: person.email,
        ...where,
        street: [street],
        same_as_billing: 0,
        save_in_address_book: 0,
        extension_attributes: { pickup_location_code: point.code },
      },
      billing_address: person,
      shipping_carrier_code: PICKUP_CARRIER,
      shipping_method_code: PICKUP_METHOD,
    },
  };
}

/** Confirm, collecting: the point's address and the billing form saved with Magento's pickup method. */
export async function saveCollection(
  point: PointView,
  billing: CheckoutAddress,
  countries: readonly CountryName[],
): Promise<void> {
  const path = requireCartPath();
  await asShopper(() =>
    shopFetch(`${path}/shipping-information`, {
      method: 'POST',
      body: collectShippingInformation(point, billing, countries),
      schema: paymentDetailsSchema,
    }),
  );
}
