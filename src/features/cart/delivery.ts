/**
 * Delivery as Magento offers it for the basket (COMMERCE-BASICS.md §2): the methods its carriers return for
 * an address (`estimate-shipping-methods`, or by a signed-in customer's saved address id), and Magento's
 * totals for a method before it is chosen (`totals-information`, which saves nothing). The basket asks for
 * a UK address (delivery is UK only) and shows the cheapest method with its totals; the shipping step asks
 * for the address typed and lets the shopper choose. Nothing here prices anything: the amounts are
 * Magento's. Read by hand, no zod (the basket page: DESIGN.md §5).
 */
import { PICKUP_CARRIER } from '../../magento/wire/pickup-codes.ts';
import { methodKey, shippingMethodsReader, type ShippingMethod } from '../../magento/wire/shipping-method.ts';
import { totalsReader, type Totals } from '../../magento/wire/shopper-totals.ts';
import { $signedIn } from '../account/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import { asShopper, requireCartPath } from './cart-state.ts';

/** The part of a quote address delivery depends on. */
export interface DeliveryAddress {
  readonly country_id: string;
  readonly postcode?: string;
  readonly region?: string;
  readonly city?: string;
}

/** Where to estimate for: an address as typed, or a signed-in customer's saved address. */
export type DeliveryDestination = { readonly address: DeliveryAddress } | { readonly addressId: number };

/** The basket's estimate: the UK, before any address is known. */
export const UK: { readonly address: DeliveryAddress } = { address: { country_id: 'GB' } };

/**
 * The methods a shopper chooses from: the available ones, cheapest first; where Magento offers one service
 * twice under the same title (standard delivery at its price and, over the threshold, free), only the
 * cheaper is shown.
 */
export function deliveryChoices(methods: readonly ShippingMethod[]): ShippingMethod[] {
  const byTitle = new Map<string, ShippingMethod>();
  for (const method of methods) {
    // Collecting from a point is offered beside delivery (features/collect), not as a delivery method.
    if (!method.available || method.method_code === null || method.carrier_code === PICKUP_CARRIER) continue;
    const title = method.carrier_title || methodKey(method);
    const seen = byTitle.get(title);
    if (!seen || method.amount < seen.amount) byTitle.set(title, method);
  }
  return [...byTitle.values()].sort((a, b) => a.amount - b.amount);
}

/** The methods Magento's carriers offer the basket for `destination`, as Magento answers them. */
export function estimateMethods(destination: DeliveryDestination): Promise<ShippingMethod[]> {
  const path = requireCartPath();
  if ('addressId' in destination && $signedIn.get())
    return asShopper(() =>
      shopFetch(`${path}/estimate-shipping-methods-by-address-id`, {
        method: 'POST',
        body: { addressId: destination.addressId },
        schema: shippingMethodsReader,
      }),
    );
  const { address } = 'address' in destination ? destination : UK;
  return asShopper(() =>
    shopFetch(`${path}/estimate-shipping-methods`, {
      method: 'POST',
      body: { address },
      schema: shippingMethodsReader,
    }),
  );
}

/** Magento's totals for the basket delivered to `address` by `method`, without saving either. */
export function previewTotals(address: DeliveryAddress, method: ShippingMethod): Promise<Totals> {
  const path = requireCartPath();
  return asShopper(() =>
    shopFetch(`${path}/totals-information`, {
      method: 'POST',
      body: {
        addressInformation: {
          address,
          shipping_carrier_code: method.carrier_code,
          shipping_method_code: method.method_code,
        },
      },
      schema: totalsReader,
    }),
  );
}

/** What the basket shows below its lines: the cheapest UK method (none when nothing can deliver) and the totals with it. */
export interface BasketDelivery {
  readonly method: ShippingMethod | undefined;
  readonly choices: readonly ShippingMethod[];
  readonly totals: Totals;
}

export async function basketDelivery(fetchTotals: () => Promise<Totals | null>): Promise<BasketDelivery> {
  const choices = deliveryChoices(await estimateMethods(UK));
  const method = choices[0];
  const totals = method ? await previewTotals(UK.address, method) : await fetchTotals();
  if (!totals) throw new ShopApiError(404, 'Your cart is empty');
  return { method, choices, totals };
}
