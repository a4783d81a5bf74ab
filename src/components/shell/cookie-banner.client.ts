/**
 * The cookie notice (CookieBanner.astro): "Accept all", "Reject all", or "Manage" and "Save my choices"
 * keep the shopper's choice (features/consent/); "Cookie settings" in the footer opens the notice again
 * with the current choice ticked. Every choice, and one made in another tab, updates Google Consent Mode
 * and, where it allows analytics or marketing, loads the merchant's tag (none is configured by default);
 * withdrawing it drops the tag's cookies. The notice shows from the first paint unless
 * `<html data-consent-answered>` (set before the paint by Base.astro's inline script).
 */
import { $consent, chooseConsent } from '../../features/consent/consent-state.ts';
import {
  ALL,
  allowed,
  consentModeOf,
  isCurrent,
  NONE,
  type ConsentChoice,
} from '../../features/consent/consent.ts';
import { gtag } from '../../features/analytics/data-layer.ts';
import { dropTagCookies, loadTag } from '../../features/analytics/tag.ts';

const html = document.documentElement;
const OPEN = 'data-consent-open';

function loadTagIfAllowed(choice: ConsentChoice): void {
  const tag = html.dataset['analyticsTag'];
  if (tag && (choice.analytics || choice.marketing)) loadTag(tag);
}

/** Consent Mode and the tag as `choice` allows; `before` is what was allowed until now. */
function apply(choice: ConsentChoice, before: ConsentChoice): void {
  gtag('consent', 'update', consentModeOf(choice));
  loadTagIfAllowed(choice);
  if ((before.analytics && !choice.analytics) || (before.marketing && !choice.marketing)) dropTagCookies();
}

export function initCookieBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
  const form = banner?.querySelector<HTMLFormElement>('[data-consent-form]');
  const manage = banner?.querySelector<HTMLButtonElement>('[data-consent-manage]');
  if (!banner || !form || !manage) return;
  const version = html.dataset['policyVersion'] ?? '';
  const now = () => Date.now();
  let current = allowed($consent.get(), version, now());
  // Base.astro's inline script has set Consent Mode's defaults and the stored choice's update.
  loadTagIfAllowed(current);
  let opener: HTMLElement | null = null;

  const showChoices = (open: boolean) => {
    form.hidden = !open;
    manage.setAttribute('aria-expanded', String(open));
  };
  const close = () => {
    html.removeAttribute(OPEN);
    showChoices(false);
    const back = opener ?? document.getElementById('main');
    opener = null;
    back?.focus({ preventScroll: true });
  };
  const choose = (choice: ConsentChoice) => {
    chooseConsent(choice, version);
    close();
  };

  banner.querySelector('[data-consent="all"]')?.addEventListener('click', () => choose(ALL));
  banner.querySelector('[data-consent="none"]')?.addEventListener('click', () => choose(NONE));
  manage.addEventListener('click', () => showChoices(manage.getAttribute('aria-expanded') !== 'true'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const ticked = (name: string) =>
      form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.checked ?? false;
    choose({ analytics: ticked('analytics'), marketing: ticked('marketing') });
  });

  document.addEventListener('click', (event) => {
    const settings = (event.target as Element | null)?.closest<HTMLElement>('[data-cookie-settings]');
    if (!settings) return;
    event.preventDefault();
    opener = settings;
    const choice = allowed($consent.get(), version, now());
    for (const name of ['analytics', 'marketing'] as const) {
      const box = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (box) box.checked = choice[name];
    }
    html.setAttribute(OPEN, '');
    showChoices(true);
    form.querySelector<HTMLInputElement>('input[name="analytics"]')?.focus();
  });

  $consent.listen((record) => {
    const choice = allowed(record, version, now());
    html.toggleAttribute('data-consent-answered', isCurrent(record, version, now()));
    apply(choice, current);
    current = choice;
  });
}
