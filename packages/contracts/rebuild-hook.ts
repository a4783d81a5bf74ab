/**
 * What an admin save or delete changed, as the back end tells whoever started it (the storefront's rebuild
 * hook, like a Magento webhook). One callback for every kind, so a new kind adds a case, not a mechanism.
 */
export type SavedEntity =
  /** A product saved or deleted; `sku` is '' when the call names no single product (e.g. price storage). */
  | { readonly entity: 'product'; readonly sku: string }
  /** A CMS block saved (POST, PUT) or deleted. */
  | { readonly entity: 'cms-block'; readonly identifier: string; readonly deleted: boolean };

/** Told of each successful admin save; it must never fail or slow the save. */
export type OnSaved = (saved: SavedEntity) => void;
