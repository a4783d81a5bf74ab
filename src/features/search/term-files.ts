/**
 * The term files a builder keeps between builds (build.ts `termFiles`): the last build's while every
 * product's terms, stock and place are the same; else, after a change of stock alone, the last build's
 * with those products' postings written again; else assembled from every product (postings.ts).
 *
 * A posting carries its product's stock (info.ts), so a product going out of stock or back in changed
 * every term file it is in, and the postings were assembled again from every product (0.7 s at 10,000
 * products). A stock change now writes only its products' postings, in the files their terms are in:
 * their word shards and those shards' heads, their code buckets and their prefix files. Every other file
 * is the same object as before, so neither written nor hashed again (data-files.ts), and what is written
 * is what `assemblePostings` makes of the same products.
 */
import { codeBucket, shardKey, type Postings, type TermShard } from './files.ts';
import { info } from './info.ts';
import {
  assemblePostings,
  headShard,
  type HeadSizes,
  type IndexedTerms,
  type TermFiles,
} from './postings.ts';
import { sameTerms } from './terms.ts';

/** The term files of the last build, and what they were made from (their numbers are their places). */
export interface KeptTerms {
  readonly v: string;
  readonly products: readonly IndexedTerms[];
  readonly files: TermFiles;
}

/**
 * The most stock changes patched in: each goes through every posting list of its terms, so many at once
 * (a sync after a delivery) cost more than assembling every product's postings.
 */
const MOST_PATCHED = 64;

/** The term files of `products` at version `v`, from `kept` where they can be. */
export function keptTermFiles(
  kept: KeptTerms | undefined,
  v: string,
  products: readonly IndexedTerms[],
  headSizes?: HeadSizes,
): KeptTerms {
  const changes = kept?.v === v ? stockChanges(kept.products, products) : null;
  if (kept && changes?.length === 0) return kept;
  if (kept && changes && changes.length <= MOST_PATCHED)
    return { v, products, files: patchStock(kept.files, changes, headSizes) };
  return { v, products, files: assemblePostings(products, v, headSizes) };
}

/** A product whose stock alone changed: its number (its place in the index) and its terms. */
interface StockChange {
  readonly id: number;
  readonly terms: IndexedTerms;
}

/**
 * The products of `now` whose stock alone changed since `before` (the same products in the same places,
 * each with the same terms), or null when anything else changed.
 */
function stockChanges(before: readonly IndexedTerms[], now: readonly IndexedTerms[]): StockChange[] | null {
  if (before.length !== now.length) return null;
  const changes: StockChange[] = [];
  for (let id = 0; id < now.length; id += 1) {
    const [was, is] = [before[id], now[id]];
    if (!was || !is || was.lastWord !== is.lastWord || !sameTerms(was.found, is.found)) return null;
    if (was.inStock !== is.inStock) changes.push({ id, terms: is });
  }
  return changes;
}

const withStock = (packed: number, inStock: boolean): number =>
  info.pack(info.fields(packed), info.position(packed), info.endsName(packed), inStock);

/** `postings` with product `id`'s info in `inStock`; a list written the other way round carries no stock. */
function patchPostings(postings: Postings, id: number, inStock: boolean): Postings {
  const [gaps, infos, weight, complement] = postings;
  if (complement) return postings;
  let at = 0;
  for (let sum = 0; at < gaps.length; at += 1) {
    sum += gaps[at] ?? 0;
    if (sum === id) break;
  }
  if (at === gaps.length) return postings;
  const patched = [...infos];
  patched[at] = withStock(infos[at] ?? 0, inStock);
  return [gaps, patched, weight];
}

/** Copies of the shards of `shards` a patch touches, each copied once. */
function copier(shards: ReadonlyMap<string, TermShard>) {
  const copies = new Map<string, TermShard>();
  return {
    copies,
    patch(key: string, term: string, id: number, inStock: boolean): void {
      let copy = copies.get(key);
      if (!copy) {
        const shard = shards.get(key);
        if (!shard) return;
        copies.set(key, (copy = { ...shard, t: { ...shard.t } }));
      }
      const postings = copy.t[term];
      if (postings) copy.t[term] = patchPostings(postings, id, inStock);
    },
  };
}

/** The one- and two-character prefixes whose prefix files list a term (postings.ts `prefixUnions`). */
const prefixesOf = (term: string): string[] =>
  [1, 2].filter((length) => term.length > length).map((length) => term.slice(0, length));

/** `files` with each of `changes` in its new stock. */
function patchStock(files: TermFiles, changes: readonly StockChange[], headSizes?: HeadSizes): TermFiles {
  const terms = copier(files.terms);
  const prefixes = copier(files.prefixes);
  const codes = copier(new Map(files.codes.map((shard, at) => [String(at), shard])));
  for (const { id, terms: product } of changes) {
    const { inStock, found } = product;
    for (const term of found.words.keys()) {
      terms.patch(shardKey(term), term, id, inStock);
      for (const prefix of prefixesOf(term)) prefixes.patch(prefix, prefix, id, inStock);
    }
    for (const term of found.codes.keys())
      codes.patch(String(codeBucket(term, files.bucketCount)), term, id, inStock);
  }
  const heads = new Map(files.heads);
  for (const [key, shard] of terms.copies) {
    const head = files.heads.has(key) ? headShard(shard, headSizes) : null;
    if (head) heads.set(key, head);
  }
  return {
    ...files,
    terms: new Map([...files.terms].map(([key, shard]) => [key, terms.copies.get(key) ?? shard])),
    heads,
    prefixes: new Map([...files.prefixes].map(([key, shard]) => [key, prefixes.copies.get(key) ?? shard])),
    codes: files.codes.map((shard, at) => codes.copies.get(String(at)) ?? shard),
  };
}
