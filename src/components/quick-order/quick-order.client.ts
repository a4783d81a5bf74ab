/**
 * The quick order page (QuickOrder.astro): rows of a code and a quantity, each resolved as it is typed
 * from the build's codes and facts files (rows.ts), a paste of several lines spread over rows, a size
 * picker for a configurable, and "Add all to basket", which adds the ready rows one after the other
 * through the cart store and then says, row by row, what was added and what was not and why. Rows not
 * added stay; every row is kept for the tab (saved.ts). Plain TypeScript: no React on this page.
 */
import { variantQuery } from '../../catalogue/variants.ts';
import { addAllToCart } from '../../features/cart/cart-state.ts';
import { problemText } from '../../features/problem.ts';
import { siteLookup } from '../../features/quick-order/lookup.ts';
import { isMultiline, parsePaste } from '../../features/quick-order/paste.ts';
import {
  chosenChild,
  emptyRow,
  resolveCode,
  rowPrice,
  spreadLines,
  START_ROWS,
  verdict,
  type OrderRow,
  type Resolution,
  type Verdict,
} from '../../features/quick-order/rows.ts';
import { loadRows, saveRows } from '../../features/quick-order/saved.ts';
import { quickOrderTexts as t } from '../../features/quick-order/texts.ts';
import type { ProductFacts } from '../../features/product-data/facts.ts';
import { unitPrice, vatPrice } from '../basket/vat-price.ts';

/** Rows at most: a longer paste keeps the first ones and says so. */
const MAX_ROWS = 200;
/** How long typing pauses before a code is looked up. */
const TYPING_PAUSE_MS = 150;

interface RowState {
  /** Stable for the page: ties a row's elements to it across renumbering. */
  key: number;
  row: OrderRow;
  /** What the row's code resolved to; undefined while looking it up. */
  resolution: Resolution | undefined;
  /** The code `resolution` (or the pending look-up) is of. */
  resolvedCode: string | undefined;
  pending: Promise<void> | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function initQuickOrder(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('[data-form]');
  const list = root.querySelector<HTMLOListElement>('[data-rows]');
  const addRowButton = root.querySelector<HTMLButtonElement>('[data-add-row]');
  const submitButton = root.querySelector<HTMLButtonElement>('[data-submit]');
  const note = root.querySelector<HTMLElement>('[data-note]');
  const summary = root.querySelector<HTMLElement>('[data-summary]');
  if (!form || !list || !addRowButton || !submitButton || !note || !summary) return;

  const lookup = siteLookup(Math.max(1, Number(root.dataset['codeFiles']) || 1));
  let nextKey = 0;
  let busy = false;
  const state: RowState[] = [];

  const stateOf = (row: OrderRow): RowState => ({
    key: nextKey++,
    row,
    resolution: row.code.trim() === '' ? { status: 'empty' } : undefined,
    resolvedCode: undefined,
    pending: undefined,
    timer: undefined,
  });

  const save = (): void =>
    saveRows(
      sessionStorage,
      state.map(({ row }) => row),
    );

  function elementOf(entry: RowState): HTMLLIElement | null {
    return list?.querySelector<HTMLLIElement>(`li[data-key="${entry.key}"]`) ?? null;
  }

  /** Resolves the row's code now (once per code): the row redraws when the answer comes. */
  function resolve(entry: RowState): Promise<void> {
    const code = entry.row.code.trim();
    if (entry.resolvedCode === code && entry.pending) return entry.pending;
    entry.resolvedCode = code;
    entry.resolution = code === '' ? { status: 'empty' } : undefined;
    const pending = resolveCode(code, lookup).then((resolution) => {
      if (entry.resolvedCode !== code) return;
      entry.resolution = resolution;
      // A child's own code chooses it (the shopper may change it in the picker).
      if (resolution.status === 'found' && resolution.child && Object.keys(entry.row.choice).length === 0) {
        const child = resolution.product.variants?.children.find(({ sku }) => sku === resolution.child);
        if (child) entry.row.choice = { ...child.values };
        save();
      }
      drawResult(entry, true);
    });
    entry.pending = pending;
    return pending;
  }

  function scheduleResolve(entry: RowState): void {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void resolve(entry), TYPING_PAUSE_MS);
  }

  // Markup -----------------------------------------------------------------------------------------------

