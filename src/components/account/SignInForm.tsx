/**
 * The 'Registered Customer' sign-in form (spec §2, §4). The storefront server exchanges the credentials
 * for a customer token kept in an HttpOnly cookie and merges the guest basket and wish list; the island
 * only keeps the signed-in marker. Success clears the form and goes to My Account (or back to the order
 * page named by `?next=`, when an ended session sent the shopper here), telling the shopper there how many
 * products of the wish list were added to the account; failure shows the spec's error
 * line and keeps the e-mail. The button waits for hydration, so a password never goes out in a plain form.
 */
import { useState, type SubmitEvent } from 'react';
import { signIn } from '../../features/account/sign-in.ts';
import { notify } from '../../features/notify/index.ts';
import { ShopApiError } from '../../shop-api/shop-api.ts';
import { strings } from '../../strings.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { Field, FormError, readFields } from '../../ui/forms/Field.tsx';
import { ACCOUNT_PATH, goTo, safeReturnPath } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import { useHydrated } from '../../ui/forms/use-hydrated.ts';
import { registerSignIn } from './sign-in-hooks.ts';
import '../../styles/forms.css';

const FORM = 'sign-in';
const ERROR_ID = 'sign-in-error';
const t = strings.shopper;

export default function SignInForm() {
  const hydrated = useHydrated();
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { email, password } = readFields(form, ['email', 'password'] as const);
    if (!start(true)) return;
    setError('');
    try {
      registerSignIn();
      const { wishlistAdded } = await signIn(email.trim(), password);
      form.reset();
      // Sent here from an order page whose session ended, or a review form: back there; else My Account.
      const next = safeReturnPath(new URLSearchParams(window.location.search).get('next')) ?? ACCOUNT_PATH;
      if (wishlistAdded)
        notify(strings.wishlist.merged(wishlistAdded), 'status', { carryTo: next.split(/[?#]/)[0] ?? next });
      goTo(next);
    } catch (failure) {
      finish();
      const wrong = failure instanceof ShopApiError && (failure.status === 401 || failure.status === 400);
      setError(wrong ? strings.account.signInFailed : problemText(failure));
      if (wrong) {
        const field = form.elements.namedItem('password');
        if (field instanceof HTMLInputElement) {
          field.value = '';
          field.focus();
        }
      }
    }
  }

  return (
    <form className="account-form" id={FORM} method="post" onSubmit={submit}>
      <Field
        form={FORM}
        name="email"
        label={t.email}
        type="email"
        autoComplete="email"
        invalid={error !== ''}
        describedBy={error ? ERROR_ID : undefined}
      />
      <Field
        form={FORM}
        name="password"
        label={t.password}
        type="password"
        autoComplete="current-password"
        invalid={error !== ''}
        describedBy={error ? ERROR_ID : undefined}
      />
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={!hydrated} aria-disabled={busy || undefined}>
          {busy ? t.signingIn : strings.account.signInButton}
        </button>
      </div>
    </form>
  );
}
