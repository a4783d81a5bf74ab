/**
 * Where a customer group's own prices are (site/trade-price-files.ts writes them, the storefront server's
 * Trade gate serves them, the browser's swap reads them): named once here, for all three.
 */

/** The folder of the trade price files, in the build and in URLs (no leading `/`). */
export const TRADE_PRICES_BASE = 'trade-prices';

/** The file of a customer group's prices, relative to the build's client folder (and the site's root). */
export const tradePriceFile = (group: number): string => `${TRADE_PRICES_BASE}/group-${group}.json`;

/**
 * The one URL the browser asks for its prices: the storefront server answers it with the file of the signed-in
 * customer's group, when that is the Trade group, so the browser needs no group id.
 */
export const TRADE_PRICES_URL = `/${TRADE_PRICES_BASE}/trade.json`;
