/**
 * The account menu (AccountSlot.astro): which links show follows `<html data-signed-in>` (set before the
 * first paint from the `login` marker, then kept in step here); Logout signs out and goes home. My quotes
 * shows to a company user whose role may see quotes, asked when the menu first opens.
 */
import { $signedIn, signOut } from '../../features/account/index.ts';
import { goTo } from '../../shop-api/navigation.ts';
import { notify } from '../../features/notify/index.ts';
import { problemText } from '../../shop-api/problem.ts';

/**
 * Whether to show My quotes is asked of the server only when a signed-in shopper first opens the menu, and
 * its script loads then: no page view pays a request or bytes for it.
 */
function offerQuotesOnOpen(): void {
  const menu = document.querySelector<HTMLDetailsElement>('#account-menu-slot details');
  const item = menu?.querySelector<HTMLElement>('[data-quotes-link]');
  if (!menu || !item) return;
  const ask = () => {
    if (!menu.open || !$signedIn.get()) return;
    menu.removeEventListener('toggle', ask);
    void import('./quotes-link.client.ts').then(({ showQuotesLink }) => showQuotesLink(item));
  };
  menu.addEventListener('toggle', ask);
}

export function initAccountMenu(): void {
  $signedIn.subscribe((signedIn) => document.documentElement.toggleAttribute('data-signed-in', signedIn));
  offerQuotesOnOpen();
  const logout = document.querySelector<HTMLButtonElement>('[data-logout]');
  logout?.addEventListener('click', async () => {
    if (logout.getAttribute('aria-disabled') === 'true') return;
    logout.setAttribute('aria-disabled', 'true');
    try {
      await signOut();
      goTo('/');
    } catch (error) {
      logout.removeAttribute('aria-disabled');
      notify(problemText(error), 'alert');
    }
  });
}
