/**
 * The header's "Prices incl VAT / excl VAT" buttons: a press records the choice (features/vat/store.ts),
 * which sets `<html data-vat>` here on this page and, through localStorage, in the shop's other tabs.
 */
import { $vatChoice, chooseVat, isVatForm, shownVat } from '../../features/vat/store.ts';

export function initVatChoice(): void {
  const html = document.documentElement;
  const pageDefault = html.dataset['vatDefault'] === 'excl' ? 'excl' : 'incl';
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-vat-choice]')];
  for (const button of buttons)
    button.addEventListener('click', () => {
      const form = button.dataset['vatChoice'];
      if (isVatForm(form)) chooseVat(form);
    });
  $vatChoice.subscribe((choice) => {
    const shown = shownVat(choice, pageDefault);
    html.dataset['vat'] = shown;
    for (const button of buttons)
      button.setAttribute('aria-pressed', String(button.dataset['vatChoice'] === shown));
  });
}
