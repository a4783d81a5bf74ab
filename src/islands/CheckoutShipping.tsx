/**
 * The shipping step (spec §2, §4, §5): shipping and billing address forms, prefilled from what an earlier
 * Confirm stored on the cart, else from a signed-in customer's default addresses. Without a session or a
 * guest cart the shopper goes to /basket. Confirm checks both forms (e-mail with '@' and '.', names,
 * street, city, region, postcode, country, telephone longer than 8 characters) and Magento's limits on
 * names, telephone and city; a failure says 'Validation failed. Please check the information in the
 * forms.' and says under each field at fault what to change. Below the shipping address, the delivery
 * options Magento offers for it (checkout/DeliveryChoice.tsx: for a signed-in customer's saved address by
 * its id, else for the address as typed, asked again when its country or postcode changes), with Magento's
 * totals for the one chosen. A valid Confirm stores both addresses with the chosen method and goes to
 * payment. Nothing typed is lost on an error.
 */
import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { $signedIn } from '../features/account/session.ts';
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
  type CheckoutField,
  type DeliveryMethodCode,
} from '../features/checkout/checkout.ts';
import {
  checkoutCartOr,
  fetchCheckoutCart,
  saveShippingInformation,
} from '../features/checkout/checkout-state.ts';
import type { DeliveryAddress, DeliveryDestination } from '../features/cart/delivery.ts';
import { resolveCountry } from '../features/account/country.ts';
import { DeliveryChoice } from './checkout/DeliveryChoice.tsx';
import { useDelivery } from './checkout/use-delivery.ts';
import { notify } from '../features/notify/notice-state.ts';
import { strings } from '../strings.ts';
import { fetchCountries, fetchCustomer } from '../features/account/api.ts';
import { addressForm, defaultAddress } from '../features/account/customer.ts';
import type { Country } from '../magento/wire/directory.ts';
import type { ShippingMethod } from '../magento/wire/shipping-method.ts';
import { measureBeginCheckout, measureShippingInfo } from '../features/analytics/checkout-events.ts';
import type { Ga4Item } from '../features/analytics/ga4.ts';
import { useBusy } from './shared/use-busy.ts';
import { useLoad } from './shared/use-load.ts';
import { AddressFields } from './shared/AddressFields.tsx';
import { FormError, focusFirst } from './shared/Field.tsx';
import type { FieldProblems } from '../features/account/validation.ts';
import { Leave, goTo, leftForSignIn } from '../features/navigation.ts';
import { problemText } from '../features/problem.ts';
import './account/account.css';
import '../components/checkout/checkout.css';
import { LoadStatus } from './shared/LoadStatus.tsx';

const FORM = 'checkout';
const ERROR_ID = 'checkout-error';
const COUNTRIES_ID = 'checkout-countries';
const c = strings.checkout;

const HINTS: Partial<Record<CheckoutField, string>> = { email: c.emailHint, telephone: c.telephoneHint };

const nameOf = (role: AddressRole, field: string): string => `${role}_${field}`;

/** One form's problems under the names of its inputs (`billing_city`). */
const problemsOf = (role: AddressRole, address: CheckoutAddress): FieldProblems =>
  Object.fromEntries(
    Object.entries(checkoutProblems(address)).map(([field, problem]) => [nameOf(role, field), problem]),
  );

function readAddress(form: HTMLFormElement, role: AddressRole): CheckoutAddress {
  const data = new FormData(form);
  const address = emptyCheckoutAddress();
  for (const field of CHECKOUT_FIELDS) {
    const value = data.get(nameOf(role, field));
    address[field] = typeof value === 'string' ? value : '';
  }
  return address;
}

interface Forms {
  shipping: CheckoutAddress;
  billing: CheckoutAddress;
  countries: Country[];
  /** The signed-in customer's saved address the shipping form was filled from, by id. */
  savedShippingId: number | undefined;
  /** The delivery method the cart holds from an earlier Confirm (`flatrate_flatrate`), or ''. */
  cartMethod: string;
  /** The cart's lines, as measurement reports them (once their facts are read: checkout-events.ts). */
  items: Promise<Ga4Item[]>;
}

/** How GA4 names the delivery chosen: Magento's method title where known, else its carrier's code. */
const deliveryTier = (method: DeliveryMethodCode | ShippingMethod): string =>
  'method_title' in method && method.method_title ? method.method_title : method.carrier_code;

async function loadForms(): Promise<Forms | Leave> {
  const [cart, countries] = await Promise.all([fetchCheckoutCart(), fetchCountries()]);
  if (!cart || cart.items.length === 0) return new Leave(CHECKOUT_PATHS.basket);
  const items = measureBeginCheckout(cart.items);
  let shipping = fromQuoteAddress(cartShippingAddress(cart), countries);
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
    cartMethod: cartShippingMethod(cart),
    items,
  };
}

