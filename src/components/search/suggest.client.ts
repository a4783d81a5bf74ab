/**
 * Suggestions as the shopper types in the header's search box (issue 23): the WAI-ARIA combobox with a
 * listbox popup, list autocomplete (APG). SearchForm.astro imports this module only once the box is
 * focused, so no page loads any of search before a shopper reaches for it; on load the engine fetches the
 * index's core, and each keystroke only the few files its words need.
 *
 * Every keystroke searches (the last word as a prefix) and paints only if no later keystroke has: answers
 * may arrive out of order while files load. The time from the keystroke to the painted list is measured as
 * `search:suggest` (performance.measure; with the files cached it is the script's own time), for the
 * benchmark to read.
 *
 * Keys, as the APG says: Down/Up move through the rows (wrapping) and open a closed list, Enter opens the
 * active row (with none, the form submits as before), Escape closes, and a second Escape clears the box;
 * Left/Right/Home/End return to editing. A click opens a row (they are links); leaving the box closes it.
 */
import { suggestTexts } from '../../features/search/browser-texts.ts';
import { StaleIndexError } from '../../features/search/decode.ts';
import { createSearchEngine, type SearchEngine } from '../../features/search/engine.ts';
import type { SearchRecord } from '../../features/search/files.ts';
import { PRICED_CANDIDATES, withinPrice } from '../../features/search/price.ts';
import { fetchSource } from '../../features/search/sources.ts';
import {
  DESKTOP_ROWS,
  moveActive,
  nothingFound,
  PHONE_MEDIA,
  PHONE_ROWS,
  planRows,
  rowsHtml,
  suggestionRows,
  type SuggestRow,
} from './suggest-list.ts';

/** The performance measure of one keystroke's suggestions. */
export const SUGGEST_MEASURE = 'search:suggest';

/** Wires the suggestions of a `form[data-suggest]` (SearchForm.astro's markup); once per form. */
export function attachSuggestions(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[role="combobox"]');
  const popup = form.querySelector<HTMLElement>('[data-suggest-popup]');
  const list = form.querySelector<HTMLElement>('[role="listbox"]');
  const none = form.querySelector<HTMLElement>('[data-suggest-none]');
  const status = form.querySelector<HTMLElement>('[data-suggest-status]');
  if (!input || !popup || !list || !none || !status || form.dataset['suggestReady']) return;
  form.dataset['suggestReady'] = 'true';
  wire({ form, input, popup, list, none, status });
}

interface Parts {
  form: HTMLFormElement;
  input: HTMLInputElement;
  popup: HTMLElement;
  list: HTMLElement;
  /** The spec's "No products found" line, in the popup but not an option. */
  none: HTMLElement;
  /** The polite live region saying how many suggestions there are. */
  status: HTMLElement;
}

/** One form's suggestions: its parts, its engine, and what its list shows now. */
interface Suggest extends Parts {
  engine: SearchEngine;
  phone: MediaQueryList;
  /** The number of the last keystroke searched for (or of the last dismissal): older answers paint nothing. */
  latest: number;
  rows: SuggestRow[];
  /** The active row's place, or -1. */
  active: number;
}

function wire(parts: Parts): void {
  const state: Suggest = {
    ...parts,
    engine: createSearchEngine(fetchSource()),
    phone: window.matchMedia(PHONE_MEDIA),
    latest: 0,
    rows: [],
    active: -1,
  };
  // The core names the other files: fetch it now, while the shopper starts typing.
  state.engine.core().catch(() => undefined);
  listen(state);
  // Typed before this module arrived: suggest for it now.
  if (document.activeElement === parts.input && parts.input.value.trim() !== '') void suggest(state);
}

const isOpen = (state: Suggest): boolean => !state.popup.hidden;
const options = (state: Suggest) => state.list.querySelectorAll<HTMLElement>('[role="option"]');

function setActive(state: Suggest, next: number): void {
  const { input } = state;
  const all = options(state);
  all[state.active]?.setAttribute('aria-selected', 'false');
  state.active = next;
  const row = all[state.active];
  if (!row) {
    state.active = -1;
    input.removeAttribute('aria-activedescendant');
    return;
  }
  row.setAttribute('aria-selected', 'true');
  input.setAttribute('aria-activedescendant', row.id);
  row.scrollIntoView({ block: 'nearest' });
}

function open(state: Suggest): void {
  state.popup.hidden = false;
  state.input.setAttribute('aria-expanded', String(!state.list.hidden));
  reachable(state.popup);
}

/**
 * A list taller than the room under the header (a phone, 200 % zoom): the arrow keys bring each row into
 * view from the box, and Tab reaches the list itself too, so its scrolling never needs a pointer.
 */
function reachable(popup: HTMLElement): void {
  if (popup.scrollHeight > popup.clientHeight) popup.tabIndex = 0;
  else popup.removeAttribute('tabindex');
}

function close(state: Suggest): void {
  setActive(state, -1);
  state.popup.hidden = true;
  state.input.setAttribute('aria-expanded', 'false');
}

