/**
 * Whether the signed-in customer is Trade, as the browser remembers it: localStorage `trade` holds 'true'
 * while they are (a non-secret marker beside `login`, account/session.ts; the prices themselves are only ever
 * sent by the server to a Trade customer's session). Set at sign-in and whenever `/trade/status` is read
 * (trade-status.ts), cleared when the session ends. Base.astro's inline script reads it before the first
 * paint: `<html data-trade>`, and excl VAT unless the shopper chose otherwise; the shell then loads the price
 * swap (trade-swap.client.ts) for those pages only. Plain storage calls: the shell carries this.
 */

export const TRADE_KEY = 'trade';
/** The visit's copy of the Trade price file (features/trade/trade-rows.ts). */
export const TRADE_ROWS_KEY = 'trade-prices';

/** The account's state as `/trade/status` says it: only 'trade' sets the marker. */
export function rememberTradeState(state: string): void {
  try {
    if (state === 'trade') localStorage.setItem(TRADE_KEY, 'true');
    else forgetTrade();
  } catch {
    // storage unavailable: the pages show everyone's prices, and the basket charges Magento's
  }
}

/** The session is over (sign-out, expiry, the account deleted): no trade prices, none kept for the visit. */
export function forgetTrade(): void {
  try {
    localStorage.removeItem(TRADE_KEY);
    sessionStorage.removeItem(TRADE_ROWS_KEY);
  } catch {
    // nothing kept, or nothing to keep it in
  }
}