  function rowElement(entry: RowState, position: number): HTMLLIElement {
    const item = document.createElement('li');
    item.className = 'quick-order__row';
    item.dataset['key'] = String(entry.key);
    const codeId = `quick-order-code-${entry.key}`;
    const qtyId = `quick-order-qty-${entry.key}`;
    // The row's status ("No product has this SKU…", "Choose a volume.") describes its fields.
    const statusId = statusIdOf(entry);
    item.innerHTML = `
      <div class="quick-order__field quick-order__field--code">
        <label class="visually-hidden quick-order__label" for="${codeId}"></label>
        <input class="quick-order__input" id="${codeId}" name="code" type="text" autocomplete="off"
          autocapitalize="characters" spellcheck="false" maxlength="64" aria-describedby="${statusId}"
          data-code />
      </div>
      <div class="quick-order__field quick-order__field--qty">
        <label class="visually-hidden quick-order__label" for="${qtyId}"></label>
        <input class="quick-order__input" id="${qtyId}" name="qty" type="text" inputmode="numeric"
          autocomplete="off" maxlength="6" aria-describedby="${statusId}" data-qty />
      </div>
      <div class="quick-order__result" data-result></div>
      <button class="quick-order__remove" type="button" data-remove></button>`;
    const code = item.querySelector<HTMLInputElement>('[data-code]');
    const qty = item.querySelector<HTMLInputElement>('[data-qty]');
    if (code) code.value = entry.row.code;
    if (qty) qty.value = entry.row.qty;
    label(item, position);
    return item;
  }

  const statusIdOf = (entry: RowState): string => `quick-order-status-${entry.key}`;

  /** Labels that name the row's number (they change when a row above is removed). */
  function label(item: HTMLElement, position: number): void {
    const labels = item.querySelectorAll<HTMLLabelElement>('label');
    const [codeLabel, qtyLabel] = [labels[0], labels[1]];
    if (codeLabel) codeLabel.textContent = t.codeLabel(position + 1);
    if (qtyLabel) qtyLabel.textContent = t.qtyLabel(position + 1);
    for (const row of item.querySelectorAll<HTMLElement>('[data-choice-row]'))
      row.textContent = t.choiceRow(position + 1);
    const remove = item.querySelector<HTMLButtonElement>('[data-remove]');
    if (remove) {
      remove.textContent = t.removeShort;
      remove.setAttribute('aria-label', t.remove(position + 1));
    }
  }

  function drawAll(): void {
    const items = state.map((entry, position) => {
      const item = rowElement(entry, position);
      return item;
    });
    list?.replaceChildren(...items);
    state.forEach((entry) => drawResult(entry, true));
    addRowButton?.toggleAttribute('disabled', state.length >= MAX_ROWS);
  }

  function relabel(): void {
    state.forEach((entry, position) => {
      const item = elementOf(entry);
      if (item) label(item, position);
    });
  }

  function picker(entry: RowState, product: ProductFacts): HTMLElement | null {
    const variants = product.variants;
    if (!variants) return null;
    const box = document.createElement('div');
    box.className = 'quick-order__picker';
    for (const attribute of variants.attributes) {
      const id = `quick-order-${attribute.code}-${entry.key}`;
      const name = document.createElement('label');
      name.htmlFor = id;
      // Seen as "Volume", read as "Volume, row 3", as the row's other fields are.
      const row = document.createElement('span');
      row.className = 'visually-hidden';
      row.dataset['choiceRow'] = '';
      row.textContent = t.choiceRow(state.indexOf(entry) + 1);
      name.append(attribute.label, row);
      const select = document.createElement('select');
      select.id = id;
      select.setAttribute('aria-describedby', statusIdOf(entry));
      select.dataset['attribute'] = attribute.code;
      select.append(new Option(t.chooseOption, ''));
      for (const value of attribute.values) {
        // Only values some child has; a value whose every child is sold out says so.
        const children = variants.children.filter((child) => child.values[attribute.code] === value.id);
        if (children.length === 0) continue;
        const soldOut = children.every((child) => !child.inStock);
        const option = new Option(soldOut ? t.soldOutValue(value.label) : value.label, String(value.id));
        option.selected = entry.row.choice[attribute.code] === value.id;
        select.append(option);
      }
      box.append(name, select);
    }
    return box;
  }

