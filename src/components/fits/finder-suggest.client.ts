/**
 * The parts finder as the shopper types (loaded at the first use of its box: parts-finder.client.ts): the
 * machines that match, from the build's models file (and its label numbers, or its machines' SKUs, once what
 * is typed looks like one), as a combobox's listbox of links (WAI-ARIA APG, list autocomplete), and Enter to the best match
 * (features/parts-finder/lookup.ts, the rule the storefront server follows without JavaScript). What leads
 * nowhere is said under the box, with what was typed kept in it.
 *
 * Keys: Down/Up move through the rows (wrapping) and open a closed list, Enter opens the active row (with
 * none, the best match), Escape closes, a second Escape clears the box. Each keystroke paints only if no
 * later one has: the label numbers may arrive after the next key.
 */
import type { ModelEntry } from '../../catalogue/fit-files.ts';
import { finderTexts as t, partsPagePath } from '../../features/fits/texts.ts';
import { loadLabels, loadModels, loadSkus } from '../../features/fits/fit-data.ts';
import {
  finderAnswer,
  finderMatches,
  looksLikeLabel,
  mayBeSku,
  type FinderMatches,
} from '../../features/parts-finder/index.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { answerHtml, isRefusal, type FinderNotice } from './finder-form.ts';

async function matchesFor(typed: string): Promise<FinderMatches> {
  const label = looksLikeLabel(typed);
  const [models, labels] = await Promise.all([loadModels(), label ? loadLabels() : undefined]);
  const skus = mayBeSku(typed, models) ? await loadSkus() : undefined;
  return finderMatches(typed, models, labels, skus);
}

function rowHtml(model: ModelEntry, at: number, listId: string, byLabel: boolean): string {
  const meta = [byLabel ? t.byLabel : model.kind, t.partCount(model.parts)].filter(Boolean).join(' · ');
  return (
    `<a role="option" tabindex="-1" aria-selected="false" id="${listId}-${at}" class="finder__row"` +
    ` href="${escapeHtml(partsPagePath(model.slug))}"><span class="finder__name">${escapeHtml(model.name)}</span>` +
    `<span class="finder__meta">${escapeHtml(meta)}</span></a>`
  );
}

/** The form's popup, listbox, answer region and live region (finder-form.ts draws them). */
function partsOf(form: HTMLFormElement) {
  const popup = form.querySelector<HTMLElement>('[data-finder-popup]');
  const list = form.querySelector<HTMLElement>('[role="listbox"]');
  const answer = form.querySelector<HTMLElement>('[data-finder-answer]');
  const status = form.querySelector<HTMLElement>('[data-finder-status]');
  if (!popup || !list || !answer || !status) throw new Error('The parts finder form lacks its parts.');
  return { popup, list, answer, status };
}

export interface Finder {
  /** Sends what is typed to its model's parts page, or says under the box why it cannot. */
  go(): Promise<void>;
}

/** Wires the form's suggestions and answers. */
export function attachFinder(form: HTMLFormElement, input: HTMLInputElement): Finder {
  const { popup, list, answer, status } = partsOf(form);
  let latest = 0;
  let active = -1;
  const rows = () => list.querySelectorAll<HTMLAnchorElement>('[role="option"]');

  function setActive(next: number): void {
    const all = rows();
    all[active]?.setAttribute('aria-selected', 'false');
    const row = all[next];
    active = row ? next : -1;
    if (row) {
      row.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', row.id);
      row.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  function show(open: boolean): void {
    if (!open) setActive(-1);
    popup.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
  }

  function paint(matches: FinderMatches): void {
    setActive(-1);
    list.innerHTML = matches.models.map((model, at) => rowHtml(model, at, list.id, matches.byLabel)).join('');
    show(matches.models.length > 0);
    status.textContent = matches.models.length > 0 ? t.suggestionCount(matches.models.length) : '';
  }

  function tell(notice: FinderNotice | null): void {
    answer.innerHTML = answerHtml(input.value, notice);
    if (isRefusal(notice)) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  async function suggest(): Promise<void> {
    const typed = input.value;
    const mine = (latest += 1);
    tell(null);
    if (typed.trim() === '') return paint({ best: undefined, models: [], byLabel: false });
    try {
      const matches = await matchesFor(typed);
      if (mine === latest && document.activeElement === input) paint(matches);
    } catch {
      // Offline or a broken file: no suggestions; Enter still finds (or sends the form to the server).
      if (mine === latest) show(false);
    }
  }

  async function go(): Promise<void> {
    const typed = input.value;
    latest += 1;
    let matches: FinderMatches;
    try {
      matches = await matchesFor(typed);
    } catch {
      return form.submit();
    }
    const found = finderAnswer(typed, matches);
    if (found.kind === 'found') return window.location.assign(partsPagePath(found.model.slug));
    show(false);
    tell(found);
  }

  input.addEventListener('input', () => void suggest());
  input.addEventListener('keydown', (event) => {
    if (event.isComposing || event.ctrlKey || event.metaKey) return;
    const count = rows().length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (popup.hidden) return void (count > 0 ? show(true) : suggest());
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active < 0 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
    } else if (event.key === 'Enter') {
      const row = popup.hidden ? undefined : rows()[active];
      if (!row) return; // the form's submit: the best match
      event.preventDefault();
      window.location.assign(row.href);
    } else if (event.key === 'Escape') {
      // Prevented either way: a search input's own Escape would clear the text at the first press.
      event.preventDefault();
      if (!popup.hidden) return show(false);
      input.value = '';
      void suggest();
    } else if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) setActive(-1);
  });
  // A row keeps the focus in the box when pressed (it is a link: the click follows it).
  list.addEventListener('mousedown', (event) => event.preventDefault());
  input.addEventListener('blur', () => show(false));
  input.addEventListener('focus', () => {
    if (input.value.trim() !== '') void suggest();
  });
  // The box had text before this module loaded (typed fast, or the server's answer): suggest for it now.
  if (document.activeElement === input && input.value.trim() !== '') void suggest();
  return { go };
}
