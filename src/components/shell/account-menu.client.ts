/**
 * The account menu (AccountSlot.astro): which links show follows `<html data-signed-in>` (set before the
 * first paint from the `login` marker, then kept in step here); Logout signs out and goes home.
 */
import { $signedIn, signOut } from '../../features/account/index.ts';
import { goTo } from '../../shop-api/navigation.ts';
import { notify } from '../../features/notify/index.ts';
import { problemText } from '../../shop-api/problem.ts';

export function initAccountMenu(): void {
  $signedIn.subscribe((signedIn) => document.documentElement.toggleAttribute('data-signed-in', signedIn));
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
