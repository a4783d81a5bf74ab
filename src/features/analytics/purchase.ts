/**
 * GA4's `purchase`, exactly once per order. The payment step keeps the order as Magento totals it (its
 * lines, grand total, VAT, delivery and code) under the payment's code before the shopper leaves for the
 * card page; the paid page pushes it once the payment bridge names the order's number, and notes that
 * number as measured. A reload, a second tab or a later visit finds it noted and pushes nothing; two tabs
 * at once take turns through a Web Lock. Both keys live in localStorage and are read by hand: they cross
 * page loads, so a corrupt one is ignored, never trusted.
 */
import { asListOf, asNumber, asString, isRecord, readJson } from '@cleaning-shop/kit/reader.ts';
import { pushEcommerce, readGa4Item, type Ga4Ecommerce, type Ga4Item } from './ga4.ts';

export const PENDING_KEY = 'purchasePending';
export const MEASURED_KEY = 'purchasesMeasured';
/** Order numbers remembered as measured: far more than one browser pays for between two visits. */
const MEASURED_KEPT = 20;

export type PurchaseFigures = Pick<Ga4Ecommerce, 'items' | 'tax' | 'shipping' | 'coupon'> & { value: number };

interface Pending {
  code: string;
  figures: PurchaseFigures;
}

/** An item as keepPurchase stored it: with its quantity. */
function readItem(value: unknown): Ga4Item | undefined {
  const item = readGa4Item(value);
  return item?.quantity === undefined ? undefined : item;
}

function readPending(stored: unknown): Pending | undefined {
  if (!isRecord(stored)) return undefined;
  const code = asString(stored['code']);
  const items = asListOf(stored['items'], readItem);
  const value = asNumber(stored['value']);
  if (code === undefined || items === undefined || value === undefined) return undefined;
  const tax = asNumber(stored['tax']);
  const shipping = asNumber(stored['shipping']);
  const coupon = asString(stored['coupon']);
  const figures: PurchaseFigures = {
    items,
    value,
    ...(tax === undefined ? {} : { tax }),
    ...(shipping === undefined ? {} : { shipping }),
    ...(coupon ? { coupon } : {}),
  };
  return { code, figures };
}

function readMeasured(): string[] {
  const value = readJson(localStorage.getItem(MEASURED_KEY));
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
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
    const pending = readPending(readJson(localStorage.getItem(PENDING_KEY)));
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
