/**
 * The quick order page's painter (pages/quick-order.astro): draws each state of the rows store
 * (features/quick-order/quick-order-state.ts) into the page's markup, and turns the shopper's typing,
 * pasting, picking, removing and "Add all to basket" into the store's actions. What the rows hold, how
 * they resolve and what adding them comes to is the store's; only elements and focus are this file's.
 * Plain TypeScript: no React on this page.
 */
import { addAllToCart } from '../../features/cart/index.ts';
import { siteLookup } from '../../features/quick-order/lookup.ts';
import {
  $quickOrder,
  addAllToBasket,
  addRow,
  chooseValue,
  MAX_ROWS,
  pasteLines,
  removeRow,
  setQty,
  startQuickOrder,
  typeCode,
  type QuickOrderState,
  type RowPricing,
  type Summary,
} from '../../features/quick-order/quick-order-state.ts';
import { quickOrderTexts as t } from '../../features/quick-order/texts.ts';
import { paintRows } from './row-paint.ts';

export function initQuickOrder(root: HTMLElement): void {
  // A Trade customer's rows are priced from their price file (read once per visit): only their pages load it.
  if (!document.documentElement.hasAttribute('data-trade')) return beginQuickOrder(root);
  import('../../features/quick-order/trade-pricing.ts')
    .then(({ tradePricing }) => tradePricing())
    .then(
      (price) => beginQuickOrder(root, price),
      () => beginQuickOrder(root),
    );
}

function beginQuickOrder(root: HTMLElement, price?: RowPricing): void {
  const form = root.querySelector<HTMLFormElement>('[data-form]');
  const list = root.querySelector<HTMLOListElement>('[data-rows]');
  const addRowButton = root.querySelector<HTMLButtonElement>('[data-add-row]');
  const submitButton = root.querySelector<HTMLButtonElement>('[data-submit]');
  const note = root.querySelector<HTMLElement>('[data-note]');
  const summary = root.querySelector<HTMLElement>('[data-summary]');
  if (!form || !list || !addRowButton || !submitButton || !note || !summary) return;

  const lookup = siteLookup(Math.max(1, Number(root.dataset['codeFiles']) || 1));
  startQuickOrder({
    lookup,
    addToBasket: addAllToCart,
    storage: sessionStorage,
    ...(price ? { price } : {}),
  });
  /** Each row's element, by the row's key. */
  const elements = new Map<number, HTMLLIElement>();

  let shown: QuickOrderState | undefined;
  // The pre-rendered rows give way to the store's (as many, drawn alike: nothing moves).
  list.replaceChildren();
  $quickOrder.subscribe((state) => {
    const before = shown;
    shown = state;
    if (state.rows !== before?.rows) {
      paintRows(list, elements, state.rows, before?.rows ?? []);
      addRowButton.toggleAttribute('disabled', state.rows.length >= MAX_ROWS);
    }
    if (state.note !== before?.note) note.textContent = state.note;
    if (before && state.busy !== before.busy) paintBusy(form, submitButton, state.busy);
    if (state.summary && state.summary !== before?.summary) showSummary(summary, state.summary);
  });

  // Events -----------------------------------------------------------------------------------------------

  const keyOf = (target: EventTarget | null): number | undefined => {
    const item = target instanceof Element ? target.closest<HTMLElement>('li[data-key]') : null;
    return item ? Number(item.dataset['key']) : undefined;
  };
  const focusCode = (key: number | undefined): void => {
    if (key !== undefined) elements.get(key)?.querySelector<HTMLInputElement>('[data-code]')?.focus();
  };

  // The shopper is about to type or paste: a small catalogue's code files are fetched now.
  form.addEventListener('focusin', () => lookup.warm(), { once: true });

  form.addEventListener('input', ({ target }) => {
    const key = keyOf(target);
    if (key === undefined || !(target instanceof HTMLInputElement)) return;
    if (target.matches('[data-code]')) typeCode(key, target.value);
    else if (target.matches('[data-qty]')) setQty(key, target.value);
  });

  form.addEventListener('change', ({ target }) => {
    const key = keyOf(target);
    if (key === undefined || !(target instanceof HTMLSelectElement) || !target.dataset['attribute']) return;
    chooseValue(key, target.dataset['attribute'], target.value === '' ? undefined : Number(target.value));
  });

  form.addEventListener('paste', (event) => {
    const key = keyOf(event.target);
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (key !== undefined && event.target instanceof HTMLInputElement && pasteLines(key, text))
      event.preventDefault();
  });

  form.addEventListener('click', ({ target }) => {
    const key = keyOf(target);
    if (key !== undefined && target instanceof Element && target.closest('[data-remove]'))
      focusCode(removeRow(key));
  });

  addRowButton.addEventListener('click', () => focusCode(addRow()));

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void addAllToBasket();
  });

  form.removeAttribute('aria-busy');
}

function paintBusy(form: HTMLFormElement, submit: HTMLButtonElement, busy: boolean): void {
  form.setAttribute('aria-busy', String(busy));
  submit.setAttribute('aria-disabled', String(busy));
  submit.textContent = busy ? t.adding : t.addAll;
}

/** What "Add all to basket" did, shown and focused. */
function showSummary(summary: HTMLElement, { headline, lines, anyAdded }: Summary): void {
  const heading = summary.querySelector<HTMLElement>('[data-summary-headline]');
  const report = summary.querySelector<HTMLElement>('[data-summary-list]');
  const basket = summary.querySelector<HTMLElement>('[data-summary-basket]');
  if (!heading || !report) return;
  heading.textContent = headline;
  report.replaceChildren(
    ...lines.map(({ text, added }) => {
      const line = document.createElement('li');
      line.className = added ? 'quick-order__added' : 'quick-order__not-added';
      line.textContent = text;
      return line;
    }),
  );
  basket?.toggleAttribute('hidden', !anyAdded);
  summary.hidden = false;
  summary.focus();
}
