/**
 * GA4's `purchase`, exactly once per order. The payment step keeps the order as Magento totals it (its
 * lines, grand total, VAT, delivery and code) under the payment's code before the shopper leaves for the
 * card page; the paid page pushes it once the payment bridge names the order's number, and notes that
 * number as measured. A reload, a second tab or a later visit finds it noted and pushes nothing; two tabs
 * at once take turns through a Web Lock. Both keys live in localStorage and are read by hand: they cross
 * page loads, so a corrupt one is ignored, never trusted.
 */
import { pushEcommerce, type Ga4Ecommerce, type Ga4Item } from './ga4.ts';

export const PENDING_KEY = 'purchasePending';
export const MEASURED_KEY = 'purchasesMeasured';
/** Order numbers remembered as measured: far more than one browser pays for between two visits. */
const MEASURED_KEPT = 20;

export type PurchaseFigures = Pick<Ga4Ecommerce, 'items' | 'tax' | 'shipping' | 'coupon'> & { value: number };

interface Pending {
  code: string;
  figures: PurchaseFigures;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function readItem(value: unknown): Ga4Item | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const item = value as Record<string, unknown>;
  if (typeof item['item_id'] !== 'string' || typeof item['item_name'] !== 'string') return undefined;
  if (!isNumber(item['quantity']) || (item['price'] !== undefined && !isNumber(item['price'])))
    return undefined;
  return item as unknown as Ga4Item;
}

function readPending(stored: string | null): Pending | undefined {
  try {
    const value: unknown = stored ? JSON.parse(stored) : undefined;
    if (typeof value !== 'object' || value === null) return undefined;
    const { code, items, value: total, tax, shipping, coupon } = value as Record<string, unknown>;
    if (typeof code !== 'string' || !Array.isArray(items) || !isNumber(total)) return undefined;
    const read = items.map(readItem);
    if (read.some((item) => item === undefined)) return undefined;
    const figures: PurchaseFigures = {
      items: read as Ga4Item[],
      value: total,
      ...(isNumber(tax) ? { tax } : {}),
      ...(isNumber(shipping) ? { shipping } : {}),
      ...(typeof coupon === 'string' && coupon ? { coupon } : {}),
    };
    return { code, figures };
  } catch {
    return undefined;
  }
}

function readMeasured(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(MEASURED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** Before the card page: the order to be, as Magento totals it, under the payment's `code`. */
export function keepPurchase(code: string, figures: PurchaseFigures): void {
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify({ code, ...figures }));
  } catch {
    // storage unavailable: the purchase goes unmeasured, the order is unaffected
  }
}

/** The payment `code` was paid as order `number`: its `purchase`, unless this browser measured it already. */
export async function measurePurchase(code: string, number: string): Promise<void> {
  const once = () => {
    const measured = readMeasured();
    if (!number || measured.includes(number)) return;
    const pending = readPending(localStorage.getItem(PENDING_KEY));
    if (pending?.code !== code) return;
    pushEcommerce('purchase', { transaction_id: number, ...pending.figures });
    localStorage.setItem(MEASURED_KEY, JSON.stringify([...measured, number].slice(-MEASURED_KEPT)));
    localStorage.removeItem(PENDING_KEY);
  };
  try {
    if ('locks' in navigator) await navigator.locks.request('purchase-measured', once);
    else once();
  } catch {
    // storage unavailable: nothing measured, nothing broken
  }
}
