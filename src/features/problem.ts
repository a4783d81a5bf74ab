/**
 * What the shopper reads when a call fails: Magento's own message where it is meant for shoppers (stock,
 * e-mail already used, password strength), the shop's "temporarily unavailable" line when the shop or
 * the network is down (Magento's 5xx texts name log files, not remedies), and a sign-in prompt when the
 * session is over.
 */
import { ShopApiError, UNAVAILABLE } from './shop-api.ts';
import { shellTexts } from './shell/browser-texts.ts';

export function problemText(error: unknown): string {
  if (!(error instanceof ShopApiError)) return UNAVAILABLE;
  if (error.status === 0 || error.status >= 500) return UNAVAILABLE;
  if (error.status === 401) return shellTexts.sessionEnded;
  return error.message || UNAVAILABLE;
}

export const isSessionOver = (error: unknown): boolean =>
  error instanceof ShopApiError && error.status === 401;
