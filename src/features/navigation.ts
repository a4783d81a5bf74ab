/**
 * Page changes the islands make (full reloads, as everywhere in the shop), and the one rule for a session
 * the server says is over: the shopper goes to sign in.
 */
import { isSessionOver } from './problem.ts';

export const SIGN_IN_PATH = '/customer/sign-in';
export const ACCOUNT_PATH = '/customer';

export function goTo(path: string): void {
  window.location.assign(path);
}

/** For redirects: the page that redirected is left out of the history, so Back does not bounce. */
export function redirectTo(path: string): void {
  window.location.replace(path);
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
