/**
 * The catalogue's order of products: by sku, compared as JavaScript compares strings. The sync sorts what
 * it reads so (load.ts, changes.ts), and the snapshot's rows give the products back so (rows.ts), so a
 * catalogue read back hashes as the one written.
 */
export const bySku = (a: { readonly sku: string }, b: { readonly sku: string }): number =>
  a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0;
