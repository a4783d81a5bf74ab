/**
 * Manage account (spec §2, §4, §5): the contact, billing or shipping section, prefilled from
 * `customers/me`; signed-out shoppers go to sign-in. Confirm checks the spec's rules (e-mail with '@' and
 * '.', names and every address field filled in); a failure says 'Validation failed. Please check the
 * information in the forms.' and marks the fields, keeping what was typed. A valid form resolves the
 * country, saves the whole customer with `PUT customers/me` and goes to My Account with 'Your data have
 * been update successfully'; Magento's refusal is shown, the form kept.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { $signedIn } from '../features/account/session.ts';
import { invalidAddressFields, invalidContactFields } from '../features/account/validation.ts';
import { notify } from '../features/notify/store.ts';
import { strings } from '../strings.ts';
import { fetchCountries, fetchCustomer, saveCustomer } from '../features/account/api.ts';
import {
  addressForm,
  addressUpdate,
  contactForm,
  contactUpdate,
  defaultAddress,
  manageRole,
  type ManageTarget,
} from '../features/account/customer.ts';
import type { Customer } from '../magento/wire/customer.ts';
import type { Country } from '../magento/wire/directory.ts';
import { useBusy } from './shared/use-busy.ts';
import { AddressFields } from './shared/AddressFields.tsx';
import { FormError, readFields } from './shared/Field.tsx';
import { ACCOUNT_PATH, SIGN_IN_PATH, goTo, redirectTo } from './shared/navigation.ts';
import { isSessionOver, problemText } from './shared/problem.ts';
import './account/account.css';
import { LoadFailed, Loading } from './shared/LoadStatus.tsx';

const FORM = 'manage';
const ERROR_ID = 'manage-error';
const t = strings.shopper;

const CONTACT_FIELDS = ['email', 'firstname', 'lastname'] as const;
const ADDRESS_FIELDS = [
  'firstname',
  'lastname',
  'street',
  'city',
  'region',
  'postcode',
  'country',
  'telephone',
] as const;

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; customer: Customer; countries: Country[] };

export interface ManageAccountProps {
  target: ManageTarget;
}

export default function ManageAccount({ target }: ManageAccountProps) {
  const role = manageRole(target);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();

  async function load() {
    setState({ status: 'loading' });
    try {
      const [customer, countries] = await Promise.all([
        fetchCustomer(),
        role ? fetchCountries() : Promise.resolve<Country[]>([]),
      ]);
      setState({ status: 'ready', customer, countries });
    } catch (failure) {
      if (isSessionOver(failure)) redirectTo(SIGN_IN_PATH);
      else setState({ status: 'failed', message: problemText(failure) });
    }
  }

  useEffect(() => {
    if (!$signedIn.get()) redirectTo(SIGN_IN_PATH);
    else void load();
    // Loads once per page; `role` comes from the page and never changes.
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status !== 'ready') return;
    const form = event.currentTarget;
    const { customer, countries } = state;
    let body: Customer;
    let bad: string[];
    if (role) {
      const address = readFields(form, ADDRESS_FIELDS);
      bad = invalidAddressFields(address);
      body = addressUpdate(customer, role, address, countries);
    } else {
      const contact = readFields(form, CONTACT_FIELDS);
      bad = invalidContactFields(contact);
      body = contactUpdate(customer, contact);
    }
    setInvalid(bad);
    setError('');
    if (bad.length > 0) {
      notify(strings.validation.failed, 'alert', { nextPage: false });
      const first = form.elements.namedItem(bad[0] ?? '');
      if (first instanceof HTMLInputElement) first.focus();
      return;
    }
    if (!start(true)) return;
    try {
      await saveCustomer(body);
      notify(strings.account.updated, 'status');
      goTo(ACCOUNT_PATH);
    } catch (failure) {
      finish();
      if (isSessionOver(failure)) redirectTo(SIGN_IN_PATH);
      else setError(problemText(failure));
    }
  }

  if (state.status === 'loading') return <Loading className="account-status" text={t.loading} />;
  if (state.status === 'failed')
    return (
      <LoadFailed
        className="account-status"
        message={state.message}
        retryText={t.retry}
        onRetry={() => void load()}
      />
    );

  const { customer, countries } = state;
  const common = { form: FORM, invalid, errorId: error ? ERROR_ID : undefined };
  const fields = role ? (
    <div className="account-form__grid">
      <AddressFields
        {...common}
        fields={ADDRESS_FIELDS}
        values={addressForm(defaultAddress(customer, role), countries)}
      />
    </div>
  ) : (
    <ContactFields {...common} values={contactForm(customer)} />
  );

  return (
    <form className="account-form" id={FORM} method="post" onSubmit={submit} noValidate>
      {fields}
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <a className="button button--secondary" href={ACCOUNT_PATH}>
          {strings.basket.return}
        </a>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t.saving : strings.basket.confirm}
        </button>
      </div>
    </form>
  );
}

/** The contact form: e-mail on its own line, then the names side by side. */
function ContactFields(props: {
  form: string;
  invalid: readonly string[];
  errorId: string | undefined;
  values: ReturnType<typeof contactForm>;
}) {
  return (
    <>
      <AddressFields {...props} fields={['email']} />
      <div className="account-form__grid">
        <AddressFields {...props} fields={['firstname', 'lastname']} />
      </div>
    </>
  );
}
