/**
 * The account dropdown's list, inside the header's `<details>` account menu (AccountSlot.astro, which
 * with menus.client.ts gives it Escape, click-outside and the one-menu-open rule). My Account always;
 * Sign in and Create an Account only when signed out; Logout only when signed in. The server's markup is
 * the signed-out list, which is also what shows without JavaScript.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $signedIn } from '../features/account/session.ts';
import { signOut } from '../features/account/store.ts';
import { notify } from '../features/notify/store.ts';
import { strings } from '../strings.ts';
import { goTo } from '../features/navigation.ts';
import { problemText } from '../features/problem.ts';
import { useHydrated } from './shared/use-hydrated.ts';

const t = strings.account;

export default function AccountMenu() {
  const hydrated = useHydrated();
  const signedIn = useStore($signedIn) && hydrated;
  const [busy, setBusy] = useState(false);

  async function logout() {
    if (busy) return;
    setBusy(true);
    try {
      await signOut();
      goTo('/');
    } catch (error) {
      setBusy(false);
      notify(problemText(error), 'alert', { nextPage: false });
    }
  }

  return (
    <ul className="account-menu__list menu-panel" id="account-menu-list">
      <li>
        <a href="/customer">{t.myAccount}</a>
      </li>
      <li hidden={signedIn}>
        <a href="/customer/sign-in">{t.signIn}</a>
      </li>
      <li hidden={signedIn}>
        <a href="/customer/create-account">{t.createAccount}</a>
      </li>
      <li hidden={!signedIn}>
        <button
          type="button"
          className="account-menu__logout"
          onClick={logout}
          aria-disabled={busy || undefined}
        >
          {t.logout}
        </button>
      </li>
    </ul>
  );
}
