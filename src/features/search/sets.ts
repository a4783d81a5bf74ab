/**
 * Sets of matched products (search.ts): the products a word matched, ascending, each with how well it
 * matched (`quality`) and the posting's packed info; intersected for words that must all match, united for
 * alternatives. A set is as long as its products, not the index: at 100,000 products a keystroke would
 * otherwise allocate and scan arrays of the whole index for every word.
 */
import { FIELD, info } from './info.ts';

/** How a word matched a product, best (lowest) first. */
export const QUALITY = { exact: 0, prefix: 1, synonym: 2, typo: 3 } as const;
export const NONE = 255;

/** The info bit of a term that is the name's last word (files.ts `info.pack`). */
const ENDS_NAME = 1 << 11;

/** The products a word (or slot) matched, and for each (same places) how well and the posting's info. */
export interface Match {
  /** Products matched, ascending. */
  ids: Int32Array;
  quality: Uint8Array;
  infos: Int32Array;
  /** How many query words it spans (a joined code counts its parts). */
  span: number;
  /** A measure asked for as a range ("2000 psi"): attribute values, no part of the name's phrase. */
  measure?: boolean;
  /**
   * The slot of a machine model the query names (fit-slot.ts): its infos say which products fit the model
   * or are its machines (`info.fit`); a product found only so has no field (0), and no place in the name.
   */
  model?: boolean;
  /**
   * The slot of an audience the query names (audience-slot.ts): a product found only as the audience's
   * has no field (0), and no place in the name.
   */
  audience?: boolean;
  /**
   * The slot of a job the query names (jobs.ts): as an audience's, weighed more by relaxing; its
   * applications' places in the core's `ja` (job-order.ts puts the products whose own lists name them first).
   */
  job?: readonly number[];
  /** Matched through postings cut to a term's best (a head, read while typing): there may be more. */
  cut?: boolean;
  /** For a set `intersect` made: each product's place in each of the sets it was made of (their order). */
  places?: Int32Array[];
}

/** Whether any of `matches` was cut, as a set's own field. */
const cutOf = (matches: readonly Match[]): { cut?: true } =>
  matches.some((match) => match.cut === true) ? { cut: true } : {};

/** One slot of a query matched: its products, its words as understood, the terms each alternative's words matched. */
export interface SlotMatch {
  match: Match;
  /** Its words as typed, and as understood (corrected). */
  typed: string;
  shown: string;
  terms: Set<string>[][];
  /** The code terms (`c/` buckets) its words matched. */
  codes: string[];
}

/** A set of no products. */
export const noMatch = (): Match => ({
  ids: new Int32Array(0),
  quality: new Uint8Array(0),
  infos: new Int32Array(0),
  span: 0,
});

/** Every product of `ids` (ascending) matched alike. */
export function uniform(ids: Int32Array, quality: number, infos: Int32Array, span = 1): Match {
  return { ids, quality: new Uint8Array(ids.length).fill(quality), infos, span };
}

// One pair of index-wide arrays, reused by every gathering (each runs synchronously from start to end).
let bestQuality = new Uint8Array(0);
let bestInfo = new Int32Array(0);

/**
 * Gathers postings of several lists into one set: each product's best quality and that posting's info;
 * with `joinFields`, the fields of equally good postings are joined (a word in the name and in the SKU).
 */
export function gather(
  lists: readonly { ids: Int32Array; quality: number | Uint8Array; infos: Int32Array }[],
  n: number,
  joinFields: boolean,
): Omit<Match, 'span'> {
  if (bestQuality.length < n) {
    bestQuality = new Uint8Array(n).fill(NONE);
    bestInfo = new Int32Array(n);
  }
  let touched = new Int32Array(64);
  let count = 0;
  for (const list of lists)
    for (let at = 0; at < list.ids.length; at += 1) {
      const id = list.ids[at] ?? 0;
      const q = typeof list.quality === 'number' ? list.quality : (list.quality[at] ?? 0);
      const packed = list.infos[at] ?? 0;
      const current = bestQuality[id] ?? NONE;
      if (current === NONE) {
        if (count === touched.length) {
          const grown = new Int32Array(count * 2);
          grown.set(touched);
          touched = grown;
        }
        touched[count++] = id;
        bestQuality[id] = q;
        bestInfo[id] = packed;
      } else if (q < current) {
        bestQuality[id] = q;
        bestInfo[id] = packed;
      } else if (q === current && joinFields) bestInfo[id] = (bestInfo[id] ?? 0) | info.fields(packed);
    }
  // Many products (a brand's prefix): one pass over the index in order beats sorting them.
  let ids: Int32Array;
  if (count * 8 > n) {
    ids = new Int32Array(count);
    let at = 0;
    for (let id = 0; id < n; id += 1) if (bestQuality[id] !== NONE) ids[at++] = id;
  } else ids = touched.slice(0, count).sort();
  const quality = new Uint8Array(count);
  const infos = new Int32Array(count);
  for (let at = 0; at < count; at += 1) {
    const id = ids[at] ?? 0;
    quality[at] = bestQuality[id] ?? NONE;
    infos[at] = bestInfo[id] ?? 0;
    bestQuality[id] = NONE;
  }
  return { ids, quality, infos };
}

