/**
 * Whether prices show incl or excl VAT, as the shopper chose in the header (localStorage `vat`: 'incl' or
 * 'excl'; anything else, corrupt or missing, is no choice yet). Until the shopper chooses, each page shows
 * its audience's usual form: excl VAT on Professional pages, incl VAT elsewhere. The choice is applied as
 * `<html data-vat>` (by an inline script before the first paint, then here); prices carry both forms and
 * a style shows one, so nothing redraws.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { Audience } from '../../catalogue/types.ts';

export type VatForm = 'incl' | 'excl';
export const VAT_KEY = 'vat';

export const isVatForm = (value: unknown): value is VatForm => value === 'incl' || value === 'excl';

/** The shopper's choice, or '' before they made one. */
export const $vatChoice = persistentAtom<VatForm | ''>(VAT_KEY, '', {
  encode: (value) => value,
  decode: (stored) => (isVatForm(stored) ? stored : ''),
});

export function chooseVat(form: VatForm): void {
  $vatChoice.set(form);
}

/** A page's own default: excl VAT on Professional pages, incl VAT elsewhere. */
export const pageVatDefault = (audience: Audience | undefined): VatForm =>
  audience === 'professional' ? 'excl' : 'incl';

/** The form a page shows: the shopper's choice, else the page's own default. */
export const shownVat = (choice: VatForm | '', pageDefault: VatForm): VatForm => choice || pageDefault;
