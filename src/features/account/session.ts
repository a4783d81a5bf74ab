/**
 * The shopper's session as islands see it, and the ground floor every feature's part of it stands on:
 * `login` in localStorage is only a non-secret marker ('true' while signed in); the customer token itself
 * lives in an HttpOnly cookie (DESIGN.md §3). What the cart, the wish list, My machines and trade do when
 * the shopper signs in or the session ends is theirs: each says it as hooks, and one composition place
 * outside features/ hands them here in the order they run (components/account/sign-in-hooks.ts for
 * signing in; components/shell/session-end.ts, on every page, for its end). This module imports no feature.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

export const LOGIN_KEY = 'login';
export const $login = persistentAtom<string>(LOGIN_KEY, '');
/** Any stored value other than 'true' (including a corrupt one) counts as signed out. */
export const $signedIn = computed($login, (value) => value === 'true');

/** The sign-in's answer (`POST /session`), as the server sent it: each hook reads its own fields. */
export type SignInReply = Readonly<Record<string, unknown>>;

/** A feature's part of signing in (account/sign-in.ts runs each step for every feature, in their order). */
export interface SignInHooks {
  /** Fields of the sign-in request: what the guest kept, to be merged into the customer's. */
  readonly carry?: () => Readonly<Record<string, unknown>> | Promise<Readonly<Record<string, unknown>>>;
  /** The answer taken, as soon as the customer is signed in: forget the guest's copies, note the counts. */
  readonly taken?: (reply: SignInReply) => void;
  /** Then, one feature after another: what must be done before anything is read again. */
  readonly follow?: () => Promise<void>;
  /** Last, all at once: what is read again as the customer's. Never fails the sign-in. */
  readonly refresh?: () => Promise<unknown>;
}

/** A feature's part of a session's end: the shopper signed out, or a customer call met a 401. */
export interface SessionEndHooks {
  readonly signedOut?: () => void;
  readonly expired?: () => void;
}

let signInParts: readonly SignInHooks[] = [];
let endParts: readonly SessionEndHooks[] = [];

/** The features' parts of signing in, in the order each step runs them. */
export function onSignIn(hooks: readonly SignInHooks[]): void {
  signInParts = hooks;
}

/** What the sign-in runs (none until a composition place said). */
export const signInHooks = (): readonly SignInHooks[] => signInParts;

/** The features' parts of a session's end, in the order they run. */
export function onSessionEnd(hooks: readonly SessionEndHooks[]): void {
  endParts = hooks;
}

/** The server says the session is over (401 on a customer call). */
export function sessionExpired(): void {
  $login.set('');
  for (const hooks of endParts) hooks.expired?.();
}

/** The shopper signed out (account/sign-out.ts): the marker goes, then each feature forgets its part. */
export function sessionSignedOut(): void {
  $login.set('');
  for (const hooks of endParts) hooks.signedOut?.();
}

/** A load guard for customer pages: null (go ahead) while signed in, else the page to leave for. */
export const signedInOr = (path: string) => (): string | null => ($signedIn.get() ? null : path);
