/**
 * Sets of matched products (engine.ts): per product, how well a word matched (`quality`, NONE for not at
 * all) and the posting's packed info; intersected for words that must all match, united for alternatives.
 */
import { info } from './files.ts';

/** How a word matched a product, best (lowest) first. */
export const QUALITY = { exact: 0, prefix: 1, synonym: 2, typo: 3 } as const;
export const NONE = 255;

/** The info bit of a term that is the name's last word (files.ts `info.pack`). */
const ENDS_NAME = 1 << 11;

/** Per product, how a word (or slot) matched: quality (NONE for no match) and the posting's info. */
export interface Match {
  quality: Uint8Array;
  infos: Int32Array;
  /** Products matched, ascending. */
  ids: Int32Array;
  /** How many query words it spans (a joined code counts its parts). */
  span: number;
  /** A measure asked for as a range ("2000 psi"): attribute values, no part of the name's phrase. */
  measure?: boolean;
  /** Matched through postings cut to a term's best (a head, read while typing): there may be more. */
  cut?: boolean;
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

/** The products a quality array marks, ascending: one pass, faster than sorting a long list. */
export function present(quality: Uint8Array): Int32Array {
  let count = 0;
  for (let id = 0; id < quality.length; id += 1) if (quality[id] !== NONE) count += 1;
  const ids = new Int32Array(count);
  let at = 0;
  for (let id = 0; id < quality.length; id += 1) if (quality[id] !== NONE) ids[at++] = id;
  return ids;
}

/** Products every match holds; each keeps the worst quality and the name info of the first (its end, of the last). */
export function intersect(matches: readonly Match[], n: number): Match {
  if (matches.length === 1) return matches[0] as Match;
  const quality = new Uint8Array(n).fill(NONE);
  const infos = new Int32Array(n);
  if (matches.length === 0) return { quality, infos, ids: new Int32Array(0), span: 0 };
  const smallest = [...matches].sort((a, b) => a.ids.length - b.ids.length)[0] as Match;
  const kept = new Int32Array(smallest.ids.length);
  let count = 0;
  for (const id of smallest.ids) {
    let worst = 0;
    let fields = -1;
    for (const match of matches) {
      const q = match.quality[id] as number;
      if (q === NONE) {
        worst = NONE;
        break;
      }
      if (q > worst) worst = q;
      fields &= info.fields(match.infos[id] as number);
    }
    if (worst === NONE) continue;
    kept[count++] = id;
    quality[id] = worst;
    // A phrase starts where its first word is and ends the name if its last word does.
    const first = matches[0]?.infos[id] ?? 0;
    const last = matches.at(-1)?.infos[id] ?? 0;
    infos[id] = (first & ~(127 | ENDS_NAME)) | (last & ENDS_NAME) | (fields & 127);
  }
  const span = matches.reduce((sum, match) => sum + match.span, 0);
  return { quality, infos, ids: kept.subarray(0, count), span, ...cutOf(matches) };
}

/** Products any match holds, each with its best match. */
export function union(matches: readonly Match[], n: number): Match {
  if (matches.length === 1) return matches[0] as Match;
  const quality = new Uint8Array(n).fill(NONE);
  const infos = new Int32Array(n);
  for (const match of matches)
    for (const id of match.ids) {
      const q = match.quality[id] ?? NONE;
      if (q < (quality[id] ?? NONE)) {
        quality[id] = q;
        infos[id] = match.infos[id] ?? 0;
      }
    }
  return { quality, infos, ids: present(quality), span: matches[0]?.span ?? 1, ...cutOf(matches) };
}
