/**
 * What the shipping step's two address forms start from and how they read: the cart's addresses from an
 * earlier Confirm, else a signed-in customer's default ones (`loadForms`); each field named after its
 * form's role (`billing_city`); and where delivery is estimated for, worked out from the shipping form.
 */
import {
  $signedIn,
  resolveCountry,
  fetchCountries,
  fetchCustomer,
  addressForm,
  defaultAddress,
  type FieldProblems,
} from '../../features/account/index.ts';
import {
  CHECKOUT_FIELDS,
  CHECKOUT_PATHS,
  cartShippingAddress,
  cartShippingMethod,
  emptyCheckoutAddress,
  fromQuoteAddress,
  fromSavedAddress,
  checkoutProblems,
  type AddressRole,
  type CheckoutAddress,
  type DeliveryMethodCode,
} from '../../features/checkout/checkout.ts';
import { fetchCheckoutCart } from '../../features/checkout/checkout-state.ts';
import { OTHER_WAY_AT_SHIPPING } from './fulfilment-at-shipping.ts';
import type { DeliveryAddress } from '../../features/cart/index.ts';
import type { Country } from '../../magento/wire/directory.ts';
import type { ShippingMethod } from '../../magento/wire/shipping-method.ts';
import { measureBeginCheckout, type Ga4Item } from '../../features/analytics/index.ts';
import { Leave } from '../../shop-api/navigation.ts';

export const nameOf = (role: AddressRole, field: string): string => `${role}_${field}`;

/** One form's problems under the names of its inputs (`billing_city`). */
export const problemsOf = (role: AddressRole, address: CheckoutAddress): FieldProblems =>
  Object.fromEntries(
    Object.entries(checkoutProblems(address)).map(([field, problem]) => [nameOf(role, field), problem]),
  );

export function readAddress(form: HTMLFormElement, role: AddressRole): CheckoutAddress {
  const data = new FormData(form);
  const address = emptyCheckoutAddress();
  for (const field of CHECKOUT_FIELDS) {
    const value = data.get(nameOf(role, field));
    address[field] = typeof value === 'string' ? value : '';
  }
  return address;
}

export interface Forms {
  shipping: CheckoutAddress;
  billing: CheckoutAddress;
  countries: Country[];
  /** The signed-in customer's saved address the shipping form was filled from, by id. */
  savedShippingId: number | undefined;
  /** The delivery method the cart holds from an earlier Confirm (`flatrate_flatrate`), or ''. */
  cartMethod: string;
  /**
   * What an earlier Confirm chose of the other way to fulfil it (the point to collect from, whose address
   * is then the cart's shipping one); undefined when it is delivered.
   */
  confirmedOther: string | undefined;
  /** The cart's lines, as measurement reports them (once their facts are read: checkout-events.ts). */
  items: Promise<Ga4Item[]>;
}

/** How GA4 names the delivery chosen: Magento's method title where known, else its carrier's code. */
export const deliveryTier = (method: DeliveryMethodCode | ShippingMethod): string =>
  'method_title' in method && method.method_title ? method.method_title : method.carrier_code;

export async function loadForms(): Promise<Forms | Leave> {
  const [cart, countries] = await Promise.all([fetchCheckoutCart(), fetchCountries()]);
  if (!cart || cart.items.length === 0) return new Leave(CHECKOUT_PATHS.basket);
  const items = measureBeginCheckout(cart.items);
  // A cart confirmed for collection holds the point's address: not the shopper's to deliver to.
  const confirmedOther = OTHER_WAY_AT_SHIPPING.confirmedIn(cart);
  let shipping = confirmedOther ? undefined : fromQuoteAddress(cartShippingAddress(cart), countries);
  let billing = fromQuoteAddress(cart.billing_address, countries);
  let savedShippingId: number | undefined;
  if ((!shipping || !billing) && $signedIn.get()) {
    const customer = await fetchCustomer();
    const email = customer.email ?? '';
    if (!shipping) {
      const saved = defaultAddress(customer, 'shipping');
      savedShippingId = typeof saved?.id === 'number' ? saved.id : undefined;
      shipping = fromSavedAddress(addressForm(saved, countries), email);
    }
    billing ??= fromSavedAddress(addressForm(defaultAddress(customer, 'billing'), countries), email);
  }
  return {
    shipping: shipping ?? emptyCheckoutAddress(),
    billing: billing ?? emptyCheckoutAddress(),
    countries,
    savedShippingId,
    cartMethod: confirmedOther ? '' : cartShippingMethod(cart),
    confirmedOther,
    items,
  };
}

/** What delivery depends on in a shipping form, the country resolved; undefined until it names a country. */
export function deliveryAddress(
  address: Pick<CheckoutAddress, 'country' | 'postcode' | 'region' | 'city'>,
  countries: readonly Country[],
): DeliveryAddress | undefined {
  const country = resolveCountry(address.country, countries);
  if (!country) return undefined;
  return {
    country_id: country,
    postcode: address.postcode.trim(),
    region: address.region.trim(),
    city: address.city.trim(),
  };
}

export const sameWhere = (a: DeliveryAddress | undefined, b: DeliveryAddress | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