  /** The row's product and what it comes to; `whole` redraws the picker too (a new product). */
  function drawResult(entry: RowState, whole: boolean): void {
    const item = elementOf(entry);
    const result = item?.querySelector<HTMLElement>('[data-result]');
    if (!item || !result) return;
    const resolution = entry.resolution;
    const found = resolution?.status === 'found' ? resolution.product : null;
    if (whole) {
      result.replaceChildren();
      if (found) {
        const about = document.createElement('p');
        about.className = 'quick-order__product';
        about.dataset['about'] = '';
        result.append(about);
        const pick = picker(entry, found);
        if (pick) result.append(pick);
      }
      const status = document.createElement('p');
      status.id = statusIdOf(entry);
      status.className = 'quick-order__status';
      status.dataset['status'] = '';
      result.append(status);
    }
    if (found) drawAbout(result, entry, found);
    drawStatus(result, verdict(entry.row, entry.resolution), entry);
  }

  function drawAbout(result: HTMLElement, entry: RowState, product: ProductFacts): void {
    const about = result.querySelector<HTMLElement>('[data-about]');
    if (!about) return;
    const child = product.variants ? chosenChild(product, entry.row.choice) : undefined;
    const link = document.createElement('a');
    link.className = 'quick-order__name';
    link.href = child ? childHref(product, entry.row.choice) : product.href;
    link.textContent = product.name;
    const parts: Node[] = [link];
    const model = child ? child.model : (product.model ?? null);
    if (model) {
      const small = document.createElement('span');
      small.className = 'quick-order__model';
      small.textContent = t.model(model);
      parts.push(small);
    }
    // What the basket will charge each for the typed quantity: a tier price says for how many.
    const amounts = rowPrice(entry.row, entry.resolution);
    if (amounts && (amounts.inclVat !== null || amounts.exclVat !== null)) {
      const price = document.createElement('span');
      price.className = 'quick-order__price';
      if (amounts.tierQty === null) price.append(...vatPrice(amounts));
      else price.append(...unitPrice(amounts, false), ` ${t.tierQty(amounts.tierQty)}`);
      parts.push(price);
    }
    about.replaceChildren(...parts);
  }

  function drawStatus(result: HTMLElement, outcome: Verdict, entry: RowState): void {
    const status = result.querySelector<HTMLElement>('[data-status]');
    if (!status) return;
    const item = elementOf(entry);
    item?.classList.toggle(
      'quick-order__row--problem',
      outcome.kind === 'problem' && entry.resolution !== undefined,
    );
    if (outcome.kind === 'blank') status.textContent = '';
    else if (outcome.kind === 'problem') status.textContent = outcome.message;
    else status.textContent = t.inStock;
    status.classList.toggle('quick-order__status--ok', outcome.kind === 'ready');
    const qty = item?.querySelector<HTMLInputElement>('[data-qty]');
    const bad = outcome.kind === 'problem' && outcome.message === t.badQuantity;
    if (qty) {
      if (bad) qty.setAttribute('aria-invalid', 'true');
      else qty.removeAttribute('aria-invalid');
    }
    const code = item?.querySelector<HTMLInputElement>('[data-code]');
    const unknown = outcome.kind === 'problem' && outcome.message === t.unknown;
    if (code) {
      if (unknown) code.setAttribute('aria-invalid', 'true');
      else code.removeAttribute('aria-invalid');
    }
  }

  /** The parent's page with the row's values chosen (`/car-shampoo?volume=5-l`). */
  function childHref(product: ProductFacts, choice: Readonly<Record<string, number>>): string {
    const query = variantQuery(product.variants?.attributes ?? [], choice);
    return query ? `${product.href}?${query}` : product.href;
  }

  // Events -----------------------------------------------------------------------------------------------

  const entryOf = (target: EventTarget | null): RowState | undefined => {
    const item = target instanceof Element ? target.closest<HTMLElement>('li[data-key]') : null;
    return item ? state.find((entry) => String(entry.key) === item.dataset['key']) : undefined;
  };

  // The shopper is about to type or paste: a small catalogue's code files are fetched now.
  form.addEventListener('focusin', () => lookup.warm(), { once: true });

