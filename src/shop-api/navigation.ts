/**
 * Page changes the islands make (full reloads, as everywhere in the shop), and the one rule for a session
 * the server says is over: the shopper goes to sign in.
 */
import { isSessionOver } from './problem.ts';

export const SIGN_IN_PATH = '/customer/sign-in';
/** "Your data and privacy": where a customer downloads their data or deletes their account. */
export const MY_DATA_PAGE = '/customer/privacy';
export const ACCOUNT_PATH = '/customer';
/** The trade account application (issue 38): an existing customer signs in to apply with their account. */
export const TRADE_APPLICATION_PAGE = '/trade-account';

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

/** A product page (one path segment, as its url key) with its review form to open: "Sign in to write a review". */
const WRITE_REVIEW_RETURN = /^\/[\w%.~-]{1,255}#write-review$/;

/**
 * Where sign-in may send the shopper back to (`?next=`): only the shop's own order and return pages, the data and
 * privacy page, the trade account application, guarantee registration, and a product page's review form, never another site or an
 * arbitrary path (an open redirect). Undefined for anything else.
 */
export function safeReturnPath(value: string | null): string | undefined {
  if (value === MY_DATA_PAGE || value === TRADE_APPLICATION_PAGE) return value;
  // Guarantee registration, with the model a product page filled in (features/guarantee/paths.ts).
  if (value && /^\/customer\/register-machine(\?model=[\w%.-]{1,120})?$/.test(value)) return value;
  if (value && WRITE_REVIEW_RETURN.test(value)) return value;
  if (value && /^\/customer\/(returns|return\?id=\d{1,9})$/.test(value)) return value;
  return value && /^\/customer\/orders(\/[\w%-]{1,100})?(\?page=\d{1,6})?$/.test(value) ? value : undefined;
}

/** Sign-in that sends the shopper back to `back` afterwards (see safeReturnPath; anything else: My Account). */
export const signInAndBack = (back: string): string => {
  const safe = safeReturnPath(back);
  return safe ? `${SIGN_IN_PATH}?next=${encodeURIComponent(safe)}` : SIGN_IN_PATH;
};

/**
 * Sends the shopper to sign in when `error` says the session is over (and, from an order page, back to
 * `back` afterwards); answers whether it did.
 */
export function leftForSignIn(error: unknown, back?: string): boolean {
  if (!isSessionOver(error)) return false;
  redirectTo(back === undefined ? SIGN_IN_PATH : signInAndBack(back));
  return true;
}

/** A loader's answer that the island has nothing to show here: the shopper goes to `path` instead. */
export class Leave {
  readonly path: string;
  constructor(path: string) {
    this.path = path;
  }
}
