/**
 * Rates from the configured carriers for one shipment (`Shipping::collectRates` over the offline carrier
 * models; COMMERCE-BASICS.md §2.3). A carrier that cannot deliver (inactive, another country, too heavy,
 * no table row, under the free-shipping threshold) gives no rate: `showmethod` is 0. Rates come grouped by
 * the carriers' sort order, by price within a carrier (`Address::getGroupedAllShippingRates`).
 */
import { roundMoney } from '../money.ts';
import type { CarrierConfig, CarriersConfig } from './carrier-config.ts';

/** What the carriers are asked about (`RateRequest`). */
export interface RateRequest {
  readonly countryId: string;
  /** Σ product weight × qty, kg. */
  readonly packageWeight: number;
  readonly packageQty: number;
  /** The subtotal after discount (`package_value_with_discount`). */
  readonly packageValueWithDiscount: number;
  /** A cart price rule gives every item free shipping (OfflineShipping's FreeShipping collector). */
  readonly freeShipping: boolean;
  /** A pickup location carries every product of the cart (`PickupLocationsAvailabilityValidator`). */
  readonly pickupAvailable?: boolean;
}

/** One rate (`Quote\Address\Rate`): `carrier_code`_`method_code` is the code a quote's method names. */
export interface Rate {
  readonly carrierCode: string;
  readonly methodCode: string;
  readonly carrierTitle: string;
  readonly methodTitle: string;
  readonly price: number;
}

/** `carrier_method`, e.g. `flatrate_flatrate`, as `shipping_method` and the shipping assignment hold it. */
export const rateCode = (rate: Pick<Rate, 'carrierCode' | 'methodCode'>): string =>
  `${rate.carrierCode}_${rate.methodCode}`;

/** `Shipping & Handling (<carrier title> - <method title>)`'s part in brackets, and the order's description. */
export const rateDescription = (rate: Pick<Rate, 'carrierTitle' | 'methodTitle'>): string =>
  `${rate.carrierTitle} - ${rate.methodTitle}`;

/** `AbstractCarrier::checkAvailableShipCountries`, and the merchant's weight limit. */
function reaches(carrier: CarrierConfig, request: RateRequest): boolean {
  if (!carrier.active) return false;
  if (carrier.model === 'instore') return request.pickupAvailable === true;
  if (carrier.sallowspecific && !carrier.specificcountry.includes(request.countryId)) return false;
  return carrier.maxPackageWeight === undefined || request.packageWeight <= carrier.maxPackageWeight;
}

/** The carrier's price for the request, or undefined when it offers nothing. */
function price(carrier: CarrierConfig, request: RateRequest): number | undefined {
  if (carrier.model === 'instore') {
    // `GetShippingPrice`: the configured price, 0 when every item ships free (`GetFreePackages`).
    return request.freeShipping ? 0 : carrier.price;
  }
  const free = carrier.freeShippingFromRules && request.freeShipping;
  switch (carrier.model) {
    case 'flatrate':
      // `Flatrate::getShippingPrice`: every box free (the rule reached every item) is 0.00.
      if (free) return 0;
      return carrier.type === 'O' ? carrier.price : carrier.price * request.packageQty;
    case 'freeshipping': {
      // `Freeshipping::isFreeShippingRequired`: `subtotal >= null` is true in PHP.
      const threshold = carrier.free_shipping_subtotal;
      return free || threshold === undefined || request.packageValueWithDiscount >= threshold ? 0 : undefined;
    }
    case 'tablerate': {
      const row = carrier.rates
        .filter((rate) => rate.weightFrom <= request.packageWeight)
        .reduce<{ weightFrom: number; price: number } | undefined>(
          (best, rate) => (best && best.weightFrom >= rate.weightFrom ? best : rate),
          undefined,
        );
      if (!row) return undefined;
      return free ? 0 : row.price;
    }
  }
}

/**
 * The method code the model gives its one rate: Table Rates' `bestway`, In-Store Pickup's `pickup`
 * (`InStorePickup::METHOD_CODE`), the others their carrier code.
 */
const methodCode = (code: string, carrier: CarrierConfig): string =>
  carrier.model === 'tablerate' ? 'bestway' : carrier.model === 'instore' ? 'pickup' : code;

/** `InStorePickup::DELIVERY_METHOD`. */
export const IN_STORE_PICKUP = 'instore_pickup';

/** Every rate the configured carriers give this request, in the order Magento lists them. */
export function collectRates(carriers: CarriersConfig, request: RateRequest): Rate[] {
  return Object.entries(carriers)
    .filter(([, carrier]) => reaches(carrier, request))
    .sort(([, a], [, b]) => a.sort_order - b.sort_order)
    .flatMap(([code, carrier]) => {
      const amount = price(carrier, request);
      if (amount === undefined) return [];
      return [
        {
          carrierCode: code,
          methodCode: methodCode(code, carrier),
          carrierTitle: carrier.title,
          methodTitle: carrier.name,
          price: roundMoney(amount),
        },
      ];
    });
}
