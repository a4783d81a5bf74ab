/**
 * Registering a company (issue 68, /company/register): the company's names, e-mail, VAT number (checked as a
 * trade application's), registration number and legal address; a guest also gives the administrator's
 * names, e-mail and password, a signed-in customer becomes the administrator themselves. Each field at
 * fault says under it what to change before anything is sent (the server runs the same checks); a refusal
 * shows above the button and keeps everything typed. Once sent, the company waits for the merchant.
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import { useStore } from '@nanostores/react';
import { $signedIn } from '../../features/account/index.ts';
import {
  companyTexts as t,
  REGISTER_PAGE,
  REGISTRATION_FIELDS,
  registerCompany,
  registrationProblems,
  type Registration,
  type RegistrationField,
  returnHereAfterSignIn,
} from '../../features/company/index.ts';
import { SIGN_IN_PATH as SIGN_IN_PAGE } from '../../shop-api/navigation.ts';
import { vatNumberTexts } from '../../strings.ts';
import { problemText } from '../../shop-api/problem.ts';
import { fieldsOf, focusFirst, FormError, readFields, type FieldProps } from '../../ui/forms/Field.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { useHydrated } from '../../ui/forms/use-hydrated.ts';
import '../../styles/forms.css';
import './company.css';

const FORM = 'company-register';
const ERROR_ID = 'company-register-error';
type FieldOf = (name: RegistrationField, label: string, extra?: Partial<FieldProps>) => ReactElement;

function CompanyFields({ field }: { field: FieldOf }) {
  return (
    <fieldset>
      <legend>{t.profile}</legend>
      {field('companyName', t.companyName, { autoComplete: 'organization' })}
      {field('legalName', t.legalName, { optional: true, autoComplete: 'off' })}
      {field('companyEmail', t.companyEmail, { type: 'email', autoComplete: 'off' })}
      {field('vatNumber', vatNumberTexts.label, {
        optional: true,
        hint: vatNumberTexts.hint,
        autoComplete: 'off',
      })}
      {field('registrationNumber', t.registrationNumber, { optional: true, autoComplete: 'off' })}
    </fieldset>
  );
}

function AddressFields({ field }: { field: FieldOf }) {
  return (
    <fieldset>
      <legend>{t.legalAddress}</legend>
      {field('street', t.addressLine, { autoComplete: 'address-line1' })}
      {field('street2', t.addressLine2, { optional: true, autoComplete: 'address-line2' })}
      {field('city', t.city, { autoComplete: 'address-level2' })}
      {field('county', t.county, { optional: true, autoComplete: 'address-level1' })}
      {field('postcode', t.postcode, { autoComplete: 'postal-code' })}
      {field('telephone', t.telephone, { type: 'tel', autoComplete: 'tel' })}
    </fieldset>
  );
}

function AdminFields({ field, signedIn }: { field: FieldOf; signedIn: boolean }) {
  return (
    <fieldset>
      <legend>{t.adminDetails}</legend>
      {!signedIn && field('firstname', t.firstname, { autoComplete: 'given-name' })}
      {!signedIn && field('lastname', t.lastname, { autoComplete: 'family-name' })}
      {!signedIn && field('email', t.email, { type: 'email', autoComplete: 'email' })}
      {!signedIn && field('password', t.password, { type: 'password', autoComplete: 'new-password' })}
      {field('jobTitle', t.jobTitle, { optional: true, autoComplete: 'organization-title' })}
    </fieldset>
  );
}

export default function RegisterCompanyForm() {
  const hydrated = useHydrated();
  const signedIn = useStore($signedIn) && hydrated;
  const [problems, setProblems] = useState<Partial<Record<RegistrationField, string>>>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const { busy, start, finish } = useBusy();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values: Registration = readFields(form, REGISTRATION_FIELDS);
    const found = registrationProblems(values, signedIn);
    setProblems(found);
    setError('');
    if (Object.keys(found).length > 0) return focusFirst(form, Object.keys(found));
    if (!start(true)) return;
    try {
      await registerCompany(values);
      setDone(true);
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      finish();
    }
  }

  if (done)
    return (
      <p className="account-notice" role="status">
        {t.registered}
      </p>
    );
  const field: FieldOf = fieldsOf(FORM, problems, error ? ERROR_ID : undefined);
  return (
    <form
      className="account-form"
      id={FORM}
      method="post"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <p>{t.registerIntro}</p>
      {!signedIn && (
        <p>
          <a href={SIGN_IN_PAGE} onClick={() => returnHereAfterSignIn(REGISTER_PAGE)}>
            {t.joinSignIn}
          </a>
        </p>
      )}
      <CompanyFields field={field} />
      <AddressFields field={field} />
      <AdminFields field={field} signedIn={signedIn} />
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={!hydrated} aria-disabled={busy || undefined}>
          {t.registerButton}
        </button>
      </div>
    </form>
  );
}
