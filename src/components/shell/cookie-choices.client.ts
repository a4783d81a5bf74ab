/**
 * The cookie notice's controls (CookieBanner.astro), loaded on their first use by cookie-banner.client.ts:
 * "Accept all" and "Reject all" keep that choice; "Manage" opens the choice per kind and "Save my choices"
 * keeps what is ticked; "Cookie settings" in the footer opens the notice again with the current choice
 * ticked and focus on its first box. Once chosen, the notice closes and focus goes back where it came from
 * (the footer's link, or the page's main content).
 */
import {
  $consent,
  ALL,
  chooseConsent,
  allowed,
  NONE,
  type ConsentChoice,
} from '../../features/consent/index.ts';

const html = document.documentElement;
const OPEN = 'data-consent-open';
const KINDS = ['analytics', 'marketing'] as const;
let opener: HTMLElement | null = null;

const box = (form: Element, name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);

/** The choice per kind shown or hidden; "Save my choices" is listened to once this module is here. */
function showChoices(open: boolean, version: string): void {
  const form = document.querySelector<HTMLFormElement>('[data-consent-form]');
  if (!form) return;
  form.hidden = !open;
  if (!form.dataset['listened']) {
    form.dataset['listened'] = 'true';
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      saved(form, version);
    });
  }
  document.querySelector('[data-consent-manage]')?.setAttribute('aria-expanded', String(open));
}

function choose(choice: ConsentChoice, version: string): void {
  chooseConsent(choice, version);
  html.removeAttribute(OPEN);
  showChoices(false, version);
  const back = opener ?? document.getElementById('main');
  opener = null;
  back?.focus({ preventScroll: true });
}

/** The notice opened again from `from`, with the choice that stands ticked. */
function reopen(from: HTMLElement, version: string): void {
  const form = document.querySelector('[data-consent-form]');
  if (!form) return;
  opener = from;
  const choice = allowed($consent.get(), version, Date.now());
  for (const kind of KINDS) {
    const input = box(form, kind);
    if (input) input.checked = choice[kind];
  }
  html.setAttribute(OPEN, '');
  showChoices(true, version);
  box(form, 'analytics')?.focus();
}

/** One of the notice's buttons, or the footer's link, was pressed. */
export function pressed(control: HTMLElement, version: string): void {
  if (control.hasAttribute('data-cookie-settings')) reopen(control, version);
  else if (control.hasAttribute('data-consent-manage'))
    showChoices(control.getAttribute('aria-expanded') !== 'true', version);
  else choose(control.dataset['consent'] === 'all' ? ALL : NONE, version);
}

/** "Save my choices": what is ticked. */
function saved(form: HTMLFormElement, version: string): void {
  choose(
    {
      analytics: box(form, 'analytics')?.checked ?? false,
      marketing: box(form, 'marketing')?.checked ?? false,
    },
    version,
  );
}
