/**
 * Which of a fixed number of buckets a key falls in: FNV-1a (32-bit) of its UTF-16 code units, modulo the
 * number of buckets. Stable across processes, builds and the browser, so a file can be found from the key
 * alone, with no manifest (the product facts and codes files, the search index's code buckets, the
 * shopping feed's files).
 */
export function bucketOf(key: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; at += 1) hash = Math.imul(hash ^ key.charCodeAt(at), 0x01000193);
  return (hash >>> 0) % buckets;
}
