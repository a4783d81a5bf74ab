/**
 * Matching one query word to the index's terms (match-slots.ts, settle-words.ts): exactly, as a prefix (the last word, being
 * typed), corrected within the allowed edits (typo.ts), or, for a code typed in pieces whose joined form
 * the index does not know, piece by piece; and the products the terms it matched have.
 */
import { shardKey } from './files.ts';
import { isMeasureTerm } from './query.ts';
import type { IndexReader, TermRef } from './reader.ts';
import { gather, intersect, QUALITY, uniform, type Match } from './sets.ts';
import type { QueryWord } from './text.ts';
import { corrections } from './typo.ts';

/** One term a query word is matched through, and how well (sets.ts `QUALITY`). */
export interface Candidate extends TermRef {
  quality: number;
}

/** A query word resolved to index terms; `parts` when a joined code is matched piece by piece. */
export interface Resolved {
  word: QueryWord;
  candidates: Candidate[];
  parts?: Resolved[];
  /** The word as corrected, for "Did you mean". */
  shown: string;
}

const typo = (term: string): Candidate => ({ term, quality: QUALITY.typo });

/**
 * The word matching of one search: the files its reader fetches, and whether the shopper is typing. While
 * `typing`, a word is also corrected to the start of a longer word ("telesc" of "telescopic"); a word typed
 * whole on the results page only to a whole word ("tiles" is not "tele…").
 */
export interface WordMatching {
  reader: IndexReader;
  typing: boolean;
}

/** The index terms a word matches exactly or as a prefix (the prefix only for the last word). */
export async function direct({ reader }: WordMatching, text: string, prefix: boolean): Promise<Candidate[]> {
  const candidates: Candidate[] = [];
  if (/\d/.test(text) && text.length >= 3 && (await reader.bucketOf(text)).t[text])
    candidates.push({ term: text, quality: QUALITY.exact, code: true });
  if (text.length >= 3) {
    const shard = await reader.shardOf(shardKey(text));
    if (shard)
      for (const term of Object.keys(shard.t)) {
        if (term === text) candidates.push({ term, quality: QUALITY.exact });
        else if (prefix && term.startsWith(text)) candidates.push({ term, quality: QUALITY.prefix });
      }
    // A shard holds only terms of ≥ 3 letters below a key; a prefix of three also starts longer keys.
    return candidates;
  }
  if (reader.hasKey(text)) candidates.push({ term: text, quality: QUALITY.exact });
  if (prefix && reader.hasLongerKey(text))
    candidates.push({ term: text, quality: QUALITY.prefix, prefixFile: true });
  return candidates;
}

/**
 * A word's candidates: exact and prefix terms; corrections too for a word the index lacks (unless
 * `correctUnknown` is false: a synonym's phrase that its other phrases answer) or, with `typos`, for any
 * word without an exact term.
 */
export async function resolveWord(
  matching: WordMatching,
  word: QueryWord,
  prefix: boolean,
  typos: boolean,
  correctUnknown = true,
): Promise<Resolved> {
  const candidates = await direct(matching, word.text, prefix);
  if (candidates.length === 0 && word.parts)
    return {
      word,
      candidates,
      parts: await segments(matching, word.parts, prefix, typos),
      shown: word.typed,
    };
  // A verb for the machine that does it ("blow leaves": the leaf blower), read before any correction.
  if (candidates.length === 0) candidates.push(...(await doersOf(matching, word.text)));
  const unknown = candidates.length === 0 && correctUnknown;
  if (!unknown && !(typos && !candidates.some((c) => c.quality === QUALITY.exact)))
    return { word, candidates, shown: word.typed };
  const fixed =
    typos || candidates.length === 0
      ? (await corrections(word.text, prefix && matching.typing, word.typed, matching.reader.words)).map(typo)
      : [];
  return {
    word,
    candidates: [...candidates, ...fixed],
    shown: candidates.length > 0 ? word.typed : (fixed[0]?.term ?? word.typed),
  };
}

/**
 * The index terms for what a verb does (issue 70): the machine that does it, an English agent noun of
 * the word or of its "-ing" or "-ed" stem ("clean", "cleaning" → "cleaner"; "blow" → "blower"; "trim",
 * "trimming" → "trimmer"; "scrub" → "scrubber"), or that stem itself ("vacuuming" → "vacuum"); as a
 * synonym is, since the shopper typed a word of the same meaning. Only for a word of letters the index
 * lacks; the terms share its first three letters, so its shard is the one already read.
 */
