/**
 * Magento's carrier and method of in-store pickup (`InStorePickup::DELIVERY_METHOD`), apart from the wire
 * schemas so the basket's browser code can name them without bundling zod.
 */
export const PICKUP_CARRIER = 'instore';
export const PICKUP_METHOD = 'pickup';
export const PICKUP_SHIPPING_METHOD = `${PICKUP_CARRIER}_${PICKUP_METHOD}`;
