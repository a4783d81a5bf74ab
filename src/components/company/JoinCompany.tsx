/**
 * Joining a company from an invitation (issue 68, /company/join?invitation=…): the invitation is kept in the
 * tab's session storage, so signing in or creating an account and coming back here still has it; the page
 * says which company and address it is for, and a signed-in customer with that address accepts it.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $signedIn } from '../../features/account/index.ts';
import {
  acceptInvitation,
  COMPANY_PAGE,
  companyTexts as t,
  INVITATION_KEY,
  JOIN_PAGE,
  previewInvitation,
  type InvitationPreview,
  returnHereAfterSignIn,
} from '../../features/company/index.ts';
import { SIGN_IN_PATH as SIGN_IN_PAGE } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import { FormError } from '../../ui/forms/Field.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { useHydrated } from '../../ui/forms/use-hydrated.ts';
import '../../styles/forms.css';
import './company.css';

/** The invitation from the address (kept for after sign-in), else the one kept. */
function invitationOfPage(): string {
  const given = new URLSearchParams(window.location.search).get('invitation');
  if (given) {
    window.sessionStorage.setItem(INVITATION_KEY, given);
    window.history.replaceState(null, '', JOIN_PAGE);
    return given;
  }
  return window.sessionStorage.getItem(INVITATION_KEY) ?? '';
}

export default function JoinCompany() {
  const hydrated = useHydrated();
  const signedIn = useStore($signedIn) && hydrated;
  const [invitation, setInvitation] = useState('');
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [error, setError] = useState('');
  const [joined, setJoined] = useState('');
  const { busy, start, finish } = useBusy();

  useEffect(() => {
    const found = invitationOfPage();
    setInvitation(found);
    if (!found) return setError(t.badInvitation);
    previewInvitation(found)
      .then(setPreview)
      .catch((failure: unknown) => setError(problemText(failure)));
  }, []);

  async function accept() {
    if (!start(true)) return;
    setError('');
    try {
      await acceptInvitation(invitation);
      window.sessionStorage.removeItem(INVITATION_KEY);
      setJoined(preview?.companyName ?? '');
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      finish();
    }
  }

  if (joined)
    return (
      <div className="company" role="status">
        <p>{t.joined(joined)}</p>
        <p>
          <a href={COMPANY_PAGE}>{t.joinGoToCompany}</a>
        </p>
      </div>
    );
  return (
    <div className="company">
      {preview && !preview.expired && <p>{t.joinIntro(preview.companyName, preview.email)}</p>}
      {preview?.expired && <p>{t.expiredInvitation}</p>}
      {preview && !preview.expired && !signedIn && (
        <p className="company__buttons">
          <a className="button" href={SIGN_IN_PAGE} onClick={() => returnHereAfterSignIn(JOIN_PAGE)}>
            {t.joinSignIn}
          </a>
          <a
            className="button button--secondary"
            href="/customer/create-account"
            onClick={() => returnHereAfterSignIn(JOIN_PAGE)}
          >
            {t.joinCreateAccount}
          </a>
        </p>
      )}
      {preview && !preview.expired && signedIn && (
        <p>
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => void accept()}
          >
            {t.joinAccept}
          </button>
        </p>
      )}
      <FormError id="company-join-error" message={error} />
    </div>
  );
}