/** What delivery depends on in a shipping form, the country resolved; undefined until it names a country. */
function deliveryAddress(
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

const sameWhere = (a: DeliveryAddress | undefined, b: DeliveryAddress | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The shipping form's fields delivery depends on: a change to one asks Magento again. */
const DELIVERY_FIELDS = ['country', 'postcode', 'region', 'city'] as const;
const DELIVERY_DELAY_MS = 400;

export default function CheckoutShipping() {
  const { state, retry } = useLoad(loadForms, { guard: checkoutCartOr(CHECKOUT_PATHS.basket), signIn: true });
  const [problems, setProblems] = useState<FieldProblems>({});
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();
  const [sameAddress, setSameAddress] = useState(false);
  const forms = state.status === 'ready' ? state.value : undefined;
  /** Where the shopper changed the delivery address to since the form was filled (once typing paused). */
  const [edited, setEdited] = useState<DeliveryAddress | undefined>(undefined);
  const typed = edited ?? (forms && deliveryAddress(forms.shipping, forms.countries));
  const [now] = useState(() => new Date());
  const destination: DeliveryDestination | undefined =
    forms?.savedShippingId !== undefined && !edited
      ? { addressId: forms.savedShippingId }
      : typed && { address: typed };
  const delivery = useDelivery(destination, typed, forms?.cartMethod ?? '');
  const pause = useRef<number | undefined>(undefined);

  /** A change to the shipping form's country, postcode, region or city: estimate again once typing pauses. */
  function changed(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target;
    if (!forms || !(target instanceof HTMLInputElement)) return;
    if (!DELIVERY_FIELDS.some((field) => target.name === nameOf('shipping', field))) return;
    const form = event.currentTarget;
    window.clearTimeout(pause.current);
    pause.current = window.setTimeout(() => {
      const address = deliveryAddress(readAddress(form, 'shipping'), forms.countries);
      if (address) setEdited(address);
    }, DELIVERY_DELAY_MS);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status !== 'ready') return;
    const form = event.currentTarget;
    const shipping = readAddress(form, 'shipping');
    const billing = sameAddress ? shipping : readAddress(form, 'billing');
    const found = {
      ...problemsOf('shipping', shipping),
      ...(sameAddress ? {} : problemsOf('billing', billing)),
    };
    const bad = Object.keys(found);
    setProblems(found);
    setError('');
    if (bad.length > 0) {
      notify(strings.validation.failed, 'alert');
      focusFirst(form, bad);
      return;
    }
    if (!start(true)) return;
    try {
      // Confirm pressed before Magento answered for where the form now says: ask it now.
      const where = deliveryAddress(shipping, state.value.countries);
      const stale = !sameWhere(where, typed);
      const asked = stale ? where && { address: where } : destination;
      const method = !stale && delivery.chosen ? delivery.chosen : asked && (await delivery.settle(asked));
      if (!method) {
        finish();
        setError(c.noDelivery);
        return;
      }
      window.clearTimeout(pause.current);
      await saveShippingInformation(shipping, billing, state.value.countries, method);
      await measureShippingInfo(state.value.items, deliveryTier(method));
      goTo(CHECKOUT_PATHS.payment);
    } catch (failure) {
      finish();
      if (!leftForSignIn(failure)) setError(problemText(failure));
    }
  }

  if (state.status !== 'ready')
    return <LoadStatus state={state} className="checkout-status" text={c.loading} onRetry={retry} />;

  const { countries } = state.value;
  const common = { problems, errorId: error ? ERROR_ID : undefined };
  return (
    <form
      className="account-form checkout-form"
      id={FORM}
      method="post"
      onSubmit={submit}
      onChange={changed}
      noValidate
    >
      <AddressFieldset {...common} role="shipping" values={state.value.shipping} />
      <DeliveryChoice delivery={delivery} form={FORM} now={now} />
      <label className="checkout-same">
        <input
          type="checkbox"
          checked={sameAddress}
          onChange={(event) => setSameAddress(event.currentTarget.checked)}
        />
        {c.copyShipping}
      </label>
      {/* Hidden, not removed: what was typed in the billing form survives ticking the box. */}
      <AddressFieldset {...common} role="billing" values={state.value.billing} hidden={sameAddress} />
      <datalist id={COUNTRIES_ID}>
        {countries.map((country) => (
          <option key={country.id} value={country.full_name_english} />
        ))}
      </datalist>
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <a className="button button--secondary" href={CHECKOUT_PATHS.basket}>
          {strings.basket.return}
        </a>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? c.saving : strings.basket.confirm}
        </button>
      </div>
    </form>
  );
}

interface AddressFieldsetProps {
  role: AddressRole;
  values: CheckoutAddress;
  problems: FieldProblems;
  errorId: string | undefined;
  hidden?: boolean;
}

/** One address form of the step: its legend, and every field named after the role (`billing_city`). */
function AddressFieldset({ role, values, problems, errorId, hidden = false }: AddressFieldsetProps) {
  return (
    <fieldset className="checkout-address" hidden={hidden}>
      <legend>{role === 'shipping' ? c.shippingAddress : c.billingAddress}</legend>
      <div className="account-form__grid">
        <AddressFields
          form={FORM}
          fields={CHECKOUT_FIELDS}
          values={values}
          problems={problems}
          errorId={errorId}
          nameOf={(field) => nameOf(role, field)}
          hints={{ className: 'checkout-field', hintClassName: 'checkout-hint', texts: HINTS }}
          countries={COUNTRIES_ID}
        />
      </div>
    </fieldset>
  );
}
