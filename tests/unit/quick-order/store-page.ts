/**
 * The quick order page as its rows store sees it, for the store's tests: a small shop's build files
 * (shop-lookup.ts), a tab's storage, a basket, and what the store emits, each row read as the shopper reads
 * it: "code | quantity | status line".
 */
import { expect, vi } from 'vitest';
import type {
  QuickOrderSetup,
  QuickOrderState,
} from '../../../src/features/quick-order/quick-order-state.ts';
import type { RowView } from '../../../src/features/quick-order/row-view.ts';
import type { BasketAdd, OrderRow } from '../../../src/features/quick-order/rows.ts';
import { shopLookup } from './shop-lookup.ts';

export const BLANK = ' | 1 | ';
export const LOOKING = 'Looking it up…';
export const UNKNOWN = 'No product has this SKU or model number.';
export const seenRow = ({ row, status }: RowView): string => `${row.code} | ${row.qty} | ${status.text}`;

/** The tab's sessionStorage. */
function tabStorage(rows?: OrderRow[]) {
  const kept = new Map<string, string>(rows ? [['quickOrder', JSON.stringify(rows)]] : []);
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    rows: (): unknown => JSON.parse(kept.get('quickOrder') ?? 'null'),
  };
}

/**
 * The quick order page opened: the store module loaded afresh (nothing is shared between tests) and
 * started, what it emitted since, and the codes it looked up.
 */
export async function openPage(
  options: {
    /** Rows kept for the tab. */
    saved?: OrderRow[];
    /** What Magento says refusing an item, if it does. */
    refuse?: (item: BasketAdd) => string | undefined;
    price?: QuickOrderSetup['price'];
  } = {},
) {
  const storage = tabStorage(options.saved);
  const shop = shopLookup();
  const lookedUp: string[] = [];
  vi.resetModules();
  const store = await import('../../../src/features/quick-order/quick-order-state.ts');
  // The store's own ShopApiError (the modules are fresh), as the basket throws Magento's refusals.
  const { ShopApiError } = await import('../../../src/shop-api/shop-api.ts');
  /** Each call to the basket: the items it was given, in order. */
  const received: BasketAdd[][] = [];
  store.startQuickOrder({
    lookup: {
      skuOfCode: (code) => {
        lookedUp.push(code);
        return shop.skuOfCode(code);
      },
      facts: shop.facts,
    },
    addToBasket: (items) => {
      received.push([...items]);
      return Promise.resolve(
        items.map((item): PromiseSettledResult<void> => {
          const refusal = options.refuse?.(item);
          return refusal === undefined
            ? { status: 'fulfilled', value: undefined }
            : { status: 'rejected', reason: new ShopApiError(400, refusal) };
        }),
      );
    },
    storage,
    ...(options.price ? { price: options.price } : {}),
  });
  const states: QuickOrderState[] = [];
  store.$quickOrder.listen((state) => void states.push(state));
  const state = (): QuickOrderState => store.$quickOrder.get();
  const keys = (): number[] => state().rows.map(({ key }) => key);
  const row = (at: number): RowView => {
    const found = state().rows[at];
    if (!found) throw new Error(`No row ${at + 1}`);
    return found;
  };
  return {
    store,
    received,
    storage,
    lookedUp,
    keys,
    row,
    state,
    /** Whether each emitted state was busy adding, a run of the same told once. */
    busy: () => states.map(({ busy }) => busy).filter((one, at, all) => at === 0 || all[at - 1] !== one),
    /** Each emitted state's rows, as the shopper reads them. */
    seen: () => states.map(({ rows }) => rows.map(seenRow)),
    /** Waits until no row is being looked up, nor waiting for typing to pause. */
    settled: () =>
      vi.waitFor(() =>
        expect(
          state()
            .rows.map(seenRow)
            .filter((one) => one.endsWith(LOOKING)),
        ).toEqual([]),
      ),
  };
}
