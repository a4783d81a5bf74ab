/** Page changes the islands make (full reloads, as everywhere in the shop). */
export const SIGN_IN_PATH = '/customer/sign-in';
export const ACCOUNT_PATH = '/customer';

export function goTo(path: string): void {
  window.location.assign(path);
}

/** For redirects: the page that redirected is left out of the history, so Back does not bounce. */
export function redirectTo(path: string): void {
  window.location.replace(path);
}
