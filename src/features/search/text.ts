/**
 * The one normaliser of search (issue 23): the build indexes product text with it and the browser and the
 * server read queries with it, so "K5" = "K 5" = "k-5", "HD5/15" = "HD 5/15" and "1.252-100.6" = "12521006"
 * on both sides by construction.
 *
 * - Text is folded: NFKD, accents dropped, lower case, `&` read as "and"; anything but a-z and 0-9 separates
 *   words (so `-`, `/`, `.`, `_` and spaces all do).
 * - Words are reduced to their English singular (`stem`): "washers" finds "washer", "brushes" "brush".
 * - Stop words ("and", "for", "with", …) carry no meaning in a product search: "wet and dry" = "wet & dry".
 * - Codes: a run of adjacent words holding a digit, with the short words (≤ 3 letters) beside them, is a
 *   model number or SKU typed some way. The index holds every joined span of such a run (`hd`, `5`, `15`,
 *   `hd5`, `515`, `hd515`, `hd515c`, …); a query joins its whole run (`hd 5/15` → `hd515`), so any spacing
 *   of a code meets the index. A size is matched whole: no span starts at a decimal's fraction and ends
 *   with a unit, so "2.5 l" is `25l` but not `5l`.
 */

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** The longest code run the index joins: a longer one is joined in windows of this many words. */
const MAX_RUN = 6;

/** Folded words of a text: lower-case a-z / 0-9 runs, accents dropped, a code cut from a word run into it. */
export function foldWords(text: string): string[] {
  return foldedWords(text).map(({ word }) => word);
}

/** A folded word, and the place of the typed token it comes from when that token mixes letters and digits. */
interface FoldedWord {
  word: string;
  token?: number;
}

function foldedWords(text: string): FoldedWord[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .flatMap((typed, at) => {
      const token = /\d/.test(typed) && /[a-z]/.test(typed) ? { token: at } : {};
      return codeAndWords(typed).map((word) => ({ word, ...token }));
    })
    .filter(({ word }) => word !== '');
}

/** A run of four letters or more: a word, not a code's letters ("hd", "adv", "ml"). */
const LONG_LETTERS = /^[a-z]{4,}$/;

/**
 * A token mixing digits and letters, cut where a word of four letters or more meets the code (issue 70):
 * "k7premiumsmart" is "k7" and "premiumsmart", "4easyfix" "4" and "easyfix"; "t10", "1adv", "500ml" and
 * "hd515" stay whole. Shoppers run a model into the words of its name; names do not.
 */
function codeAndWords(token: string): string[] {
  if (!/\d/.test(token) || !/[a-z]{4}/.test(token)) return [token];
  const pieces: string[] = [];
  for (const run of token.match(/[a-z]+|\d+/g) ?? []) {
    const last = pieces.length - 1;
    if (last >= 0 && !LONG_LETTERS.test(run) && !LONG_LETTERS.test(pieces[last] ?? '')) pieces[last] += run;
    else pieces.push(run);
  }
  return pieces;
}

/** A code's pieces at each change between letters and digits ("t10", "1adv" → t, 10, 1, adv). */
export const codePieces = (parts: readonly string[]): string[] =>
  parts.flatMap((part) => part.match(/[a-z]+|\d+/g) ?? []);

const foldText = (text: string): string =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/ß/g, 'ss')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * For each folded word of a text, whether it is the part of a decimal after its point ("5" of "2.5",
 * "500" of "8.500"): a size token is matched whole (issue 37), so "5 l" is no term of "2.5 l".
 */
function fractions(text: string): boolean[] {
  const folded = foldText(text);
  return [...folded.matchAll(/[a-z0-9]+/g)].flatMap(({ 0: word, index }) =>
    codeAndWords(word).map(
      (piece, at) =>
        at === 0 && /^\d+$/.test(piece) && /\d[.,]$/.test(folded.slice(Math.max(0, index - 2), index)),
    ),
  );
}

const hasDigit = (word: string): boolean => /\d/.test(word);

/**
 * The singular of an English word, by rule: enough for product words ("washers", "brushes", "batteries",
 * "hoses", "boxes") and harmless where it errs, since the index and the query reduce alike. Words with
 * digits, and short ones, are left alone.
 */
export function stem(word: string): string {
  if (word.length <= 3 || hasDigit(word)) return word;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:x|ch|sh|z)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/** May this word be part of a code run: it holds a digit, or is a short non-stop word (`hd`, `k`, `l`). */
const codeLike = (word: string): boolean => hasDigit(word) || (word.length <= 3 && !isStopWord(word));

/** The code runs of a word list: index spans `[from, to)` of ≥ 1 word holding at least one digit. */
function codeRuns(words: readonly string[]): [from: number, to: number][] {
  const runs: [number, number][] = [];
  let at = 0;
  while (at < words.length) {
    if (!codeLike(words[at] ?? '')) {
      at += 1;
      continue;
    }
    let end = at;
    while (end < words.length && codeLike(words[end] ?? '')) end += 1;
    if (words.slice(at, end).some(hasDigit)) runs.push([at, end]);
    at = end;
  }
  return runs;
}