async function doersOf(matching: WordMatching, text: string): Promise<Candidate[]> {
  if (!/^[a-z]{3,}$/.test(text)) return [];
  const stems = [
    text,
    ...[/ing$/, /ed$/].flatMap((ending) => (ending.test(text) ? [text.replace(ending, '')] : [])),
  ];
  const forms = stems.flatMap((stem) =>
    stem.length < 3 ? [] : [stem, `${stem}e`, `${stem}er`, `${stem}r`, `${stem}${stem.at(-1) ?? ''}er`],
  );
  const found: Candidate[] = [];
  for (const form of new Set(forms))
    if (form !== text && (await direct(matching, form, false)).length > 0)
      found.push({ term: form, quality: QUALITY.synonym });
  return found;
}

/**
 * A code whose joined form the index does not know, cut into the longest runs of its pieces it does
 * know, from the left: "180 bar 2720 w" is `180bar` and `2720w`, "nt 20 1" each piece alone, "20l wet
 * dry" `20l`, `wet` and `dry`; a measure stays one run even when unknown (`2000w`, read as a range). Each
 * run is a word of its own (a run of several pieces keeps them).
 */
export async function knownRuns(
  matching: WordMatching,
  parts: readonly string[],
  prefix: boolean,
): Promise<QueryWord[]> {
  const found: QueryWord[] = [];
  for (let from = 0; from < parts.length;) {
    let to = parts.length;
    for (; to > from + 1; to -= 1) {
      const run = parts.slice(from, to).join('');
      if (isMeasureTerm(run) || (await direct(matching, run, prefix && to === parts.length)).length > 0)
        break;
    }
    const piece = parts.slice(from, to);
    found.push(
      piece.length > 1
        ? { text: piece.join(''), parts: piece, typed: piece.join(' ') }
        : { text: piece[0] ?? '', typed: piece[0] ?? '' },
    );
    from = to;
  }
  return found;
}

async function segments(
  matching: WordMatching,
  parts: readonly string[],
  prefix: boolean,
  typos: boolean,
): Promise<Resolved[]> {
  const runs = await knownRuns(matching, parts, prefix);
  return Promise.all(
    runs.map(async (run, at) => {
      const last = prefix && at === runs.length - 1;
      return run.parts
        ? { word: run, candidates: await direct(matching, run.text, last), shown: run.typed }
        : resolveWord(matching, run, last, typos);
    }),
  );
}

/** The products a resolved word's terms have, each with how well it matched. */
export async function matchOf(matching: WordMatching, resolved: Resolved): Promise<Match> {
  const span = resolved.word.parts?.length ?? 1;
  if (resolved.parts) {
    const parts = await Promise.all(resolved.parts.map((part) => matchOf(matching, part)));
    return { ...intersect(parts), span: parts.length };
  }
  // Every list first: gathering them then runs at once (it shares one index-wide array).
  const lists = (
    await Promise.all(
      resolved.candidates.map(async (candidate) => {
        const list = await matching.reader.postings(candidate);
        return list ? { ...list, quality: candidate.quality } : null;
      }),
    )
  ).filter((list) => list !== null);
  const cut = lists.some((list) => list.cut === true) ? { cut: true } : {};
  // One list is already the products in order.
  const [list] = lists;
  if (lists.length === 1 && list) return { ...uniform(list.ids, list.quality, list.infos, span), ...cut };
  return { ...gather(lists, matching.reader.core.n, true), span, ...cut };
}

/** The code terms a resolved word matches through (a joined code's pieces each count). */
export function codeTermsOf(resolved: Resolved): string[] {
  return [
    ...resolved.candidates.filter((candidate) => candidate.code).map((candidate) => candidate.term),
    ...(resolved.parts ?? []).flatMap(codeTermsOf),
  ];
}

/** The index terms a resolved word matches through (a joined code's pieces each count). */
export function termsOf(resolved: Resolved): Set<string> {
  const terms = new Set(resolved.candidates.map((candidate) => candidate.term));
  for (const part of resolved.parts ?? []) for (const term of termsOf(part)) terms.add(term);
  return terms;
}
