/**
 * An amount in both VAT forms, each labelled, as the catalogue's cards write them (`priceHtml` in
 * catalogue/card-html.ts): `<span class="vat-incl">£x <span>incl VAT</span></span><span class="vat-excl">…`.
 * The page shows the one the shopper chose (the `<html data-vat>` rules in global.css), so switching is a
 * style change. Either missing: the other alone, whatever the choice. Made as nodes (text, never HTML).
 */
import { formatPrice } from '../../catalogue/money.ts';
import { basketTexts, type VatAmounts } from '../../features/cart/index.ts';
import { listingTexts } from '../../features/listing/index.ts';

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

function unitForm(className: string, amount: number, label: string): HTMLElement {
  const span = document.createElement('span');
  if (className) span.className = className;
  const small = document.createElement('span');
  small.className = 'basket__vat';
  small.textContent = label;
  span.append(`${formatPrice(amount)} ${basketTexts.each} `, small);
  return span;
}

/**
 * A line's unit price as Magento applies it, "£22.50 each incl VAT", in both VAT forms like `vatPrice`,
 * and "(tier price)" after it when Magento lowered it for the quantity.
 */
export function unitPrice({ inclVat, exclVat }: VatAmounts, tier: boolean): Node[] {
  const forms: Node[] = [];
  const both = inclVat !== null && exclVat !== null;
  if (inclVat !== null) forms.push(unitForm(both ? 'vat-incl' : '', inclVat, listingTexts.inclVat));
  if (exclVat !== null) forms.push(unitForm(both ? 'vat-excl' : '', exclVat, listingTexts.exclVat));
  if (forms.length > 0 && tier) forms.push(document.createTextNode(` ${basketTexts.tierPrice}`));
  return forms;
}

/** A key that changes when what `vatPrice` would show changes, so unchanged prices are not redrawn. */
export const vatKey = ({ inclVat, exclVat }: VatAmounts): string => `${inclVat}|${exclVat}`;