  form.addEventListener('input', (event) => {
    const target = event.target;
    const entry = entryOf(target);
    if (!entry || !(target instanceof HTMLInputElement)) return;
    if (target.matches('[data-code]')) {
      entry.row.code = target.value;
      entry.row.choice = {};
      if (entry.row.code.trim() !== entry.resolvedCode) {
        entry.resolution = entry.row.code.trim() === '' ? { status: 'empty' } : undefined;
        entry.resolvedCode = undefined;
        entry.pending = undefined;
        drawResult(entry, true);
        scheduleResolve(entry);
      }
    } else if (target.matches('[data-qty]')) {
      entry.row.qty = target.value;
      drawResult(entry, false);
    }
    save();
  });

  form.addEventListener('change', (event) => {
    const target = event.target;
    const entry = entryOf(target);
    if (!entry || !(target instanceof HTMLSelectElement)) return;
    const attribute = target.dataset['attribute'];
    if (!attribute) return;
    const others = Object.entries(entry.row.choice).filter(([code]) => code !== attribute);
    entry.row.choice = Object.fromEntries(
      target.value === '' ? others : [...others, [attribute, Number(target.value)]],
    );
    drawResult(entry, false);
    save();
  });

  form.addEventListener('paste', (event) => {
    const target = event.target;
    const entry = entryOf(target);
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (!entry || !(target instanceof HTMLInputElement) || !isMultiline(text)) return;
    event.preventDefault();
    pasteLines(state.indexOf(entry), text);
  });

  function pasteLines(at: number, text: string): void {
    const lines = parsePaste(text);
    if (lines.length === 0) return;
    const { rows, kept } = spreadLines(
      state.map(({ row }) => row),
      at,
      lines,
      MAX_ROWS,
    );
    // Rows the paste left as they were keep their state (and their look-ups); the row pasted into keeps
    // its element, so the focus stays where it was and the page is laid out once, after the look-ups.
    const before = new Map(state.map((entry) => [entry.row, entry]));
    const pastedInto = state[at];
    const fresh = rows.map((row, position) => {
      const known = before.get(row);
      if (known) return known;
      const entry = stateOf(row);
      if (position === at && pastedInto) entry.key = pastedInto.key;
      return entry;
    });
    state.splice(0, state.length, ...fresh);
    if (note) note.textContent = kept < lines.length ? t.tooManyLines(MAX_ROWS) : '';
    placeRows();
    for (const entry of state) if (!before.has(entry.row)) void resolve(entry);
    save();
  }

  /**
   * The list's elements in the rows' order, with as few moves as a paste needs: rows gone are removed,
   * new rows inserted, kept ones relabelled (and refilled, for the row pasted into); none is taken out and
   * put back, which would lose the focus.
   */
  const placeRows = (): void => {
    const keys = new Set(state.map((entry) => String(entry.key)));
    for (const item of [...list.children])
      if (item instanceof HTMLElement && !keys.has(item.dataset['key'] ?? '')) item.remove();
    let previous: Element | null = null;
    state.forEach((entry, position) => {
      let item: HTMLLIElement | null = elementOf(entry);
      if (item) {
        label(item, position);
        const code = item.querySelector<HTMLInputElement>('[data-code]');
        const qty = item.querySelector<HTMLInputElement>('[data-qty]');
        if (code && code.value !== entry.row.code) code.value = entry.row.code;
        if (qty && qty.value !== entry.row.qty) qty.value = entry.row.qty;
      } else item = rowElement(entry, position);
      const place: Element | null = previous ? previous.nextElementSibling : list.firstElementChild;
      if (place !== item) list.insertBefore(item, place);
      if (entry.resolution === undefined || entry.resolvedCode === undefined) drawResult(entry, true);
      previous = item;
    });
    addRowButton.toggleAttribute('disabled', state.length >= MAX_ROWS);
  };

