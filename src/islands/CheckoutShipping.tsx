/**
 * The shipping step (spec §2, §4, §5): shipping and billing address forms, prefilled from what an earlier
 * Confirm stored on the cart, else from a signed-in customer's default addresses. Without a session or a
 * guest cart the shopper goes to /basket. Confirm checks both forms (e-mail with '@' and '.', names,
 * street, city, region, postcode, country, telephone longer than 8 characters); a failure says
 * 'Validation failed. Please check the information in the forms.' and marks the fields. A valid Confirm
 * stores both addresses with the flat-rate method and goes to payment. Nothing typed is lost on an error.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { $signedIn } from '../features/account/session.ts';
import {
  CHECKOUT_FIELDS,
  CHECKOUT_PATHS,
  cartShippingAddress,
  emptyCheckoutAddress,
  fromQuoteAddress,
  fromSavedAddress,
  invalidCheckoutFields,
  type AddressRole,
  type CheckoutAddress,
  type CheckoutField,
} from '../features/checkout/checkout.ts';
import { fetchCheckoutCart, hasCheckoutCart, saveShippingInformation } from '../features/checkout/store.ts';
import { notify } from '../features/notify/store.ts';
import { strings } from '../strings.ts';
import { fetchCountries, fetchCustomer } from '../features/account/api.ts';
import { addressForm, defaultAddress } from '../features/account/customer.ts';
import type { Country } from '../magento/wire/directory.ts';
import { useBusy } from './shared/use-busy.ts';
import { AddressFields } from './shared/AddressFields.tsx';
import { FormError } from './shared/Field.tsx';
import { SIGN_IN_PATH, goTo, redirectTo } from './shared/navigation.ts';
import { isSessionOver, problemText } from './shared/problem.ts';
import './account/account.css';
import '../features/checkout/checkout.css';
import { LoadFailed, Loading } from './shared/LoadStatus.tsx';

const FORM = 'checkout';
const ERROR_ID = 'checkout-error';
const COUNTRIES_ID = 'checkout-countries';
const t = strings.shopper;
const c = strings.checkout;

const HINTS: Partial<Record<CheckoutField, string>> = { email: c.emailHint, telephone: c.telephoneHint };

const nameOf = (role: AddressRole, field: CheckoutField): string => `${role}_${field}`;

function readAddress(form: HTMLFormElement, role: AddressRole): CheckoutAddress {
  const data = new FormData(form);
  const address = emptyCheckoutAddress();
  for (const field of CHECKOUT_FIELDS) {
    const value = data.get(nameOf(role, field));
    address[field] = typeof value === 'string' ? value : '';
  }
  return address;
}

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; shipping: CheckoutAddress; billing: CheckoutAddress; countries: Country[] };

async function loadForms(): Promise<State | 'no-cart'> {
  const [cart, countries] = await Promise.all([fetchCheckoutCart(), fetchCountries()]);
  if (!cart || cart.items.length === 0) return 'no-cart';
  let shipping = fromQuoteAddress(cartShippingAddress(cart), countries);
  let billing = fromQuoteAddress(cart.billing_address, countries);
  if ((!shipping || !billing) && $signedIn.get()) {
    const customer = await fetchCustomer();
    const email = customer.email ?? '';
    shipping ??= fromSavedAddress(addressForm(defaultAddress(customer, 'shipping'), countries), email);
    billing ??= fromSavedAddress(addressForm(defaultAddress(customer, 'billing'), countries), email);
  }
  return {
    status: 'ready',
    shipping: shipping ?? emptyCheckoutAddress(),
    billing: billing ?? emptyCheckoutAddress(),
    countries,
  };
}

export default function CheckoutShipping() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();
  const [sameAddress, setSameAddress] = useState(false);

  async function load() {
    setState({ status: 'loading' });
    try {
      const loaded = await loadForms();
      if (loaded === 'no-cart') redirectTo(CHECKOUT_PATHS.basket);
      else setState(loaded);
    } catch (failure) {
      if (isSessionOver(failure)) redirectTo(SIGN_IN_PATH);
      else setState({ status: 'failed', message: problemText(failure) });
    }
  }

  useEffect(() => {
    if (!hasCheckoutCart()) redirectTo(CHECKOUT_PATHS.basket);
    else void load();
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status !== 'ready') return;
    const form = event.currentTarget;
    const shipping = readAddress(form, 'shipping');
    const billing = sameAddress ? shipping : readAddress(form, 'billing');
    const bad = [
      ...invalidCheckoutFields(shipping).map((field) => nameOf('shipping', field as CheckoutField)),
      ...(sameAddress
        ? []
        : invalidCheckoutFields(billing).map((field) => nameOf('billing', field as CheckoutField))),
    ];
    setInvalid(bad);
    setError('');
    if (bad.length > 0) {
      notify(strings.validation.failed, 'alert');
      const first = form.elements.namedItem(bad[0] ?? '');
      if (first instanceof HTMLInputElement) first.focus();
      return;
    }
    if (!start(true)) return;
    try {
      await saveShippingInformation(shipping, billing, state.countries);
      goTo(CHECKOUT_PATHS.payment);
    } catch (failure) {
      finish();
      if (isSessionOver(failure)) redirectTo(SIGN_IN_PATH);
      else setError(problemText(failure));
    }
  }

  if (state.status === 'loading') return <Loading className="checkout-status" text={c.loading} />;
  if (state.status === 'failed')
    return (
      <LoadFailed
        className="checkout-status"
        message={state.message}
        retryText={t.retry}
        onRetry={() => void load()}
      />
    );

  const fieldset = (role: AddressRole, values: CheckoutAddress, hidden = false) => (
    <fieldset className="checkout-address" hidden={hidden}>
      <legend>{role === 'shipping' ? c.shippingAddress : c.billingAddress}</legend>
      <div className="account-form__grid">
        <AddressFields
          form={FORM}
          fields={CHECKOUT_FIELDS}
          values={values}
          invalid={invalid}
          errorId={error ? ERROR_ID : undefined}
          nameOf={(field) => nameOf(role, field)}
          hints={{ className: 'checkout-field', hintClassName: 'checkout-hint', texts: HINTS }}
          countries={COUNTRIES_ID}
        />
      </div>
    </fieldset>
  );

  return (
    <form className="account-form checkout-form" id={FORM} method="post" onSubmit={submit} noValidate>
      {fieldset('shipping', state.shipping)}
      <label className="checkout-same">
        <input
          type="checkbox"
          checked={sameAddress}
          onChange={(event) => setSameAddress(event.currentTarget.checked)}
        />
        {c.copyShipping}
      </label>
      {/* Hidden, not removed: what was typed in the billing form survives ticking the box. */}
      {fieldset('billing', state.billing, sameAddress)}
      <datalist id={COUNTRIES_ID}>
        {state.countries.map((country) => (
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
