/**
 * The delivery carriers, configured as Magento's `carriers/<code>/<field>` paths configure them
 * (OfflineShipping/etc/config.xml, system.xml): one entry per carrier code, each an instance of one of
 * Magento's three offline carrier models, Flat Rate, Free Shipping and Table Rates (COMMERCE-BASICS.md
 * §2.3). Two fields are not Magento's: `maxPackageWeight` and `freeShippingFromRules` stand in for the
 * merchant's shipping restrictions module, which in a real shop hides a carrier above a weight and
 * keeps a cart rule's free shipping off the carriers it should not reach (as an online carrier without a
 * `free_method` is never made free).
 */
import { z } from 'zod';

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code, e.g. GB');
const money = z.number().min(0, 'must be an amount in pounds, 0 or more');

/** The fields every carrier has (`AbstractCarrier`'s config, and the merchant's restrictions). */
const carrierFields = {
  /** `active`: whether the carrier is offered at all. */
  active: z.boolean(),
  /** `title`: the carrier's title, the first half of "Standard delivery - Standard". */
  title: z.string().min(1, 'must name the carrier for the shopper'),
  /** `name`: the method's title, the second half. */
  name: z.string().min(1, 'must name the method for the shopper'),
  /** `sallowspecific`: false ships to every allowed country, true only to `specificcountry`. */
  sallowspecific: z.boolean(),
  /** `specificcountry`: the countries shipped to when `sallowspecific` is true. */
  specificcountry: z.array(countryCode).readonly(),
  /**
   * `showmethod`: Magento lists a carrier that cannot deliver as an error rate when this is 1; only 0
   * (leave it out) is served here.
   */
  showmethod: z.literal(false, 'only false (0: leave an unavailable carrier out) is served'),
  /** `sort_order`: carriers are listed in this order (then each one's rates by price). */
  sort_order: z.number().int(),
  /** The merchant's restrictions module: not offered for a package heavier than this many kg. */
  maxPackageWeight: z.number().positive().optional(),
  /**
   * The merchant's restrictions module: whether a cart price rule's free shipping (`simple_free_shipping`
   * 1 or 2) makes this carrier free (Flat Rate, Table Rates) or offered (Free Shipping).
   */
  freeShippingFromRules: z.boolean(),
};

/** `Carrier\Flatrate`: one price per order (`type` O) or per item (`type` I). */
export const flatRateCarrier = z.strictObject({
  model: z.literal('flatrate'),
  ...carrierFields,
  type: z.enum(['O', 'I'], 'must be O (per order) or I (per item)'),
  price: money,
});

/** `Carrier\Freeshipping`: offered at 0 from a subtotal after discount, or when a rule makes every item free. */
export const freeShippingCarrier = z.strictObject({
  model: z.literal('freeshipping'),
  ...carrierFields,
  /**
   * `free_shipping_subtotal`: the least subtotal after discount (incl. VAT here: prices include it and
   * tax is 0). Left out, Magento compares with null and offers it on every cart; so does this.
   */
  free_shipping_subtotal: money.optional(),
});

/** `Carrier\Tablerate` with `condition_name` package_weight: the row of the highest weight not above the package's. */
export const tableRateCarrier = z.strictObject({
  model: z.literal('tablerate'),
  ...carrierFields,
  condition_name: z.literal('package_weight', 'only package_weight is served'),
  /** The rate table (Magento's uploaded CSV, one destination): from this weight in kg, this price. */
  rates: z
    .array(z.strictObject({ weightFrom: z.number().min(0), price: money }))
    .min(1)
    .readonly(),
});

/**
 * InventoryInStorePickupShippingApi's `Carrier\InStorePickup` (`carriers/instore/*`, its config.xml's
 * defaults: inactive, "In-Store Pickup Delivery", "Pick in Store", 0.00): one rate, `instore_pickup`, when
 * active and a pickup location carries every product of the cart (PickupLocationsAvailabilityValidator).
 * `sallowspecific` is 0 in its config: it reaches every country. Collected with the others, in
 * `sort_order` (derived: Magento's config.xml gives it none, which sorts it first; the shop places it).
 */
export const inStorePickupCarrier = z.strictObject({
  model: z.literal('instore'),
  active: z.boolean(),
  title: z.string().min(1, 'must name the carrier for the shopper'),
  name: z.string().min(1, 'must name the method for the shopper'),
  price: money,
  /** `specificerrmsg`: shown by Magento only with `showmethod` 1, which is not served (see above). */
  specificerrmsg: z.string(),
  sort_order: z.number().int(),
});

/** `carriers/instore/*` as InventoryInStorePickupShippingApi/etc/config.xml sets them. */
export const INSTORE_DEFAULTS = {
  model: 'instore',
  active: false,
  title: 'In-Store Pickup Delivery',
  name: 'Pick in Store',
  price: 0,
  specificerrmsg: 'In-Store Delivery is not available. To use this delivery method, please contact us.',
  sort_order: 0,
} as const;

export const carrierConfig = z.discriminatedUnion('model', [
  flatRateCarrier,
  freeShippingCarrier,
  tableRateCarrier,
  inStorePickupCarrier,
]);
export type CarrierConfig = z.output<typeof carrierConfig>;

/** Every carrier by its code (`carriers/<code>/…`); the code is the rate's `carrier_code`. */
export const carriersConfig = z.record(
  z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a carrier code'),
  carrierConfig,
);
export type CarriersConfig = z.output<typeof carriersConfig>;

const GB_ONLY = { sallowspecific: true, specificcountry: ['GB'], showmethod: false } as const;

/**
 * The demo shop's delivery (docs/magento.md and the tests rely on it): standard delivery at £4.95 an order, free
 * from £50 (or with a free-delivery code), next working day at £9.95, and anything over 30 kg on a pallet
 * at £49; to Great Britain only.
 */
export const DEMO_CARRIERS: CarriersConfig = {
  flatrate: {
    model: 'flatrate',
    active: true,
    title: 'Standard delivery',
    name: 'Standard',
    ...GB_ONLY,
    sort_order: 1,
    type: 'O',
    price: 4.95,
    maxPackageWeight: 30,
    freeShippingFromRules: true,
  },
  freeshipping: {
    model: 'freeshipping',
    active: true,
    title: 'Standard delivery',
    name: 'Free',
    ...GB_ONLY,
    sort_order: 2,
    free_shipping_subtotal: 50,
    maxPackageWeight: 30,
    freeShippingFromRules: true,
  },
  nextday: {
    model: 'flatrate',
    active: true,
    title: 'Next working day',
    name: 'Order by 2pm',
    ...GB_ONLY,
    sort_order: 3,
    type: 'O',
    price: 9.95,
    maxPackageWeight: 30,
    freeShippingFromRules: false,
  },
  tablerate: {
    model: 'tablerate',
    active: true,
    title: 'Pallet delivery',
    name: 'Pallet',
    ...GB_ONLY,
    sort_order: 4,
    condition_name: 'package_weight',
    // Rows are "from this weight" (decimal(12,4) in Magento): the first gram over 30 kg.
    rates: [{ weightFrom: 30.0001, price: 49 }],
    freeShippingFromRules: false,
  },
  // Click & collect from the shop or the depot (inventory/, seed/pickup-locations.ts).
  instore: {
    ...INSTORE_DEFAULTS,
    active: true,
    title: 'Click & collect',
    name: 'Collect in store',
    sort_order: 5,
  },
};
