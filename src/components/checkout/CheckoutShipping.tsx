/**
 * `components/checkout/`: the checkout's React islands, one per step: shipping (this file, with its
 * delivery choice: DeliveryChoice, use-delivery.ts, use-shipping.ts), payment (CheckoutPayment, with
 * PayOnAccount for a trade customer), and the outcomes (PaidOrder, FailedPayment, PlacedOnAccount), with the
 * totals they share (Amounts). The cart, payment and order rules live in `features/checkout/`.
 *
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
import { useState } from 'react';
import {
  CHECKOUT_FIELDS,
  CHECKOUT_PATHS,
  type AddressRole,
  type CheckoutAddress,
  type CheckoutField,
} from '../../features/checkout/checkout.ts';
import { checkoutCartOr } from '../../features/checkout/checkout-state.ts';
import { DeliveryChoice } from './DeliveryChoice.tsx';
import { strings } from '../../strings.ts';
import type { Country } from '../../magento/wire/directory.ts';
import { useLoad } from '../../ui/forms/use-load.ts';
import { AddressFields } from '../../ui/forms/AddressFields.tsx';
import { FormError } from '../../ui/forms/Field.tsx';
import type { FieldProblems } from '../../features/account/index.ts';
import '../../styles/forms.css';
import './checkout.css';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { loadForms, nameOf } from './shipping-forms.ts';
import { OTHER_WAY_AT_SHIPPING } from './fulfilment-at-shipping.ts';
import { useConfirm, useShippingDelivery } from './use-shipping.ts';

const FORM = 'checkout';
const ERROR_ID = 'checkout-error';
const COUNTRIES_ID = 'checkout-countries';
const c = strings.checkout;

const HINTS: Partial<Record<CheckoutField, string>> = { email: c.emailHint, telephone: c.telephoneHint };

export default function CheckoutShipping() {
  const { state, retry } = useLoad(loadForms, { guard: checkoutCartOr(CHECKOUT_PATHS.basket), signIn: true });
  const [sameAddress, setSameAddress] = useState(false);
  const forms = state.status === 'ready' ? state.value : undefined;
  const where = useShippingDelivery(forms);
  const other = OTHER_WAY_AT_SHIPPING.use(forms !== undefined, forms?.confirmedOther);
  const collecting = other.chosen;
  const { problems, error, busy, submit } = useConfirm(forms, sameAddress && !collecting, where, other);
  const [now] = useState(() => new Date());

  if (state.status !== 'ready')
    return <LoadStatus state={state} className="checkout-status" text={c.loading} onRetry={retry} />;

  const common = { problems, errorId: error ? ERROR_ID : undefined };
  return (
    <form
      className="account-form checkout-form"
      id={FORM}
      method="post"
      onSubmit={submit}
      onChange={where.changed}
      noValidate
    >
      {/* Hidden, not removed, while collecting: what was typed survives choosing delivery again. */}
      <AddressFieldset {...common} role="shipping" values={state.value.shipping} hidden={collecting} />
      <DeliveryChoice delivery={where.delivery} other={other} form={FORM} now={now} />
      <label className="checkout-same" hidden={collecting}>
        <input
          type="checkbox"
          checked={sameAddress}
          onChange={(event) => setSameAddress(event.currentTarget.checked)}
        />
        {c.copyShipping}
      </label>
      {/* Hidden, not removed: what was typed in the billing form survives ticking the box. */}
      <AddressFieldset
        {...common}
        role="billing"
        values={state.value.billing}
        hidden={sameAddress && !collecting}
      />
      <Countries countries={state.value.countries} />
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

/** The countries the country fields suggest as the shopper types. */
function Countries({ countries }: { countries: readonly Country[] }) {
  return (
    <datalist id={COUNTRIES_ID}>
      {countries.map((country) => (
        <option key={country.id} value={country.full_name_english} />
      ))}
    </datalist>
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
