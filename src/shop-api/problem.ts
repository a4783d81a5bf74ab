/**
 * What the shopper reads when a call fails: Magento's own message where it is meant for shoppers (stock,
 * e-mail already used, password strength), the shop's "temporarily unavailable" line when the shop or
 * the network is down (Magento's 5xx texts name log files, not remedies), and a sign-in prompt when the
 * session is over.
 */
import { ShopApiError, UNAVAILABLE } from './shop-api.ts';

/** What the shopper reads when the server says their session is over (the shell's notices say it too). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export function problemText(error: unknown): string {
  if (!(error instanceof ShopApiError)) return UNAVAILABLE;
  if (error.status === 0 || error.status >= 500) return UNAVAILABLE;
  if (error.status === 401) return SESSION_ENDED;
  return error.message || UNAVAILABLE;
}

export const isSessionOver = (error: unknown): boolean =>
  error instanceof ShopApiError && error.status === 401;