/** The place of `id` in `ids` (ascending) at or after `from`, or -1: galloping, then halving. */
export function placeOf(ids: Int32Array, id: number, from: number): number {
  let step = 1;
  let high = from;
  while (high < ids.length && (ids[high] ?? 0) < id) {
    from = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, ids.length - 1);
  while (from < high) {
    const middle = (from + high) >> 1;
    if ((ids[middle] ?? 0) < id) from = middle + 1;
    else high = middle;
  }
  return from < ids.length && ids[from] === id ? from : -1;
}

/** Products every match holds; each keeps the worst quality and the name info of the first (its end, of the last). */
export function intersect(matches: readonly Match[]): Match {
  const [only] = matches;
  if (matches.length === 1 && only) return only;
  if (matches.length === 0) return noMatch();
  const smallest = matches.reduce((a, b) => (b.ids.length < a.ids.length ? b : a));
  const ids = new Int32Array(smallest.ids.length);
  const quality = new Uint8Array(smallest.ids.length);
  const infos = new Int32Array(smallest.ids.length);
  const cursors = new Int32Array(matches.length);
  const places = matches.map(() => new Int32Array(smallest.ids.length));
  let count = 0;
  products: for (let place = 0; place < smallest.ids.length; place += 1) {
    const id = smallest.ids[place] ?? 0;
    let worst = 0;
    let fields = -1;
    let scattered = 0;
    let previous = -1;
    let previousSpan = 1;
    for (let m = 0; m < matches.length; m += 1) {
      const match = matches[m];
      if (!match) continue;
      const at = match === smallest ? place : placeOf(match.ids, id, cursors[m] ?? 0);
      if (at < 0) continue products;
      cursors[m] = at;
      const q = match.quality[at] ?? 0;
      if (q > worst) worst = q;
      const packed = match.infos[at] ?? 0;
      fields &= info.fields(packed);
      // Words of one slot apart in the name ("Patio & Deck Cleaner" for "patio cleaner") are no phrase:
      // the ranking counts them as words in the name, below what the phrase names (rank.ts).
      const position = info.position(packed);
      if (
        info.scattered(packed) ||
        (previous >= 0 && (position <= previous || position - previous > previousSpan))
      )
        scattered = info.SCATTERED;
      previous = position;
      previousSpan = match.span;
    }
    // A phrase starts where its first word is and ends the name if its last word does.
    const first = matches[0]?.infos[cursors[0] ?? 0] ?? 0;
    const last = matches.at(-1)?.infos[cursors[matches.length - 1] ?? 0] ?? 0;
    for (let m = 0; m < places.length; m += 1) {
      const list = places[m];
      if (list) list[count] = cursors[m] ?? 0;
    }
    ids[count] = id;
    quality[count] = worst;
    infos[count] =
      (first & ~(127 | ENDS_NAME | info.SCATTERED)) |
      (last & ENDS_NAME) |
      (fields & 127) |
      (fields & FIELD.name ? scattered : 0);
    count += 1;
  }
  const span = matches.reduce((sum, match) => sum + match.span, 0);
  return {
    ids: ids.slice(0, count),
    quality: quality.slice(0, count),
    infos: infos.slice(0, count),
    span,
    places: places.map((list) => list.slice(0, count)),
    ...cutOf(matches),
  };
}

/** Products any match holds, each with its best match (the first of equals). */
export function union(matches: readonly Match[], n: number): Match {
  const [only] = matches;
  if (matches.length === 1 && only) return only;
  return { ...gather(matches, n, false), span: matches[0]?.span ?? 1, ...cutOf(matches) };
}
