/**
 * The shell's part in trade prices: nothing at all unless Base.astro's inline script found the trade marker
 * (`<html data-trade>`, features/trade/trade-marker.ts), so a guest's or a retail customer's page loads and
 * asks for nothing more; for a Trade customer, the price swap (trade-swap.client.ts) loads at once.
 */
export function initTradePrices(): void {
  if (!document.documentElement.hasAttribute('data-trade')) return;
  performance.mark('trade:start');
  import('./trade-swap.client.ts').then(
    ({ swapTradePrices }) => swapTradePrices(),
    () => undefined, // the page's own prices stand
  );
}
