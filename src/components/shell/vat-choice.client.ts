/**
 * The header's "Prices incl VAT / excl VAT" buttons: a press records the choice (features/vat/vat-state.ts),
 * which sets `<html data-vat>` here on this page and, through localStorage, in the shop's other tabs.
 * Where a page shows a price in both forms (the product page's purchase panel, `[data-vat-order]`), the
 * chosen form is moved first in reading order too: styles already show it first, so a screen reader
 * would otherwise read the other price first.
 */
import { $vatChoice, chooseVat, isVatForm, shownVat, type VatForm } from '../../features/vat/index.ts';

function readShownFirst(shown: VatForm): void {
  for (const prices of document.querySelectorAll<HTMLElement>('[data-vat-order]')) {
    const first = prices.querySelector<HTMLElement>(`:scope > [data-vat-form="${shown}"]`);
    if (first && prices.firstElementChild !== first) prices.prepend(first);
  }
}

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
    readShownFirst(shown);
    for (const button of buttons)
      button.setAttribute('aria-pressed', String(button.dataset['vatChoice'] === shown));
  });
}
