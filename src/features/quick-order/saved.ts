/**
 * Quick order's rows kept for the tab (sessionStorage), so a reload or a trip to a product page and back
 * loses nothing typed. Read tolerantly: anything unreadable is no rows.
 */
import { asListOf, asString, isRecord, readJson } from '@cleaning-shop/kit/reader.ts';
import type { OrderRow } from './rows.ts';

const SAVED_ROWS_KEY = 'quickOrder';

function readRow(value: unknown): OrderRow | undefined {
  if (!isRecord(value)) return undefined;
  const code = asString(value['code']);
  const qty = asString(value['qty']);
  const choice: Record<string, number> = {};
  if (isRecord(value['choice']))
    for (const [attribute, id] of Object.entries(value['choice']))
      if (typeof id === 'number' && Number.isInteger(id)) choice[attribute] = id;
  return code === undefined || qty === undefined ? undefined : { code, qty, choice };
}

/** The rows kept, or undefined when none are (or they cannot be read). */
export function loadRows(storage: Pick<Storage, 'getItem'>): OrderRow[] | undefined {
  try {
    const text = storage.getItem(SAVED_ROWS_KEY);
    if (text === null) return undefined;
    const rows = asListOf(readJson(text), readRow);
    return rows && rows.length > 0 ? rows : undefined;
  } catch {
    return undefined;
  }
}

export function saveRows(storage: Pick<Storage, 'setItem'>, rows: readonly OrderRow[]): void {
  try {
    storage.setItem(SAVED_ROWS_KEY, JSON.stringify(rows));
  } catch {
    // Storage full or refused (private mode): the rows live on in the page.
  }
}
