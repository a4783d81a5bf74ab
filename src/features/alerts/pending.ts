/**
 * The alert a guest asked for (Magento wants a customer for every alert): kept in this tab while they sign
 * in or create an account, and made when sign-in brings them back to the product page's alerts
 * (`#alerts`). One at a time; read once.
 */
import { isOneOf, isRecord, readJson } from '@cleaning-shop/kit/reader.ts';
import { ALERT_KINDS, type AlertKind } from './answer.ts';

const KEY = 'shop.pendingAlert';

export interface PendingAlert {
  readonly kind: AlertKind;
  readonly sku: string;
}

export function keepPendingAlert(alert: PendingAlert): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(alert));
  } catch {
    // Storage refused (private mode): the shopper presses the button again after signing in.
  }
}

/** The alert kept for `skus` (the page's product or its children), forgotten once read; else undefined. */
export function takePendingAlert(skus: readonly string[]): PendingAlert | undefined {
  let value: unknown;
  try {
    value = readJson(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !isOneOf(ALERT_KINDS, value['kind'])) return undefined;
  const sku = value['sku'];
  return typeof sku === 'string' && skus.includes(sku) ? { kind: value['kind'], sku } : undefined;
}
