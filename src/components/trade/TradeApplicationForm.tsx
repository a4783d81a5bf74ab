/**
 * `components/trade/`: what the browser draws for trade accounts and their prices, among them the
 * React islands: the application form (this file, its state in use-trade-application.ts) and My Account's
 * trade block (TradeAccountBlock). The rules (who may apply, VAT numbers, trade prices) live in
 * `features/trade/`.
 *
 * "Open a trade account" (issue 38): the business's name, its UK VAT number (optional, checked offline for
 * its form and check digits), the company address and contact; a new customer also gives an e-mail and a
 * password, a signed-in customer applies with the account they are in. Each field at fault says under it
 * what to change before anything is sent (the same checks the server runs again); a refusal (the e-mail is
 * taken, Magento is down) shows above the button and keeps everything typed. A new applicant goes on to
 * sign in with the confirmation; a signed-in one reads it here.
 */
import type { ReactElement } from 'react';
import { useStore } from '@nanostores/react';
import { $signedIn } from '../../features/account/index.ts';
import { TRADE_APPLICATION_PAGE, signInAndBack } from '../../shop-api/navigation.ts';
import type { ApplicationField } from '../../features/trade/application.ts';
import { tradeAccountTexts as t } from '../../features/trade/account-texts.ts';
import { vatNumberTexts } from '../../features/trade/texts.ts';
import { fieldsOf, FormError, type FieldProps } from '../../ui/forms/Field.tsx';
import { useHydrated } from '../../ui/forms/use-hydrated.ts';
import { useApplication, useMember, type Member } from './use-trade-application.ts';
import '../../styles/forms.css';

const FORM = 'trade-account';
const ERROR_ID = 'trade-account-error';

/** One field of the form, with its problem and the form's error line as its description. */
type FieldOf = (name: ApplicationField, label: string, extra?: Partial<FieldProps>) => ReactElement;

function CompanyFields({ field }: { field: FieldOf }) {
  return (
    <fieldset>
      <legend>{t.companyAddress}</legend>
      {field('company', t.company, { autoComplete: 'organization' })}
      {field('vat', vatNumberTexts.label, {
        optional: true,
        hint: vatNumberTexts.hint,
        autoComplete: 'off',
      })}
      <div className="account-form__grid">
        {field('street', t.street, { autoComplete: 'address-line1' })}
        {field('city', t.city, { autoComplete: 'address-level2' })}
        {field('region', t.county, { optional: true, autoComplete: 'address-level1' })}
        {field('postcode', t.postcode, { autoComplete: 'postal-code' })}
      </div>
      <p className="field-hint">
        {t.country}: {t.countryUk}. {t.ukOnly}
      </p>
    </fieldset>
  );
}

/** The contact: a signed-in member's name filled in; a new applicant also gives an e-mail and password. */
function ContactFields({
  field,
  member,
  signedIn,
}: {
  field: FieldOf;
  member: Member | null;
  signedIn: boolean;
}) {
  return (
    <fieldset>
      <legend>{t.contact}</legend>
      <div className="account-form__grid">
        {field('firstname', t.firstname, {
          autoComplete: 'given-name',
          defaultValue: member?.firstname ?? '',
        })}
        {field('lastname', t.lastname, {
          autoComplete: 'family-name',
          defaultValue: member?.lastname ?? '',
        })}
        {field('telephone', t.telephone, { type: 'tel', autoComplete: 'tel' })}
        {!signedIn && field('email', t.email, { type: 'email', autoComplete: 'email' })}
      </div>
      {!signedIn && field('password', t.password, { type: 'password', autoComplete: 'new-password' })}
    </fieldset>
  );
}

export default function TradeApplicationForm() {
  const hydrated = useHydrated();
  // Signed out until mounted, as the server drew it: the marker is in localStorage, which it cannot read.
  const signedIn = useStore($signedIn) && hydrated;
  const member = useMember(signedIn);
  const { error, done, problems, busy, submit } = useApplication(signedIn);

  if (done)
    return (
      <p className="account-notice" role="status">
        {done} <a href="/customer">{t.toAccount}</a>
      </p>
    );

  const field: FieldOf = fieldsOf(FORM, problems, error ? ERROR_ID : undefined);

  return (
    <form className="account-form" id={FORM} method="post" onSubmit={submit} noValidate>
      <p>{member ? t.memberIntro(member.email) : t.intro}</p>
      {!signedIn && (
        <p>
          <a href={signInAndBack(TRADE_APPLICATION_PAGE)}>{t.signInToApply}</a>
        </p>
      )}
      <CompanyFields field={field} />
      {/* A new key when the member is read: the fields take their names as new default values. */}
      <ContactFields
        key={member ? 'member' : 'applicant'}
        field={field}
        member={member}
        signedIn={signedIn}
      />
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={!hydrated} aria-disabled={busy || undefined}>
          {busy ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
