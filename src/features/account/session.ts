/**
 * The shopper's session as islands see it: `login` in localStorage is only a non-secret marker
 * ('true' while signed in); the customer token itself lives in an HttpOnly cookie (DESIGN.md §3).
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { forgetTrade } from '../trade/trade-marker.ts';

export const LOGIN_KEY = 'login';
export const $login = persistentAtom<string>(LOGIN_KEY, '');
/** Any stored value other than 'true' (including a corrupt one) counts as signed out. */
export const $signedIn = computed($login, (value) => value === 'true');

/** The server says the session is over (401 on a customer call). */
export function sessionExpired(): void {
  $login.set('');
  forgetTrade();
}

/** A load guard for customer pages: null (go ahead) while signed in, else the page to leave for. */
export const signedInOr = (path: string) => (): string | null => ($signedIn.get() ? null : path);