  form.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest('[data-remove]')) return;
    const entry = entryOf(target);
    if (!entry) return;
    const position = state.indexOf(entry);
    state.splice(position, 1);
    elementOf(entry)?.remove();
    if (state.length === 0) {
      const fresh = stateOf(emptyRow());
      state.push(fresh);
      list.append(rowElement(fresh, 0));
      drawResult(fresh, true);
    }
    relabel();
    addRowButton.toggleAttribute('disabled', state.length >= MAX_ROWS);
    save();
    const next = state[Math.min(position, state.length - 1)];
    if (next) elementOf(next)?.querySelector<HTMLInputElement>('[data-code]')?.focus();
  });

  addRowButton.addEventListener('click', () => {
    if (state.length >= MAX_ROWS) return;
    const entry = stateOf(emptyRow());
    state.push(entry);
    list.append(rowElement(entry, state.length - 1));
    drawResult(entry, true);
    addRowButton.toggleAttribute('disabled', state.length >= MAX_ROWS);
    save();
    elementOf(entry)?.querySelector<HTMLInputElement>('[data-code]')?.focus();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void addAll();
  });

  // Add all ----------------------------------------------------------------------------------------------

  function setBusy(on: boolean): void {
    busy = on;
    form?.setAttribute('aria-busy', String(on));
    submitButton?.setAttribute('aria-disabled', String(on));
    if (submitButton) submitButton.textContent = on ? t.adding : t.addAll;
  }

  async function addAll(): Promise<void> {
    if (busy) return;
    setBusy(true);
    try {
      await Promise.all(state.map((entry) => resolve(entry)));
      const rows = state.map((entry) => ({ entry, outcome: verdict(entry.row, entry.resolution) }));
      const ready = rows.flatMap(({ entry, outcome }) =>
        outcome.kind === 'ready' ? [{ entry, add: outcome.add }] : [],
      );
      // One after the other, the basket refreshed once at the end.
      const outcomes = await addAllToCart(ready.map(({ add }) => add));
      const results = new Map(ready.map(({ entry }, at) => [entry, outcomes[at]]));
      const report: { text: string; added: boolean }[] = [];
      const left: RowState[] = [];
      let added = 0;
      for (const { entry, outcome } of rows) {
        if (outcome.kind === 'blank') continue;
        if (outcome.kind === 'problem') {
          report.push({ text: t.notAdded(entry.row.code.trim(), outcome.message), added: false });
          left.push(entry);
          continue;
        }
        const result = results.get(entry);
        if (result?.status === 'fulfilled') {
          added += 1;
          report.push({ text: t.added(outcome.add.qty, outcome.add.name), added: true });
        } else {
          const reason = problemText(result?.status === 'rejected' ? result.reason : undefined);
          report.push({ text: t.notAdded(entry.row.code.trim(), reason), added: false });
          left.push(entry);
          setProblem(entry, reason);
        }
      }
      if (report.length === 0) {
        showSummary(t.nothingToAdd, [], false);
        return;
      }
      state.splice(0, state.length, ...(left.length > 0 ? left : [stateOf(emptyRow())]));
      const failures = [...magentoProblems];
      drawAll();
      for (const [entry, reason] of failures) if (state.includes(entry)) setProblem(entry, reason);
      save();
      const headline =
        left.length === 0 ? t.allAdded(added) : added === 0 ? t.noneAdded : t.someAdded(added, left.length);
      showSummary(headline, report, added > 0);
    } finally {
      magentoProblems.clear();
      setBusy(false);
    }
  }

  /** Magento's refusals of rows, shown on the row until it changes. */
  const magentoProblems = new Map<RowState, string>();

  function setProblem(entry: RowState, reason: string): void {
    magentoProblems.set(entry, reason);
    const status = elementOf(entry)?.querySelector<HTMLElement>('[data-status]');
    if (status) {
      status.textContent = reason;
      status.classList.remove('quick-order__status--ok');
    }
    elementOf(entry)?.classList.add('quick-order__row--problem');
  }

  function showSummary(
    headline: string,
    report: { text: string; added: boolean }[],
    anyAdded: boolean,
  ): void {
    const heading = summary?.querySelector<HTMLElement>('[data-summary-headline]');
    const lines = summary?.querySelector<HTMLElement>('[data-summary-list]');
    const basket = summary?.querySelector<HTMLElement>('[data-summary-basket]');
    if (!summary || !heading || !lines) return;
    heading.textContent = headline;
    lines.replaceChildren(
      ...report.map(({ text, added }) => {
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

  // Start ------------------------------------------------------------------------------------------------

  const saved = loadRows(sessionStorage);
  const rows = saved ?? Array.from({ length: START_ROWS }, emptyRow);
  state.push(...rows.slice(0, MAX_ROWS).map(stateOf));
  drawAll();
  for (const entry of state) if (entry.row.code.trim() !== '') void resolve(entry);
  form.removeAttribute('aria-busy');
}
