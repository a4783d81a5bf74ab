/**
 * Quick order's rows as a store: `$quickOrder`, what the page shows (each row's code, quantity, product,
 * price and status line, a note, what "Add all to basket" did), and the shopper's actions on it beside it
 * (type a code, set a quantity, choose a size, paste lines, add or remove a row, add all to the basket).
 * No DOM: the page's painter (components/quick-order/) draws each state and calls the actions. What the
 * store needs from outside (the look-ups, the basket, the tab's storage, the price a row shows) is given to
 * `startQuickOrder` when the page's script starts; nothing happens at import.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { addOutcome, type Summary } from './add-all.ts';
import { isMultiline, parsePaste } from './paste.ts';
import {
  emptyRow,
  resolveCode,
  rowPrice,
  spreadLines,
  START_ROWS,
  type BasketAdd,
  type Lookup,
  type OrderRow,
  type Resolution,
  type RowPrice,
} from './rows.ts';
import { rowView, withTypedChild, type RowView } from './row-view.ts';
import { loadRows, saveRows } from './saved.ts';
import { quickOrderTexts as t } from './texts.ts';

export type { Summary } from './add-all.ts';
export type { RowView } from './row-view.ts';

/** Rows at most: a longer paste keeps the first ones and says so. */
export const MAX_ROWS = 200;

/** The page's state: a changed row is a new object in a new list, an unchanged one the same object. */
export interface QuickOrderState {
  readonly rows: readonly RowView[];
  /** "Add all to basket" is under way. */
  readonly busy: boolean;
  /** Said under the rows: that a paste had more lines than rows allowed, or nothing. */
  readonly note: string;
  /** What the last "Add all to basket" did (a new object each time); undefined before. */
  readonly summary: Summary | undefined;
}

/**
 * The unit price a row shows for its quantity, or none. The public price (`rowPrice`: the product's, or the
 * ALL GROUPS tier its quantity reaches) unless the page passes another, e.g. a signed-in customer's own.
 */
export type RowPricing = (row: OrderRow, resolution: Resolution | undefined) => RowPrice | undefined;

export interface QuickOrderSetup {
  /** Which sku a code is, and a sku's facts (lookup.ts: the build's files). */
  lookup: Lookup;
  /** Adds the rows' items one after the other, an outcome for each in order (cart-state's addAllToCart). */
  addToBasket(items: readonly BasketAdd[]): Promise<PromiseSettledResult<void>[]>;
  /** Where the rows are kept for the tab (sessionStorage). */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The price each row shows: `rowPrice` unless given. */
  price?: RowPricing;
}

/** How long typing pauses before a code is looked up. */
const TYPING_PAUSE_MS = 150;

const $state = atom<QuickOrderState>({ rows: [], busy: false, note: '', summary: undefined });
export const $quickOrder: ReadableAtom<QuickOrderState> = $state;

let setup: QuickOrderSetup;
let nextKey = 0;
/** Each row's look-up under way or done: the code it is of, and its end. */
const lookups = new Map<number, { code: string; done: Promise<void> }>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** The page's rows: the ones kept for the tab, else blank ones, each looked up. */
export function startQuickOrder(given: QuickOrderSetup): void {
  setup = given;
  const start = loadRows(given.storage) ?? Array.from({ length: START_ROWS }, emptyRow);
  set({ rows: start.slice(0, MAX_ROWS).map((row) => fresh(row)) });
  for (const { key } of rows()) void resolve(key);
}

const view = (key: number, row: OrderRow, resolution: Resolution | undefined, refusal?: string) =>
  rowView(key, row, resolution, (setup.price ?? rowPrice)(row, resolution), refusal);
/** A row not looked up yet: blank, or about to be. */
const fresh = (row: OrderRow, key = nextKey++): RowView =>
  view(key, row, row.code.trim() === '' ? { status: 'empty' } : undefined);

const rows = (): readonly RowView[] => $state.get().rows;
const find = (key: number): RowView | undefined => rows().find((one) => one.key === key);

function set(change: Partial<QuickOrderState>): void {
  $state.set({ ...$state.get(), ...change });
  if (change.rows)
    saveRows(
      setup.storage,
      change.rows.map(({ row }) => row),
    );
}

/** The row `key` replaced by `change` of it (nothing when it is gone). */
function update(key: number, change: (one: RowView) => RowView): void {
  if (find(key)) set({ rows: rows().map((one) => (one.key === key ? change(one) : one)) });
}

