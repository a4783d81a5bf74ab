/**
 * Create account (spec §2, §4, §5, §7): every field required (the browser checks, with e-mail and
 * telephone input types), then Magento's limits (names, telephone, city, the e-mail's local part, the
 * password's length), each refused field saying under it what to change before anything is sent; the
 * country text is resolved to a code against Magento's country list; the account is created with a
 * default shipping and a default billing address, subscribed. Success says 'Your account has been
 * successfully created!' on the sign-in page; a refusal shows Magento's message (e-mail already used,
 * password too weak, a limit the form does not check) and keeps everything typed.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { notify } from '../../features/notify/index.ts';
import { strings } from '../../strings.ts';
import { createCustomer, fetchCountries } from '../../features/account/api.ts';
import { newAccountBody } from '../../features/account/customer.ts';
import type { Country } from '../../magento/wire/directory.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { fieldsOf, FormError, focusFirst, readFields } from '../../ui/forms/Field.tsx';
import { newAccountProblems, type FieldProblems } from '../../features/account/validation.ts';
import { SIGN_IN_PATH, goTo } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import { useHydrated } from '../../ui/forms/use-hydrated.ts';
import '../../styles/forms.css';

const FORM = 'create-account';
const ERROR_ID = 'create-account-error';
const COUNTRY_LIST = 'create-account-countries';
const t = strings.shopper;

const FIELDS = [
  'email',
  'firstname',
  'lastname',
  'postcode',
  'street',
  'city',
  'region',
  'country',
  'telephone',
  'password',
] as const;

/** Magento's countries, for the country field's suggestions; empty until read. */
function useCountries(): Country[] {
  const [countries, setCountries] = useState<Country[]>([]);
  useEffect(() => {
    // Only for the suggestions list; a failure here is retried (and reported) on submit.
    fetchCountries().then(setCountries, () => undefined);
  }, []);
  return countries;
}

/** The form's checks, then the account created and the shopper sent to sign in; or why not. */
function useCreateAccount() {
  const [error, setError] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const { busy, start, finish } = useBusy();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readFields(form, FIELDS);
    const found: FieldProblems = newAccountProblems(values);
    const bad = FIELDS.filter((name) => name in found);
    setProblems(found);
    if (bad.length > 0) {
      setError('');
      focusFirst(form, bad);
      return;
    }
    if (!start(true)) return;
    setError('');
    try {
      const list = await fetchCountries();
      await createCustomer(newAccountBody(values, list));
      notify(strings.account.created, 'status', { carryTo: SIGN_IN_PATH });
      goTo(SIGN_IN_PATH);
    } catch (failure) {
      finish();
      setError(problemText(failure));
    }
  }

  return { error, problems, busy, submit };
}

export default function CreateAccountForm() {
  const hydrated = useHydrated();
  const countries = useCountries();
  const { error, problems, busy, submit } = useCreateAccount();

  const field = fieldsOf(FORM, problems, error ? ERROR_ID : undefined);

  return (
    <form className="account-form" id={FORM} method="post" onSubmit={submit}>
      <p>{t.createAccountIntro}</p>
      {field('email', t.email, { type: 'email', autoComplete: 'email' })}
      <div className="account-form__grid">
        {field('firstname', t.firstname, { autoComplete: 'given-name' })}
        {field('lastname', t.lastname, { autoComplete: 'family-name' })}
        {field('postcode', t.postcode, { autoComplete: 'postal-code' })}
        {field('street', t.street, { autoComplete: 'address-line1' })}
        {field('city', t.city, { autoComplete: 'address-level2' })}
        {field('region', t.region, { autoComplete: 'address-level1' })}
        {field('country', t.country, { autoComplete: 'country-name', list: COUNTRY_LIST })}
        {field('telephone', t.telephone, { type: 'tel', autoComplete: 'tel' })}
      </div>
      {field('password', t.password, { type: 'password', autoComplete: 'new-password' })}
      <datalist id={COUNTRY_LIST}>
        {countries.map((country) => (
          <option key={country.id} value={country.full_name_english} />
        ))}
      </datalist>
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={!hydrated} aria-disabled={busy || undefined}>
          {busy ? t.creating : t.submit}
        </button>
      </div>
    </form>
  );
}
