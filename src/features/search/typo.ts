/**
 * Typo tolerance as the search engines publish it (Algolia's defaults, Meilisearch's first-letter rule):
 * one edit from 4 letters, two from 8; a swap of two neighbouring letters is one edit; a word with a digit
 * (a SKU, a model number) is never corrected; a wrong first letter costs two edits, since shoppers rarely
 * get it wrong and it changes the word the most.
 */
import type { WordsFile } from './files.ts';

/** How many edits a query word may be away from an index term. */
export function allowedEdits(word: string): number {
  if (/\d/.test(word)) return 0;
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

/**
 * The optimal-string-alignment distance of `a` and `b` (Damerau–Levenshtein without re-editing a
 * swapped pair), a first-letter edit counted twice; `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const firstLetter = a[0] === b[0] ? 0 : 1;
  const budget = max - firstLetter;
  if (budget < 0) return max + 1;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  const distance = (previous[b.length] ?? 0) + firstLetter;
  return distance > max ? max + 1 : distance;
}

/** Words within the allowed edits of `text` (of a prefix of them, for a word being typed). */
export async function corrections(
  text: string,
  prefix: boolean,
  typed: string,
  words: (letter: string) => Promise<WordsFile | null>,
): Promise<string[]> {
  // The word as typed too: a misspelt plural's singular ("cordlses" → "cordlse") is further from the
  // word than what was typed.
  const edits = Math.max(allowedEdits(text), allowedEdits(typed));
  if (edits === 0) return [];
  const letters = edits > 1 ? new Set([text.charAt(0), text.charAt(1)]) : new Set([text.charAt(0)]);
  const found: { term: string; distance: number; count: number }[] = [];
  for (const letter of letters) {
    const file = await words(letter);
    if (!file) continue;
    file.w.split(' ').forEach((term, at) => {
      const whole = Math.min(editDistance(text, term, edits), editDistance(typed, term, edits));
      const partial =
        prefix && term.length > text.length
          ? editDistance(text, term.slice(0, text.length), edits)
          : edits + 1;
      const distance = Math.min(whole, partial);
      if (distance <= edits && term !== text) found.push({ term, distance, count: file.f[at] ?? 0 });
    });
  }
  found.sort((a, b) => a.distance - b.distance || b.count - a.count);
  const best = found[0]?.distance;
  return found
    .filter((candidate) => candidate.distance === best)
    .slice(0, 4)
    .map(({ term }) => term);
}

/** How many words a shorthand is tried as: the commonest, each costing its term file. */
const MAX_SHORTHANDS = 6;

/** Whether the letters of `short` are all in `word`, in order. */
function inOrder(short: string, word: string): boolean {
  let at = 0;
  for (const letter of word) if (letter === short[at]) at += 1;
  return at === short.length;
}

/**
 * Words `text` may be a shorthand of, past the edits a word of its length may have (issue 50): the same
 * first letter and every letter of it in order, with at most half the word's letters left out ("wshr" of
 * "washer", "clnr" of "cleaner") and not only its end (a word cut short is matched as a prefix, or not),
 * the commonest first. Too loose to stand alone, so the engine keeps only
 * one that the query's other words find products with ("pressure wshr").
 */
export async function shorthands(
  text: string,
  words: (letter: string) => Promise<WordsFile | null>,
): Promise<string[]> {
  if (text.length < 3 || /\d/.test(text)) return [];
  const file = await words(text.charAt(0));
  if (!file) return [];
  const found: { term: string; count: number }[] = [];
  file.w.split(' ').forEach((term, at) => {
    // Not the start of the word: a word cut short is no shorthand ("steam clea " is not "cleaner").
    if (
      term.length > text.length &&
      text.length * 2 >= term.length &&
      !term.startsWith(text) &&
      inOrder(text, term)
    )
      found.push({ term, count: file.f[at] ?? 0 });
  });
  return found
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_SHORTHANDS)
    .map(({ term }) => term);
}
