/**
 * "Open a trade account" (issue 38): the business's name, its UK VAT number (optional, checked offline for
 * its form and check digits), the company address and contact; a new customer also gives an e-mail and a
 * password, a signed-in customer applies with the account they are in. Each field at fault says under it
 * what to change before anything is sent (the same checks the server runs again); a refusal (the e-mail is
 * taken, Magento is down) shows above the button and keeps everything typed. A new applicant goes on to
 * sign in with the confirmation; a signed-in one reads it here.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $signedIn } from '../../features/account/session.ts';
import { fetchCustomer } from '../../features/account/api.ts';
import { notify } from '../../features/notify/notice-state.ts';
import { SIGN_IN_PATH, TRADE_APPLICATION_PAGE, goTo, signInAndBack } from '../../features/navigation.ts';
import { problemText } from '../../features/problem.ts';
import { shopFetch } from '../../features/shop-api.ts';
import {
  APPLICATION_FIELDS,
  BUSINESS_FIELDS,
  applicationProblems,
  type Application,
  type ApplicationField,
} from '../../features/trade/application.ts';
import type { FieldProblems } from '../../features/account/validation.ts';
import { tradeAccountTexts as t } from '../../features/trade/account-texts.ts';
import { vatNumberTexts } from '../../features/trade/texts.ts';
import { Field, FormError, focusFirst, readFields } from '../shared/Field.tsx';
import { useBusy } from '../shared/use-busy.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { applicationAnswer } from './application-answer.ts';
import '../account/account.css';

const FORM = 'trade-account';
const ERROR_ID = 'trade-account-error';
/** A signed-in applicant sends no e-mail or password: the account is theirs already. */
const EMPTY_SIGN_IN = { email: '', password: '' };

interface Member {
  email: string;
  firstname: string;
  lastname: string;
}

export default function TradeApplicationForm() {
  const hydrated = useHydrated();
  const signedIn = useStore($signedIn);
  const [member, setMember] = useState<Member | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [problems, setProblems] = useState<FieldProblems<ApplicationField>>({});
  const { busy, start, finish } = useBusy();

  useEffect(() => {
    if (!signedIn) return;
    fetchCustomer().then(
      (customer) =>
        setMember({
          email: customer.email ?? '',
          firstname: customer.firstname ?? '',
          lastname: customer.lastname ?? '',
        }),
      () => undefined,
    );
  }, [signedIn]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const names = signedIn ? BUSINESS_FIELDS : APPLICATION_FIELDS;
    const values: Application = { ...EMPTY_SIGN_IN, ...readFields<ApplicationField>(form, names) };
    const found = applicationProblems(values, signedIn);
    setProblems(found);
    const bad = names.filter((name) => name in found);
    if (bad.length > 0) {
      setError('');
      focusFirst(form, bad);
      return;
    }
    if (!start(true)) return;
    setError('');
    try {
      const { outcome } = await shopFetch('/trade-account/apply', {
        method: 'POST',
        body: values,
        schema: applicationAnswer,
      });
      if (!signedIn) {
        notify(t.applied, 'status', { carryTo: SIGN_IN_PATH });
        goTo(SIGN_IN_PATH);
        return;
      }
      setDone(
        outcome === 'already-trade'
          ? t.alreadyTrade
          : outcome === 'already-pending'
            ? t.alreadyPending
            : t.memberApplied,
      );
    } catch (failure) {
      setError(problemText(failure));
    }
    finish();
  }

  if (done)
    return (
      <p className="account-notice" role="status">
        {done} <a href="/customer">{t.toAccount}</a>
      </p>
    );

  const field = (name: ApplicationField, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      form={FORM}
      name={name}
      label={label}
      error={problems[name]}
      describedBy={error ? ERROR_ID : undefined}
      {...extra}
    />
  );

  return (
    <form className="account-form" id={FORM} method="post" onSubmit={submit} noValidate>
      <p>{member ? t.memberIntro(member.email) : t.intro}</p>
      {!signedIn && (
        <p>
          <a href={signInAndBack(TRADE_APPLICATION_PAGE)}>{t.signInToApply}</a>
        </p>
      )}
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
      <fieldset key={member ? 'member' : 'applicant'}>
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
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={!hydrated} aria-disabled={busy || undefined}>
          {busy ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
