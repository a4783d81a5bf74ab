/**
 * "Delete my account": what is deleted and what the law makes the shop keep, said plainly, then the
 * password again and a confirmation. A field at fault says why under it (and is named as its
 * description), the form's own failures are announced, and what was typed stays. Once deleted, this
 * browser forgets the customer and the shopper goes to the home page, which says it is done.
 */
import { useState, type SubmitEvent } from 'react';
import { goTo, leftForSignIn } from '../../shop-api/navigation.ts';
import { notify } from '../../features/notify/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { deleteMyAccount } from '../../features/privacy/my-data-state.ts';
import { MY_DATA_PAGE } from '../../shop-api/navigation.ts';
import { ShopApiError } from '../../shop-api/shop-api.ts';
import { strings } from '../../strings.ts';
import { Field, FormError, readFields } from '../../ui/forms/Field.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';

const t = strings.myData;
const FORM = 'delete-account';
const ERROR_ID = `${FORM}-error`;
const HINT_ID = `${FORM}-hint`;
const CONFIRM_ID = `${FORM}-confirm`;

interface Problems {
  password?: string;
  confirm?: string;
}

function Consequences() {
  return (
    <>
      <h3>{t.deletedHeading}</h3>
      <ul>
        {t.deleted.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>{t.keptHeading}</h3>
      <ul>
        {t.kept.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

export function DeleteMyAccount() {
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { password } = readFields(form, ['password'] as const);
    const confirmed = (form.elements.namedItem('confirm') as HTMLInputElement | null)?.checked === true;
    const found: Problems = {
      ...(password === '' ? { password: t.passwordMissing } : {}),
      ...(confirmed ? {} : { confirm: t.confirmMissing }),
    };
    setProblems(found);
    setError('');
    if (found.password || found.confirm) {
      focusField(form, found.password ? 'password' : 'confirm');
      return;
    }
    if (!start(true)) return;
    try {
      await deleteMyAccount(password);
      notify(t.done, 'status', { carryTo: '/' });
      goTo('/');
    } catch (failure) {
      finish();
      if (leftForSignIn(failure, MY_DATA_PAGE)) return;
      if (failure instanceof ShopApiError && failure.status === 400) {
        setProblems({ password: failure.message });
        focusField(form, 'password');
      } else setError(problemText(failure));
    }
  }

  return (
    <section className="account-block privacy-block" aria-labelledby="delete-my-account">
      <h2 id="delete-my-account">{t.deleteTitle}</h2>
      <p>
        <strong>{t.deleteIntro}</strong>
      </p>
      <Consequences />
      <form className="account-form" id={FORM} method="post" onSubmit={submit} noValidate>
        <Field
          form={FORM}
          name="password"
          label={t.password}
          type="password"
          autoComplete="current-password"
          error={problems.password}
          describedBy={[HINT_ID, error ? ERROR_ID : ''].filter(Boolean).join(' ')}
        />
        <p className="privacy-hint" id={HINT_ID}>
          {t.passwordHint}
        </p>
        <ConfirmBox problem={problems.confirm} />
        <FormError id={ERROR_ID} message={error} />
        <div className="form-actions">
          <button type="submit" className="button privacy-delete" aria-disabled={busy || undefined}>
            {busy ? t.deleting : t.deleteButton}
          </button>
        </div>
      </form>
      <p className="visually-hidden" role="alert">
        {problems.password ?? problems.confirm ?? ''}
      </p>
    </section>
  );
}

/** The confirmation: a checkbox the shopper must tick, its problem under it and named as its description. */
function ConfirmBox({ problem }: { problem: string | undefined }) {
  const errorId = `${CONFIRM_ID}-error`;
  return (
    <div className="privacy-confirm">
      <input
        id={CONFIRM_ID}
        name="confirm"
        type="checkbox"
        aria-invalid={problem ? true : undefined}
        {...(problem ? { 'aria-describedby': errorId } : {})}
      />
      <label htmlFor={CONFIRM_ID}>{t.confirm}</label>
      {problem && (
        <p className="field-error" id={errorId}>
          {problem}
        </p>
      )}
    </div>
  );
}

function focusField(form: HTMLFormElement, name: string): void {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLInputElement) field.focus();
}
