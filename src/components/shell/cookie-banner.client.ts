/**
 * The cookie notice (CookieBanner.astro) shows from the first paint unless `<html data-cookies-accepted>`
 * (set before the paint from localStorage `privacy`); Accept records it and hides the notice for good.
 */
import { $privacy, acceptCookies } from '../../features/privacy/privacy-state.ts';

export function initCookieBanner(): void {
  document.querySelector('[data-accept-cookies]')?.addEventListener('click', acceptCookies);
  $privacy.subscribe((accepted) =>
    document.documentElement.toggleAttribute('data-cookies-accepted', accepted),
  );
}
