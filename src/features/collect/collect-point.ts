/**
 * The chosen collection point as stored (localStorage `collect-point`, '' for none) and how a stored value
 * reads, apart from the store (collect-state.ts) so the product page's line, which runs before any
 * interaction, reads the choice without bundling the store.
 */
export const COLLECT_POINT_KEY = 'collect-point';

/** The event the product page's chooser fires on its line when the shopper chose another point. */
export const POINT_CHOSEN = 'collect-point';

/** Magento's pickup location codes, as the storefront server's routes accept them. */
export const isPointCode = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-z0-9_-]{1,64}$/.test(value);

/** A stored value as a choice: the code, or '' for none (missing, corrupt, tampered with). */
export const decodePoint = (stored: string | undefined): string => (isPointCode(stored) ? stored : '');
