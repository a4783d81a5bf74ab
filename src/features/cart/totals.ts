/**
 * The basket's totals as Magento computes them (basket and payment pages), read by hand with no zod
 * (magento/wire/shopper-totals.ts), so the basket page stays light.
 */
import { asNumber, asString, isRecord } from '@cleaning-shop/kit/reader.ts';
import { totalsReader, type Totals } from '../../magento/wire/shopper-totals.ts';
import { optionLabels, type OptionLabel } from '../../magento/wire/item-options.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';
import { asShopper, cartPath } from './cart-state.ts';

export async function fetchTotals(): Promise<Totals | null> {
  const path = cartPath();
  if (!path) return null;
  return asShopper(() => shopFetch(`${path}/totals`, { schema: totalsReader }));
}

/** One line of the checkout's summary, as Magento's totals give it. */
export interface SummaryLine {
  itemId: number;
  name: string;
  qty: number;
  /** The line's total incl VAT (Magento's `row_total_incl_tax`, else `row_total`). */
  rowTotal: number;
  /** The line's total excl VAT: Magento's `row_total`, when `row_total_incl_tax` is beside it. */
  rowTotalExclVat: number | undefined;
  /** A configurable's chosen options ("Volume: 5 l"); empty for a simple product. */
  options: OptionLabel[];
}

/**
 * The lines of Magento's totals (`items`), for the checkout's summary: each with its name, quantity, row
 * total and chosen options. An item missing what it must have is left out, never shown half.
 */
export function summaryLines(totals: Totals): SummaryLine[] {
  const items = totals['items'];
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    if (!isRecord(item)) return [];
    const itemId = asNumber(item['item_id']);
    const name = asString(item['name']);
    const qty = asNumber(item['qty']);
    const inclTax = asNumber(item['row_total_incl_tax']);
    const rowTotal = inclTax ?? asNumber(item['row_total']);
    if (itemId === undefined || name === undefined || qty === undefined || rowTotal === undefined) return [];
    const rowTotalExclVat = inclTax === undefined ? undefined : asNumber(item['row_total']);
    return [{ itemId, name, qty, rowTotal, rowTotalExclVat, options: optionLabels(item['options']) }];
  });
}
