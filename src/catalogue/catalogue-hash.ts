/**
 * The hash of a catalogue's content, ignoring when it was read: what the sync compares to tell whether
 * anything changed, and what a build records of the snapshot it rendered. Each product is hashed once
 * for as long as it is the same object (a sync carries unchanged products over as they were), so a sync
 * that changed one product of 100,000 hashes one product, not the whole catalogue.
 */
import { createHash } from 'node:crypto';
import { isRecord } from '@cleaning-shop/kit/reader.ts';

const productHashes = new WeakMap<object, string>();

const digest = (text: string): string => createHash('sha256').update(text).digest('base64url');

function productHash(product: unknown): string {
  if (typeof product !== 'object' || product === null) return digest(JSON.stringify(product));
  let hash = productHashes.get(product);
  if (hash === undefined) {
    hash = digest(JSON.stringify(product));
    productHashes.set(product, hash);
  }
  return hash;
}

/** `catalogue` is the snapshot as stored (or anything JSON): its products, and all else but `readAt`. */
export function catalogueHash(catalogue: unknown): string {
  const whole = createHash('sha256');
  if (isRecord(catalogue)) {
    const { products, ...rest } = catalogue;
    whole.update(JSON.stringify({ ...rest, readAt: undefined })).update('\0');
    for (const product of Array.isArray(products) ? products : []) whole.update(productHash(product));
  } else whole.update(JSON.stringify(catalogue));
  return whole.digest('hex');
}
