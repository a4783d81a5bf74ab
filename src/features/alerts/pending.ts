/**
 * What a signed-out shopper asked of alerts, kept in this tab while they sign in (Magento wants a customer
 * for every alert): an alert to make for a product (and the page to go back to), or what an alert e-mail's
 * unsubscribe link asked of My alerts. Sign-in lands on My Account, whose alerts block does it
 * (components/alerts/MyAlertsBlock.tsx); sign-in's own way back (`?next=`) is left alone, as it is in every
 * page's first script. One at a time; read once.
 */
import { isOneOf, isRecord, readJson } from '@cleaning-shop/kit/reader.ts';
import { ALERT_KINDS, type AlertKind } from './answer.ts';

const KEY = 'shop.pendingAlert';

export type PendingAlert =
  | { readonly kind: AlertKind; readonly sku: string; readonly back: string }
  /** My alerts' query (`?unsubscribe=…`), asked signed out. */
  | { readonly unsubscribe: string };

export function keepPending(pending: PendingAlert): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode): the shopper asks again once signed in.
  }
}

/** What was kept, forgotten once read; undefined when nothing (readable) was. */
export function takePending(): PendingAlert | undefined {
  let value: unknown;
  try {
    value = readJson(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const { kind, sku, back, unsubscribe } = value;
  if (typeof unsubscribe === 'string' && unsubscribe.startsWith('?')) return { unsubscribe };
  // Only the shop's own pages to go back to: one path segment, as a product page's.
  if (!isOneOf(ALERT_KINDS, kind) || typeof sku !== 'string' || typeof back !== 'string') return undefined;
  return /^\/[\w%.~-]{1,255}$/.test(back) ? { kind, sku, back } : undefined;
}
