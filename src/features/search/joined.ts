/**
 * Words typed joined or split otherwise than the index has them (issue 37): "jetwash", "hedgetrimmer",
 * "pressurewasher", "windowvac" find what their two words find, and two typed words that the index holds
 * as one ("easy fix" for "EasyFix") find it. Only the index's own vocabulary is used: the words lists
 * (`w/{letter}.json`, already what corrections read) and the synonyms' words, so a split is never a guess
 * at a word the shop does not have.
 */
import { stem, type QueryWord } from './text.ts';

/** What splitting needs to know of the index; the engine answers from its (cached) files. */
export interface Vocabulary {
  /** Is `term` a word term of the index (exactly)? */
  isTerm(term: string): Promise<boolean>;
  /** The words of the index starting with `letter`, with how many products have each. */
  words(letter: string): Promise<ReadonlyMap<string, number>>;
  /** The phrases of the merchant's synonyms (`core.syn`'s keys), as the index's words. */
  synonyms: ReadonlySet<string>;
}

/** The shortest half of a joined word: "vac" of "windowvac". */
const MIN_PART = 3;

const splittable = (word: QueryWord): boolean =>
  !word.parts && !/\d/.test(word.text) && word.text.length >= 2 * MIN_PART;

/**
 * The query's words with each unknown joined word split in two (when both halves are the index's words
 * or a synonym's phrase) and each pair of adjacent words, one of them unknown, joined when the joined
 * form is a word.
 * `keep(at)` says a word must stay as typed (the last word while it is still being typed); a machine model's
 * words (fit-slot.ts) always do.
 */
export async function rejoin(
  words: readonly QueryWord[],
  vocabulary: Vocabulary,
  keep: (at: number) => Promise<boolean>,
): Promise<QueryWord[]> {
  const synonymWords = new Set([...vocabulary.synonyms].flatMap((phrase) => phrase.split(' ')));
  const known = async (text: string): Promise<boolean> =>
    synonymWords.has(text) || (await vocabulary.isTerm(text));
  const result: QueryWord[] = [];
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at];
    if (!word) continue;
    const next = words[at + 1];
    // Two words, one of them unknown, that the index holds joined: "easy fix" → "easyfix" (its file is
    // the first word's). Two known words stay apart: "wet dry" is not the rarer "wetdry".
    if (
      next &&
      !word.model &&
      !next.model &&
      !word.parts &&
      !next.parts &&
      !/\d/.test(word.typed + next.typed) &&
      !((await known(word.text)) && (await known(next.text)))
    ) {
      const joined = stem(word.typed + next.typed);
      if (await vocabulary.isTerm(joined)) {
        const token = word.token !== undefined && word.token === next.token ? { token: word.token } : {};
        result.push({ text: joined, typed: `${word.typed} ${next.typed}`, ...token });
        at += 1;
        continue;
      }
    }
    // `keep` last: it may scan a shard, and most words are known.
    if (word.model || word.parts || (await known(word.text)) || (await keep(at))) {
      result.push(word);
      continue;
    }
    const halves = splittable(word) ? await split(word.text, vocabulary, synonymWords) : null;
    // Each half is of the typed token the word was ("k7premiumsmart": "premium", "smart").
    const token = word.token === undefined ? {} : { token: word.token };
    result.push(...(halves?.map((half) => ({ ...half, ...token })) ?? [word]));
  }
  return result;
}

/**
 * The best two words `text` is made of: a synonym's phrase first ("jet wash"), else the split whose rarer
 * half is in the most products. Null when no split has two known halves.
 */
async function split(
  text: string,
  vocabulary: Vocabulary,
  synonymWords: ReadonlySet<string>,
): Promise<QueryWord[] | null> {
  const count = async (word: string): Promise<number> =>
    synonymWords.has(word) ? 1 : ((await vocabulary.words(word.charAt(0))).get(word) ?? 0);
  let best: { left: string; right: string; score: number } | null = null;
  for (let cut = MIN_PART; cut <= text.length - MIN_PART; cut += 1) {
    const left = text.slice(0, cut);
    const right = stem(text.slice(cut));
    // The left half first: its words are all in one list, the right half's letters vary.
    const phrase = vocabulary.synonyms.has(`${left} ${right}`);
    const leftCount = phrase ? Infinity : await count(left);
    if (leftCount === 0) continue;
    const score = phrase ? Infinity : Math.min(leftCount, await count(right));
    if (score > 0 && (!best || score > best.score)) best = { left, right, score };
  }
  return best
    ? [
        { text: best.left, typed: best.left },
        { text: best.right, typed: text.slice(best.left.length) },
      ]
    : null;
}
