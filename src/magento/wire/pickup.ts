/**
 * Magento MSI's in-store pickup as the storefront server reads it (magento/inventory 1.2,
 * `InventoryInStorePickupApi`, `InventoryApi`): the pickup locations of a website's stock
 * (`GET /V1/inventory/in-store-pickup/pickup-locations/`, anonymous), the quantities of its sources
 * (`GET /V1/inventory/source-items`, integration token), and the order fields the pickup modules add
 * (`extension_attributes.pickup_location_code`, `notification_sent`). Magento leaves null fields out, so
 * every optional field is read as possibly missing or null.
 */
import { z } from 'zod';

const text = z.string().nullish();

/** `PickupLocationInterface` (name and description are the source's frontend ones when set). */
export const pickupLocationSchema = z
  .object({
    pickup_location_code: z.string().min(1),
    name: text,
    email: text,
    contact_name: text,
    description: text,
    latitude: z.number().nullish(),
    longitude: z.number().nullish(),
    country_id: text,
    region_id: z.number().nullish(),
    region: text,
    city: text,
    street: text,
    postcode: text,
    phone: text,
  })
  .loose();
export type PickupLocation = z.infer<typeof pickupLocationSchema>;

/** `SearchResultInterface` of pickup locations. */
export const pickupLocationsSchema = z
  .object({ items: z.array(pickupLocationSchema), total_count: z.number() })
  .loose();

/** `SourceItemInterface`: `status` 1 is in stock, 0 out of stock whatever the quantity. */
export const sourceItemSchema = z
  .object({
    sku: z.string(),
    source_code: z.string(),
    quantity: z.number(),
    status: z.number(),
  })
  .loose();

export const sourceItemsSchema = z
  .object({ items: z.array(sourceItemSchema), total_count: z.number() })
  .loose();

/**
 * An order as the pickup modules extend it: where it is collected, whether the shopper was told it is ready,
 * and what of it has been shipped (to the counter, for a pickup order).
 */
export const pickupOrderSchema = z
  .object({
    entity_id: z.number(),
    state: text,
    status: text,
    items: z.array(z.object({ qty_shipped: z.number().nullish() }).loose()).nullish(),
    extension_attributes: z
      .object({
        pickup_location_code: text,
        notification_sent: z.number().nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose();

export type PickupOrder = z.infer<typeof pickupOrderSchema>;

export const pickupOrdersSchema = z
  .object({ items: z.array(pickupOrderSchema), total_count: z.number() })
  .loose();

export { PICKUP_CARRIER, PICKUP_METHOD, PICKUP_SHIPPING_METHOD } from './pickup-codes.ts';