/** Looks the row's code up now, once per code: the row changes when the answer comes. */
function resolve(key: number): Promise<void> {
  const code = find(key)?.row.code.trim() ?? '';
  const known = lookups.get(key);
  if (code === '' || known?.code === code) return known?.done ?? Promise.resolve();
  const mine = {
    code,
    done: resolveCode(code, setup.lookup).then((resolution) => {
      if (lookups.get(key) === mine)
        update(key, (one) => view(key, withTypedChild(one.row, resolution), resolution));
    }),
  };
  lookups.set(key, mine);
  return mine.done;
}

/** A row's look-up forgotten, and the one waiting for typing to pause. */
function forget(key: number): void {
  lookups.delete(key);
  clearTimeout(timers.get(key));
}

/** The shopper typed into the row's code field: it is looked up when typing pauses. */
export function typeCode(key: number, code: string): void {
  if (lookups.get(key)?.code === code.trim()) {
    // The same code (a space added): what it resolved to, and the size chosen, stand.
    edit(key, (row) => ({ ...row, code }));
    return;
  }
  forget(key);
  update(key, (one) => fresh({ code, qty: one.row.qty, choice: {} }, key));
  timers.set(
    key,
    setTimeout(() => void resolve(key), TYPING_PAUSE_MS),
  );
}

const edit = (key: number, change: (row: OrderRow) => OrderRow): void =>
  update(key, (one) => view(key, change(one.row), one.resolution));

export const setQty = (key: number, qty: string): void => edit(key, (row) => ({ ...row, qty }));

/** A size picker's value for `attribute`: an option id, or undefined for none. */
export function chooseValue(key: number, attribute: string, value: number | undefined): void {
  edit(key, (row) => {
    const others = Object.entries(row.choice).filter(([code]) => code !== attribute);
    const choice = Object.fromEntries(value === undefined ? others : [...others, [attribute, value]]);
    return { ...row, choice };
  });
}

/**
 * Pasted text spread over the rows from row `key` on (rows.ts `spreadLines`), and looked up; false, and
 * nothing done, when the text is one value, to be typed into the field as it is.
 */
export function pasteLines(key: number, text: string): boolean {
  if (!isMultiline(text)) return false;
  const lines = parsePaste(text);
  const at = rows().findIndex((one) => one.key === key);
  if (lines.length === 0 || at < 0) return true;
  const spread = spreadLines(
    rows().map(({ row }) => row),
    at,
    lines,
    MAX_ROWS,
  );
  // Rows the paste left as they were are the same objects, look-ups and all; the row pasted into keeps
  // its key (its fields, and the focus, stay where they are).
  const before = new Map(rows().map((one) => [one.row, one]));
  forget(key);
  const pasted = spread.rows.map(
    (row, position) => before.get(row) ?? fresh(row, position === at ? key : undefined),
  );
  set({ rows: pasted, note: spread.kept < lines.length ? t.tooManyLines(MAX_ROWS) : '' });
  for (const one of pasted) if (!before.has(one.row)) void resolve(one.key);
  return true;
}

/** A blank row at the end; its key, or undefined when the rows are at their most. */
export function addRow(): number | undefined {
  if (rows().length >= MAX_ROWS) return undefined;
  const row = fresh(emptyRow());
  set({ rows: [...rows(), row] });
  return row.key;
}

/** Removes the row (the last one gives way to a blank one); the key of the row that takes its place. */
export function removeRow(key: number): number | undefined {
  const at = rows().findIndex((one) => one.key === key);
  forget(key);
  const left = rows().filter((one) => one.key !== key);
  const after = left.length > 0 ? left : [fresh(emptyRow())];
  set({ rows: after });
  return after[Math.min(at, after.length - 1)]?.key;
}

/**
 * "Add all to basket": every row looked up, the ready ones added one after the other, then the rows not
 * added left (each with its reason; Magento's refusal on the row until it changes) and a summary of it all.
 * A second call while one is under way does nothing.
 */
export async function addAllToBasket(): Promise<void> {
  if ($state.get().busy) return;
  set({ busy: true });
  let after: Partial<QuickOrderState> = {};
  try {
    await Promise.all(rows().map(({ key }) => resolve(key)));
    const judged = rows();
    const ready = judged.flatMap(({ verdict }) => (verdict.kind === 'ready' ? [verdict.add] : []));
    const { summary, left } = addOutcome(judged, ready, await setup.addToBasket(ready));
    // The rows left stay (as they are now), Magento's refusal on those it refused; the others are gone.
    const kept = rows().flatMap(({ key, row, resolution }) =>
      left.has(key) ? [view(key, row, resolution, left.get(key))] : [],
    );
    after = { summary };
    if (summary.lines.length > 0) after = { summary, rows: kept.length > 0 ? kept : [fresh(emptyRow())] };
  } finally {
    set({ ...after, busy: false });
  }
}
