/**
 * What the header's search suggestions list (issue 23), as data and markup, apart from the DOM so it can be
 * tested on its own: which rows fit (categories first, then products, then "See all N results"), each row's
 * markup, and how the arrow keys move through them. The engine's answer and records come in; nothing here
 * fetches or touches the page.
 */
import type { CategoryHit } from '../../features/search/engine.ts';
import type { SearchRecord } from '../../features/search/files.ts';
import { imageUrl } from '../../catalogue/images.ts';
import { foldWords } from '../../features/search/text.ts';
import { searchTexts, suggestTexts } from '../../features/search/browser-texts.ts';
import {
  PARTS_FINDER_ANSWER,
  PARTS_FINDER_PATH,
  partsPagePath,
  fitSearchTexts,
} from '../../features/fits/index.ts';
import { looksLikeLabel } from '../../features/parts-finder/index.ts';
import { productTexts } from '../../features/compare/index.ts';
import { priceHtml } from '../../ui/card-html.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { searchPath } from '../../ui/search-path.ts';

/** Rows on a phone and on a desktop, the "See all" row included: a phone's keyboard hides the rest. */
export const PHONE_ROWS = 8;
export const DESKTOP_ROWS = 10;
/** Categories offered before the products, at most. */
export const MAX_CATEGORIES = 3;
/** The header's phone layout (Header.astro's breakpoint). */
export const PHONE_MEDIA = '(max-width: 899.98px)';

export type SuggestRow =
  | { kind: 'category'; href: string; name: string; audience: string; count: number }
  | {
      kind: 'product';
      href: string;
      name: string;
      image: string;
      inclVat: number | null;
      exclVat: number | null;
      inStock: boolean;
    }
  | { kind: 'didYouMean'; href: string; text: string }
  /** The query names a machine model (issue 39): its parts page. */
  | { kind: 'parts'; href: string; model: string }
  /** The query looks like a hunt for a part: the parts finder. */
  | { kind: 'finder'; href: string }
  | { kind: 'relaxed'; href: string; typed: string; shown: string }
  /** The query asked to sort by a property ("quietest", issue 70): the results, sorted so. */
  | { kind: 'sorted'; href: string; label: string }
  /** The query names what the shop does not sell (issue 70): said so, before the nearest categories. */
  | { kind: 'notSold'; href: string; name: string }
  | { kind: 'seeAll'; href: string; total: number; approximate: boolean }
  /** Nothing found (issue 37): the results page's help (its categories, advice line and tips). */
  | { kind: 'help'; href: string };

/** The part of the engine's answer the list reads. */
export interface SuggestAnswer {
  /** The best products, best first (the engine ranks only as many as asked for). */
  ids: readonly number[];
  /** How many products match (at least, when `approximate`). */
  total: number;
  approximate?: boolean;
  categories: readonly CategoryHit[];
  didYouMean: string | null;
  /** No product has every word: the words the products shown have (the engine's `relaxed`). */
  relaxed?: string | null;
  /** The machine model the query names (the engine's `model`). */
  model?: { name: string; slug: string } | null;
  /** The property the products are sorted by (the engine's `sort`). */
  sort?: { label: string } | null;
  /** What the query names that the shop does not sell (the engine's `notSold`). */
  notSold?: string | null;
}

export interface SuggestPlan {
  categories: CategoryHit[];
  /** How many of the best products to show (their records are fetched next). */
  products: number;
}

/**
 * Whether `text` looks like a hunt for a part: a word such as "part", "spare" or "fits", or the number on a
 * machine's label ("1.673-600.0", as the parts finder reads one).
 */
export const looksLikePartSearch = (text: string): boolean =>
  /\b(?:parts?|spares?|fits?)\b/i.test(text) || looksLikeLabel(text);

/**
 * The rows of "fits my machine" before the others: the parts page of the model `text` names, else the parts
 * finder when it looks like a hunt for a part; a label number goes to the finder's answer to it, which
 * leads to the machine's parts page.
 */
function fitRows(text: string, answer: SuggestAnswer): SuggestRow[] {
  const model = answer.model;
  if (model) return [{ kind: 'parts', href: partsPagePath(model.slug), model: model.name }];
  if (!looksLikePartSearch(text)) return [];
  const label = looksLikeLabel(text) ? `${PARTS_FINDER_ANSWER}?q=${encodeURIComponent(text.trim())}` : null;
  return [{ kind: 'finder', href: label ?? PARTS_FINDER_PATH }];
}

/**
 * The categories and how many products fit in `limit` rows for `text`, keeping the last one for "See all".
 */
export function planRows(answer: SuggestAnswer, limit: number, text = ''): SuggestPlan {
  const categories = answer.categories.slice(0, MAX_CATEGORIES);
  const notice = noticeRows(text, answer).length + fitRows(text, answer).length;
  const room = Math.max(0, limit - categories.length - notice - 1);
  return { categories, products: Math.min(answer.ids.length, room) };
}

/**
 * The rows for `text`. With results: the planned categories, the products of `records` (the best first),
 * then "See all N results", after "No exact match for …" when the products have only some of the words,
 * and after the parts page of the machine model the query names, or the parts finder when it looks like a
 * hunt for a part (issue 39).
 * With none: "Did you mean …" when the engine understood the query otherwise,
 * then the categories nearest its words, as the results page offers them, then a link to that page's help.
 */