/** Closes the list at the shopper's word, so no answer still on its way opens it again. */
function dismiss(state: Suggest): void {
  state.latest += 1;
  close(state);
}

/** Dismisses and forgets the list: the text changed or was cleared. */
function clear(state: Suggest): void {
  dismiss(state);
  state.rows = [];
  state.list.replaceChildren();
  state.list.hidden = true;
  state.none.hidden = true;
  state.status.textContent = '';
}

function paint(state: Suggest, next: SuggestRow[], empty: boolean): void {
  const { list, none, status } = state;
  setActive(state, -1);
  state.rows = next;
  list.innerHTML = rowsHtml(next, list.id);
  list.hidden = next.length === 0;
  none.hidden = !empty;
  if (next.length === 0 && !empty) {
    close(state);
    status.textContent = '';
    return;
  }
  open(state);
  const count = next.length > 0 ? suggestTexts.count(next.length) : '';
  status.textContent = empty ? [suggestTexts.none, count].filter(Boolean).join('. ') : count;
}

/**
 * The best products within the price the query asked for ("under £200"), as the shopper reads prices:
 * looked for among the best PRICED_CANDIDATES matches (the slots are cached, so searching again costs
 * only the ranking).
 */
async function pricedRecords({ engine }: Suggest, text: string, count: number): Promise<SearchRecord[]> {
  const wider = await engine.search(text, { typing: true, limit: PRICED_CANDIDATES });
  const vat = document.documentElement.dataset['vat'] === 'excl' ? 'excl' : 'incl';
  const records = await engine.records(wider.ids, wider.variants, wider.core.v);
  return records.filter((record) => withinPrice(record, wider.price, vat)).slice(0, count);
}

async function suggest(state: Suggest, renumbered = false): Promise<void> {
  const { engine, input } = state;
  const text = input.value;
  if (text.trim() === '') return clear(state);
  const mine = (state.latest += 1);
  const started = performance.now();
  try {
    const limit = state.phone.matches ? PHONE_ROWS : DESKTOP_ROWS;
    const answer = await engine.search(text, { typing: true, limit });
    if (mine !== state.latest) return;
    const plan = planRows(answer, limit, text);
    const records = answer.price
      ? await pricedRecords(state, text, plan.products)
      : await engine.records(answer.ids.slice(0, plan.products), answer.variants, answer.core.v);
    // A later keystroke has its own answer coming; and a box left meanwhile shows nothing.
    if (mine !== state.latest || document.activeElement !== input) return;
    paint(state, suggestionRows(text, answer, plan, records), nothingFound(text, answer));
    performance.measure(SUGGEST_MEASURE, {
      start: started,
      detail: { query: text, rows: state.rows.length, total: answer.total },
    });
  } catch (error) {
    // Rebuilt with the products renumbered between the answer and its records: again, on the new index.
    if (error instanceof StaleIndexError && !renumbered && mine === state.latest) return suggest(state, true);
    // Offline or a broken index: no suggestions, and Enter still goes to the results page.
    if (mine === state.latest) close(state);
  }
}

/** The keys, as the module's comment says. */
function onKey(state: Suggest, event: KeyboardEvent): void {
  const { input } = state;
  if (event.isComposing || event.ctrlKey || event.metaKey) return;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      event.preventDefault();
      if (!isOpen(state)) {
        if (state.rows.length === 0) return void suggest(state);
        open(state);
        if (event.altKey) return;
      }
      setActive(state, moveActive(state.active, state.rows.length, event.key === 'ArrowDown' ? 1 : -1));
      return;
    }
    case 'Enter': {
      const row = isOpen(state) ? state.rows[state.active] : undefined;
      if (!row) return; // the form's own submit: /search/{text}
      event.preventDefault();
      window.location.assign(row.href);
      return;
    }
    case 'Escape':
      // Prevented either way: a search input's own Escape would clear the text at the first press.
      if (isOpen(state)) {
        event.preventDefault();
        dismiss(state);
      } else if (input.value !== '') {
        event.preventDefault();
        input.value = '';
        clear(state);
      }
      return;
    case 'ArrowLeft':
    case 'ArrowRight':
    case 'Home':
    case 'End':
      setActive(state, -1);
      return;
  }
}

function listen(state: Suggest): void {
  const { form, input, popup } = state;
  input.addEventListener('input', () => void suggest(state));
  input.addEventListener('keydown', (event) => onKey(state, event));
  // A press on the list must not take focus from the box (which would close it before the click lands).
  popup.addEventListener('mousedown', (event) => event.preventDefault());
  // Tabbed to (it scrolls): Escape closes it and goes back to the box, as from the box itself.
  popup.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dismiss(state);
    input.focus();
  });
  window.addEventListener('resize', () => {
    if (isOpen(state)) reachable(popup);
  });
  form.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) dismiss(state);
  });
  // Back to this page from the bfcache: the list was open when the shopper left through it.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) close(state);
  });
}
