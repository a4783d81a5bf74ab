/**
 * The parts finder's form, as markup: the build writes it empty into `/parts-finder` (between the markers),
 * the storefront server writes it again with what was typed and why it led nowhere when the form is sent
 * without JavaScript (server/parts-finder.ts), and the page's script draws the same answers in the browser
 * (`answerHtml`). One function each, so the three cannot differ.
 *
 * The box becomes a combobox with the script (finder-suggest.client.ts): the popup and its listbox are in
 * the markup from the start, hidden, as the header's search box has them.
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { PARTS_FINDER_ANSWER } from '../../features/fits/paths.ts';
import { finderTexts as t, partsPagePath } from '../../features/fits/texts.ts';
import type { FinderAnswer } from '../../features/parts-finder/index.ts';

/** Where the form sends what was typed without JavaScript: the storefront server answers it. */
export const FINDER_FORM_ACTION = PARTS_FINDER_ANSWER;

/** Where the form starts and ends in the page the build writes: the server puts its own in between. */
export const FINDER_FORM_START = '<!--finder-form-->';
export const FINDER_FORM_END = '<!--/finder-form-->';

export const FINDER_INPUT_ID = 'finder-q';
export const FINDER_LIST_ID = 'finder-suggestions';
const ANSWER_ID = 'finder-answer';

/** Why what was typed led to no parts page; `failed` when the models could not be read. */
export type FinderNotice = Exclude<FinderAnswer, { kind: 'found' }> | { kind: 'failed' };

/** The answer's words (and, for several models, their links), inside the answer region. */
export function answerHtml(typed: string, notice: FinderNotice | null): string {
  switch (notice?.kind) {
    case undefined:
      return '';
    case 'empty':
      return `<p>${escapeHtml(t.empty)}</p>`;
    case 'none':
      return `<p>${escapeHtml(t.noMatch(typed.trim()))}</p>`;
    case 'noParts':
      return `<p>${escapeHtml(t.noParts(notice.model.name))}</p>`;
    case 'failed':
      return `<p>${escapeHtml(t.failed)}</p>`;
    case 'several': {
      const links = notice.models.map(
        ({ name, slug }) => `<li><a href="${escapeHtml(partsPagePath(slug))}">${escapeHtml(name)}</a></li>`,
      );
      return `<p>${escapeHtml(t.several(typed.trim()))}</p><ul class="finder__several">${links.join('')}</ul>`;
    }
  }
}

/** Whether the answer says what was typed is wrong (the box is marked invalid), not merely unfinished. */
export const isRefusal = (notice: FinderNotice | null): boolean =>
  notice?.kind === 'none' || notice?.kind === 'empty';

/** The form, with `typed` in its box and the answer under it (none on the page the build writes). */
export function finderFormHtml(typed = '', notice: FinderNotice | null = null): string {
  const invalid = isRefusal(notice) ? ' aria-invalid="true"' : '';
  return (
    `<form class="finder" role="search" action="${FINDER_FORM_ACTION}" method="get" data-finder>` +
    `<label class="finder__label" for="${FINDER_INPUT_ID}">${escapeHtml(t.label)}</label>` +
    `<p class="finder__hint" id="finder-hint">${escapeHtml(t.hint)}</p>` +
    `<div class="finder__field"><div class="search-box finder__box">` +
    `<input class="search-box__input" id="${FINDER_INPUT_ID}" type="search" name="q" value="${escapeHtml(typed)}"` +
    ` autocomplete="off" autocapitalize="characters" spellcheck="false" enterkeyhint="go" maxlength="100"` +
    ` aria-describedby="finder-hint ${ANSWER_ID}"${invalid} />` +
    `<button class="search-box__submit finder__submit" type="submit">${escapeHtml(t.button)}</button>` +
    `</div><div class="finder__popup" data-finder-popup hidden>` +
    `<div class="finder__list" role="listbox" id="${FINDER_LIST_ID}" aria-label="${escapeHtml(t.suggestions)}"></div>` +
    `</div></div>` +
    `<div class="finder__answer" id="${ANSWER_ID}" role="alert" data-finder-answer>${answerHtml(typed, notice)}</div>` +
    `<div class="visually-hidden" aria-live="polite" data-finder-status></div>` +
    `</form>`
  );
}