export function suggestionRows(
  text: string,
  answer: SuggestAnswer,
  plan: SuggestPlan,
  records: readonly SearchRecord[],
): SuggestRow[] {
  const rows: SuggestRow[] = [];
  const corrected = answer.total === 0 && answer.didYouMean ? searchPath(answer.didYouMean) : null;
  if (corrected !== null && answer.didYouMean)
    rows.push({ kind: 'didYouMean', href: corrected, text: answer.didYouMean });
  rows.push(...noticeRows(text, answer), ...fitRows(text, answer));
  for (const { name, path, count, audience } of plan.categories)
    rows.push({ kind: 'category', href: path, name, audience, count });
  for (const [, name, path, image, , inclVat, exclVat, inStock] of records.slice(0, plan.products))
    rows.push({ kind: 'product', href: path, name, image, inclVat, exclVat, inStock: inStock === 1 });
  const all = searchPath(text);
  if (answer.total > 0 && all !== null)
    rows.push({ kind: 'seeAll', href: all, total: answer.total, approximate: answer.approximate === true });
  if (all !== null && nothingFound(text, answer)) rows.push({ kind: 'help', href: `${all}#search-help` });
  return rows;
}

/**
 * What the list says first about how the query was read: that the shop does not sell what it names, that no
 * product has every word (leading to the results of the words kept), or the property the products are
 * sorted by.
 */
function noticeRows(text: string, answer: SuggestAnswer): SuggestRow[] {
  const all = searchPath(text);
  if (answer.notSold && all !== null) return [{ kind: 'notSold', href: all, name: answer.notSold }];
  const rows: SuggestRow[] = [];
  const relaxed = answer.total > 0 && answer.relaxed ? searchPath(answer.relaxed) : null;
  if (relaxed !== null && answer.relaxed)
    rows.push({ kind: 'relaxed', href: relaxed, typed: text.trim(), shown: answer.relaxed });
  if (answer.total > 0 && answer.sort && all !== null)
    rows.push({ kind: 'sorted', href: all, label: answer.sort.label });
  return rows;
}

/**
 * Whether the shopper is still on the first letters of a word: the engine, while typing, leaves a last
 * word of one or two letters (without digits) aside until it grows, so finding nothing yet means nothing.
 */
export function stillTyping(text: string): boolean {
  const last = foldWords(text).at(-1) ?? '';
  return !/\s$/.test(text) && last.length < 3 && !/\d/.test(last);
}

/** Nothing matched the whole query: the spec's "No products found" text shows above any rows. */
export const nothingFound = (text: string, answer: SuggestAnswer): boolean =>
  answer.total === 0 && !stillTyping(text);

/** The option's inner markup: what a shopper reads, which is also its name for screen readers. */
function rowContent(row: SuggestRow): string {
  const line = (name: string, meta: string) =>
    `<span class="suggest__text"><span class="suggest__name">${name}</span>` +
    (meta && `<span class="suggest__meta">${meta}</span>`) +
    `</span>`;
  switch (row.kind) {
    case 'category':
      return line(escapeHtml(row.name), escapeHtml(suggestTexts.category(row.audience, row.count)));
    case 'product': {
      const picture = row.image
        ? `<img class="suggest__thumb" src="${escapeHtml(imageUrl(row.image, 160))}" alt="" width="48" height="48" decoding="async">`
        : `<span class="suggest__thumb"></span>`;
      const price = priceHtml(row.inclVat, row.exclVat);
      const stock = row.inStock
        ? `<span class="suggest__stock">${productTexts.inStock}</span>`
        : `<span class="suggest__stock suggest__stock--out">${productTexts.unavailable}</span>`;
      return picture + line(escapeHtml(row.name), (price && `<span>${price}</span> `) + stock);
    }
    case 'didYouMean':
      return line(escapeHtml(suggestTexts.didYouMean(row.text)), '');
    case 'parts':
      return line(escapeHtml(fitSearchTexts.partsFor(row.model)), '');
    case 'finder':
      return line(escapeHtml(fitSearchTexts.finder), escapeHtml(fitSearchTexts.finderHint));
    case 'relaxed':
      return line(escapeHtml(suggestTexts.relaxed(row.typed, row.shown)), '');
    case 'sorted':
      return line(escapeHtml(suggestTexts.sorted(row.label)), '');
    case 'notSold':
      return line(escapeHtml(searchTexts.notSold(row.name)), '');
    case 'seeAll':
      return line(escapeHtml(suggestTexts.seeAll(row.total, row.approximate)), '');
    case 'help':
      return line(escapeHtml(suggestTexts.help), '');
  }
}

/**
 * The listbox's options, `{idPrefix}-{n}` each: links (so a click, a middle click or a long press does what
 * a link does) taking the option role, out of the tab order since the input keeps focus
 * (`aria-activedescendant`).
 */
export function rowsHtml(rows: readonly SuggestRow[], idPrefix: string): string {
  return rows
    .map(
      (row, at) =>
        `<a role="option" tabindex="-1" aria-selected="false" id="${escapeHtml(`${idPrefix}-${at}`)}" ` +
        `class="suggest__row suggest__row--${row.kind}" href="${escapeHtml(row.href)}">${rowContent(row)}</a>`,
    )
    .join('');
}

/** The row an arrow key moves to from `active` (-1: none), wrapping at either end; -1 when there are none. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (active < 0 || active >= count) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
