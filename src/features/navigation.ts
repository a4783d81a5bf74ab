/**
 * Page changes the islands make (full reloads, as everywhere in the shop), and the one rule for a session
 * the server says is over: the shopper goes to sign in.
 */
import { isSessionOver } from './problem.ts';

export const SIGN_IN_PATH = '/customer/sign-in';
export const ACCOUNT_PATH = '/customer';

/**
 * Set once the page is being left: the first page change wins. A guard that notices what caused it (an
 * island seeing the shopper signed out by Logout, which is already going home) does not send the shopper
 * somewhere else.
 */
let leaving = false;

function leave(go: () => void): void {
  if (leaving) return;
  leaving = true;
  // Back to this page from the browser's cache: it is not being left any more.
  window.addEventListener('pageshow', () => (leaving = false), { once: true });
  go();
}

export function goTo(path: string): void {
  leave(() => window.location.assign(path));
}

/** For redirects: the page that redirected is left out of the history, so Back does not bounce. */
export function redirectTo(path: string): void {
  leave(() => window.location.replace(path));
}

/** Sends the shopper to sign in when `error` says the session is over; answers whether it did. */
export function leftForSignIn(error: unknown): boolean {
  if (!isSessionOver(error)) return false;
  redirectTo(SIGN_IN_PATH);
  return true;
}

/** A loader's answer that the island has nothing to show here: the shopper goes to `path` instead. */
export class Leave {
  readonly path: string;
  constructor(path: string) {
    this.path = path;
  }
}
