/**
 * Manage account (spec §2, §4, §5): the contact, billing or shipping section, prefilled from
 * `customers/me`; signed-out shoppers go to sign-in. Confirm checks the spec's rules (e-mail with '@' and
 * '.', names and every address field filled in) and Magento's limits on names, telephone and city; a
 * failure says 'Validation failed. Please check the information in the forms.' and says under each field
 * at fault what to change, keeping what was typed. A valid form resolves the
 * country, saves the whole customer with `PUT customers/me` and goes to My Account with 'Your data have
 * been update successfully'; Magento's refusal is shown, the form kept.
 */
import { useState, type SubmitEvent } from 'react';
import { signedInOr } from '../../features/account/session.ts';
import {
  ADDRESS_FIELDS,
  addressProblems,
  contactProblems,
  type FieldProblems,
} from '../../features/account/validation.ts';
import { notify } from '../../features/notify/index.ts';
import { strings } from '../../strings.ts';
import { fetchCountries, fetchCustomer, saveCustomer } from '../../features/account/api.ts';
import {
  addressForm,
  addressUpdate,
  contactForm,
  contactUpdate,
  defaultAddress,
  manageRole,
  type ManageTarget,
} from '../../features/account/customer.ts';
import type { Customer } from '../../magento/wire/customer.ts';
import type { Country } from '../../magento/wire/directory.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { useLoad } from '../../ui/forms/use-load.ts';
import { AddressFields } from '../../ui/forms/AddressFields.tsx';
import { announceProblems, FormError, readFields } from '../../ui/forms/Field.tsx';
import { ACCOUNT_PATH, SIGN_IN_PATH, goTo, leftForSignIn } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import '../../styles/forms.css';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';

const FORM = 'manage';
const ERROR_ID = 'manage-error';
const t = strings.shopper;

const CONTACT_FIELDS = ['email', 'firstname', 'lastname'] as const;

type Role = ReturnType<typeof manageRole>;

interface Loaded {
  customer: Customer;
  countries: Country[];
}

export interface ManageAccountProps {
  target: ManageTarget;
}

/** The whole customer as the form would save it, and what is wrong, field by field. */
function readForm(form: HTMLFormElement, role: Role, { customer, countries }: Loaded) {
  if (role) {
    const address = readFields(form, ADDRESS_FIELDS);
    return { problems: addressProblems(address), body: addressUpdate(customer, role, address, countries) };
  }
  const contact = readFields(form, CONTACT_FIELDS);
  return { problems: contactProblems(contact), body: contactUpdate(customer, contact) };
}

export default function ManageAccount({ target }: ManageAccountProps) {
  const role = manageRole(target);
  const { state, retry } = useLoad(
    async (): Promise<Loaded> => {
      const [customer, countries] = await Promise.all([
        fetchCustomer(),
        role ? fetchCountries() : Promise.resolve<Country[]>([]),
      ]);
      return { customer, countries };
    },
    { guard: signedInOr(SIGN_IN_PATH), signIn: true },
  );
  const [problems, setProblems] = useState<FieldProblems>({});
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status !== 'ready') return;
    const form = event.currentTarget;
    const { problems: found, body } = readForm(form, role, state.value);
    setProblems(found);
    setError('');
    if (announceProblems(form, found)) return;
    if (!start(true)) return;
    try {
      await saveCustomer(body);
      notify(strings.account.updated, 'status', { carryTo: ACCOUNT_PATH });
      goTo(ACCOUNT_PATH);
    } catch (failure) {
      finish();
      if (!leftForSignIn(failure)) setError(problemText(failure));
    }
  }

  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />;

  const common = { form: FORM, problems, errorId: error ? ERROR_ID : undefined };
  return (
    <form className="account-form" id={FORM} method="post" onSubmit={submit} noValidate>
      <ManageFields {...common} role={role} loaded={state.value} />
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

interface FieldsProps {
  form: string;
  problems: FieldProblems;
  errorId: string | undefined;
}

/**
 * An address section's fields side by side; the contact section's e-mail on its own line, then the names
 * side by side.
 */
function ManageFields({ role, loaded, ...common }: FieldsProps & { role: Role; loaded: Loaded }) {
  const { customer, countries } = loaded;
  if (role)
    return (
      <div className="account-form__grid">
        <AddressFields
          {...common}
          fields={ADDRESS_FIELDS}
          values={addressForm(defaultAddress(customer, role), countries)}
        />
      </div>
    );
  const values = contactForm(customer);
  return (
    <>
      <AddressFields {...common} values={values} fields={['email']} />
      <div className="account-form__grid">
        <AddressFields {...common} values={values} fields={['firstname', 'lastname']} />
      </div>
    </>
  );
}
