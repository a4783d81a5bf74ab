/**
 * The trade account form's state: who a signed-in applicant is (to greet them and fill in their name), and
 * sending the application: checked here first (the same checks the server runs again), then posted; a new
 * applicant goes on to sign in, a signed-in one is told the outcome in place.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { fetchCustomer, type FieldProblems } from '../../features/account/index.ts';
import { notify } from '../../features/notify/index.ts';
import { SIGN_IN_PATH, goTo } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';
import {
  APPLICATION_FIELDS,
  BUSINESS_FIELDS,
  applicationProblems,
  type Application,
  type ApplicationField,
} from '../../features/trade/application.ts';
import { tradeAccountTexts as t } from '../../features/trade/account-texts.ts';
import { focusFirst, readFields } from '../../ui/forms/Field.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { applicationAnswer } from './application-answer.ts';

/** A signed-in applicant sends no e-mail or password: the account is theirs already. */
const EMPTY_SIGN_IN = { email: '', password: '' };

export interface Member {
  email: string;
  firstname: string;
  lastname: string;
}

/** The signed-in customer applying, once read (null before, signed out, or if reading failed). */
export function useMember(signedIn: boolean): Member | null {
  const [member, setMember] = useState<Member | null>(null);
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
  return member;
}

type Outcome = 'applied' | 'already-pending' | 'already-trade';

const outcomeText = (outcome: Outcome): string =>
  outcome === 'already-trade'
    ? t.alreadyTrade
    : outcome === 'already-pending'
      ? t.alreadyPending
      : t.memberApplied;

/** The fields' problems found before sending, or none: the first field at fault gets the focus. */
function checked(form: HTMLFormElement, signedIn: boolean) {
  const names = signedIn ? BUSINESS_FIELDS : APPLICATION_FIELDS;
  const values: Application = { ...EMPTY_SIGN_IN, ...readFields<ApplicationField>(form, names) };
  const problems = applicationProblems(values, signedIn);
  const bad = names.filter((name) => name in problems);
  if (bad.length > 0) focusFirst(form, bad);
  return { values, problems, ok: bad.length === 0 };
}

export function useApplication(signedIn: boolean) {
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [problems, setProblems] = useState<FieldProblems<ApplicationField>>({});
  const { busy, start, finish } = useBusy();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checked(event.currentTarget, signedIn);
    setProblems(found.problems);
    if (!found.ok) {
      setError('');
      return;
    }
    if (!start(true)) return;
    setError('');
    try {
      const { outcome } = await shopFetch('/trade-account/apply', {
        method: 'POST',
        body: found.values,
        schema: applicationAnswer,
      });
      if (!signedIn) {
        notify(t.applied, 'status', { carryTo: SIGN_IN_PATH });
        goTo(SIGN_IN_PATH);
        return;
      }
      setDone(outcomeText(outcome));
    } catch (failure) {
      setError(problemText(failure));
    }
    finish();
  }

  return { error, done, problems, busy, submit };
}