/** A query word: the text matched against the index's terms, and the words a joined code was made of. */
export interface QueryWord {
  text: string;
  /** For a joined code (`k5` from "k 5"): its parts, tried one by one when the joined form is unknown. */
  parts?: string[];
  /** The word as the shopper typed it (before the singular), for "Did you mean". */
  typed: string;
  /** A word of a machine model the query names (fit-slot.ts): its words are one slot, never joined or split. */
  model?: true;
  /** The letters of a model the index does not know, read as its family ("k" of "k8"): a relaxed reading. */
  family?: true;
  /** A word of a phrase naming an audience (audience-slot.ts): the audience's place in the core's `au`. */
  audience?: number;
  /** A word of a phrase naming a job (jobs.ts: "caravan"): the job's place in the core's `jb`. */
  job?: number;
  /** A word after "for" ("hose for an nt vacuum"): what the wanted thing is for, kept after it (fall-back.ts). */
  context?: true;
  /**
   * The place of the typed token mixing letters and digits that the word is (a piece of): "qzxjv9k27" is
   * "qzxjv" and "9k27", both of token 0. A piece of letters that is no word makes the whole token none
   * (nonsense.ts).
   */
  token?: number;
}

/**
 * The words of a query, in order: stop words dropped (unless nothing else is left), each code run joined
 * into one word, every other word reduced to its singular.
 */
export function queryWords(query: string): QueryWord[] {
  const folded = foldedWords(query);
  const meaningful = folded.filter(({ word }) => !isStopWord(word));
  const kept = meaningful.length > 0 ? meaningful : folded;
  const words = kept.map(({ word }) => word);
  const runs = codeRuns(words);
  const result: QueryWord[] = [];
  let at = 0;
  const end: [number, number] = [words.length, words.length];
  for (const [from, to] of [...runs, end]) {
    for (; at < from; at += 1) {
      const word = words[at] ?? '';
      result.push({ text: stem(word), typed: word, ...tokenOf(kept.slice(at, at + 1)) });
    }
    if (to > from) {
      // Cut at each change between letters and digits, so a code the index does not know whole is
      // tried by the runs it does know however it was spaced ("t10/1adv": t101, adv).
      const parts = codePieces(words.slice(from, to));
      const joined = parts.join('');
      const typed = words.slice(from, to).join(' ');
      const token = tokenOf(kept.slice(from, to));
      result.push(
        parts.length > 1
          ? { text: joined, parts, typed, ...token }
          : { text: joined, typed: joined, ...token },
      );
    }
    at = to;
  }
  return result;
}

/** The token mixing letters and digits that all of `words` come from, as a query word's field; or none. */
function tokenOf(words: readonly FoldedWord[]): Pick<QueryWord, 'token'> {
  const token = words[0]?.token;
  return token !== undefined && words.every((word) => word.token === token) ? { token } : {};
}

/** A term the index holds for a text, with the word's place among the text's words (for phrases). */
interface IndexedTerm {
  term: string;
  position: number;
}

/**
 * The terms of a product's text as the index holds them: every meaningful word reduced to its singular
 * (with its position), and every joined span of each code run (at the span's first position).
 */
export function textTerms(text: string): IndexedTerm[] {
  const folded = foldWords(text);
  const fraction = fractions(text).filter((_, at) => !isStopWord(folded[at] ?? ''));
  const words = folded.filter((word) => !isStopWord(word));
  const terms: IndexedTerm[] = words.map((word, position) => ({ term: stem(word), position }));
  for (const [from, to] of codeRuns(words))
    for (let start = from; start < to; start += 1)
      for (let end = start + 2; end <= Math.min(to, start + MAX_RUN); end += 1) {
        // A decimal's fraction with the unit after it ("5 l" of "2.5 l") is not a size of its own.
        if (fraction[start] && !hasDigit(words[end - 1] ?? '')) continue;
        terms.push({ term: words.slice(start, end).join(''), position: start });
      }
  return terms;
}

/** How many meaningful words a text has: a name's length, for "the whole name" in ranking. */
export const wordCount = (text: string): number => foldWords(text).filter((word) => !isStopWord(word)).length;

/** A code (SKU, model number) folded whole: `HG-PW-00156` → `hgpw00156`. */
export const compactCode = (code: string): string => foldWords(code).join('');

/**
 * The terms a SKU or model number is found by, besides its whole folded form: every joined span of its
 * words that holds a digit and has 3 characters or more (`pw00156`, `00156`, `324603`), and the tails of
 * its last number (`0156`, `156`), so a shopper typing the end of a code finds it (Algolia's suffix trick,
 * kept to the number so the terms stay few; of the last word when the code has no digit). Letters-only
 * pieces ("hg", "pw") find nothing on their own.
 */
export function codeTerms(code: string): string[] {
  const terms = new Set(
    textTerms(code)
      .map(({ term }) => term)
      .filter((term) => term.length >= 3 && hasDigit(term)),
  );
  // A code with no digit at all ("HG-DT-CARSHAMPOO") is found by the end of its last word instead, though
  // only when a query finds nothing else (the engine's last resort, fall-back.ts).
  const words = foldWords(code);
  const last = words.findLast(hasDigit) ?? words.at(-1) ?? '';
  for (let from = 1; last.length - from >= 3; from += 1) terms.add(last.slice(from));
  terms.delete(compactCode(code));
  return [...terms];
}
