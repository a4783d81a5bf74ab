/**
 * An amount in both VAT forms, each labelled, as the catalogue's cards write them (`priceHtml` in
 * catalogue/card-html.ts): `<span class="vat-incl">£x <span>incl VAT</span></span><span class="vat-excl">…`.
 * The page shows the one the shopper chose (the `<html data-vat>` rules in global.css), so switching is a
 * style change. Either missing: the other alone, whatever the choice. Made as nodes (text, never HTML).
 */
import { formatPrice } from '../../catalogue/money.ts';
import { listingTexts } from '../../browser-strings.ts';
import type { VatAmounts } from '../../features/cart/lines.ts';

/** `£12.50 incl VAT`, the label in a span of its own. */
export function labelledAmount(amount: number, label: string): Node[] {
  const small = document.createElement('span');
  small.className = 'basket__vat';
  small.textContent = label;
  return [document.createTextNode(`${formatPrice(amount)} `), small];
}

function form(className: string, amount: number, label: string): HTMLElement {
  const span = document.createElement('span');
  span.className = className;
  span.append(...labelledAmount(amount, label));
  return span;
}

export function vatPrice({ inclVat, exclVat }: VatAmounts): Node[] {
  if (inclVat !== null && exclVat !== null)
    return [form('vat-incl', inclVat, listingTexts.inclVat), form('vat-excl', exclVat, listingTexts.exclVat)];
  if (inclVat !== null) return labelledAmount(inclVat, listingTexts.inclVat);
  return exclVat === null ? [] : labelledAmount(exclVat, listingTexts.exclVat);
}

/** A key that changes when what `vatPrice` would show changes, so unchanged prices are not redrawn. */
export const vatKey = ({ inclVat, exclVat }: VatAmounts): string => `${inclVat}|${exclVat}`;
