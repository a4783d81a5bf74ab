/**
 * The cookie notice's part that runs with every page (CookieBanner.astro): it keeps Google Consent Mode
 * and the merchant's tag in step with the shopper's choice (features/consent/), and hands the notice's
 * controls and the footer's "Cookie settings" to cookie-choices.client.ts, loaded on their first use. A
 * choice made here or in another tab updates Consent Mode; where it allows analytics or marketing, the tag
 * loads (none is configured by default); taking it back drops the tag's cookies. The notice shows from the
 * first paint unless `<html data-consent-answered>` (set before the paint by Base.astro's inline script).
 */
import {
  $consent,
  allowed,
  consentModeOf,
  isCurrent,
  type ConsentChoice,
} from '../../features/consent/index.ts';
import { gtag } from '../../features/analytics/index.ts';
import { analyticsTag } from '../analytics/index.client.ts';

const html = document.documentElement;
const CONTROLS = '[data-consent],[data-consent-manage],[data-cookie-settings]';

/** The tag as `choice` allows it, and its cookies gone where `before` allowed more. */
async function applyTag(choice: ConsentChoice, before: ConsentChoice): Promise<void> {
  const id = html.dataset['analyticsTag'];
  const load = id !== undefined && (choice.analytics || choice.marketing);
  const withdrawn = (before.analytics && !choice.analytics) || (before.marketing && !choice.marketing);
  if (!load && !withdrawn) return;
  const tag = await analyticsTag();
  if (load) tag.loadTag(id);
  if (withdrawn) tag.dropTagCookies();
}

export function initCookieBanner(): void {
  const version = html.dataset['policyVersion'] ?? '';
  // Base.astro's inline script has set Consent Mode's defaults and the stored choice's update.
  let current = allowed($consent.get(), version, Date.now());
  void applyTag(current, current);

  const choices = () => import('./cookie-choices.client.ts');
  document.addEventListener('click', (event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
    if (!control) return;
    event.preventDefault();
    void choices().then((module) => module.pressed(control, version));
  });

  $consent.listen((record) => {
    const choice = allowed(record, version, Date.now());
    html.toggleAttribute('data-consent-answered', isCurrent(record, version, Date.now()));
    gtag('consent', 'update', consentModeOf(choice));
    void applyTag(choice, current);
    current = choice;
  });
}
