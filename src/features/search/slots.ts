/**
 * The query's words as slots (match-slots.ts): where a run of words is a phrase of the merchant's synonyms
 * (the core's table, synonyms.ts), its slot holds that phrase and its other phrases as alternatives; the
 * words of a machine model the query names are one slot of their own.
 */
import { MAX_SYNONYM_WORDS, type SynonymTable } from './files.ts';
import type { QueryWord } from './text.ts';

/**
 * The query's words as slots: each a list of alternatives (the longest phrase of the merchant's synonyms
 * starting there, and its other phrases), each a list of words that must all match.
 */
export function synonymSlots(words: readonly QueryWord[], syn: SynonymTable): QueryWord[][][] {
  const result: QueryWord[][][] = [];
  for (let at = 0; at < words.length;) {
    const word = words[at];
    if (!word) break;
    if (word.model) {
      // A machine model's words are one slot, as typed (fit-slot.ts).
      let end = at;
      while (words[end]?.model) end += 1;
      result.push([words.slice(at, end)]);
      at = end;
      continue;
    }
    const audience = word.audience;
    const job = word.job;
    if (audience !== undefined || job !== undefined) {
      // So are an audience's (audience-slot.ts) and a job's (jobs.ts).
      let end = at;
      while (end < words.length && words[end]?.audience === audience && words[end]?.job === job) end += 1;
      result.push([words.slice(at, end)]);
      at = end;
      continue;
    }
    let taken = 1;
    let alternatives: QueryWord[][] = [[word]];
    for (let length = Math.min(MAX_SYNONYM_WORDS, words.length - at); length >= 1; length -= 1) {
      const phrase = words.slice(at, at + length);
      if (phrase.some((word) => word.model || word.audience !== undefined || word.job !== undefined))
        continue;
      const others = syn[phrase.map((word) => word.text).join(' ')];
      if (!others) continue;
      taken = length;
      alternatives = [
        phrase,
        ...others.map((other) => other.split(' ').map((text) => ({ text, typed: text }))),
      ];
      break;
    }
    result.push(alternatives);
    at += taken;
  }
  return result;
}
