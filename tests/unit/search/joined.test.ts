/**
 * Words typed joined or split (issue 37), over a vocabulary given in full: the index's words with their
 * product counts, and the synonyms' phrases.
 */
import { describe, expect, it } from 'vitest';
import { rejoin, type Vocabulary } from '../../../src/features/search/joined.ts';
import { queryWords } from '../../../src/features/search/text.ts';

const WORDS = new Map([
  ['hedge', 5],
  ['trimmer', 6],
  ['pressure', 40],
  ['washer', 45],
  ['wash', 3],
  ['window', 17],
  ['vac', 17],
  ['easyfix', 5],
  ['easy', 3],
  ['wet', 11],
  ['dry', 12],
  ['wetdry', 1],
]);

const vocabulary: Vocabulary = {
  isTerm: (term) => Promise.resolve(WORDS.has(term)),
  words: (letter) => Promise.resolve(new Map([...WORDS].filter(([word]) => word.startsWith(letter)))),
  synonyms: new Set(['jet wash', 'pressure washer']),
};

const texts = async (query: string, keepLast = false): Promise<string[]> => {
  const words = queryWords(query);
  const result = await rejoin(words, vocabulary, (at) =>
    Promise.resolve(keepLast && at === words.length - 1),
  );
  return result.map((word) => word.text);
};

describe('rejoin', () => {
  it('splits an unknown word into two of the index, or a synonym phrase', async () => {
    expect(await texts('hedgetrimmers')).toEqual(['hedge', 'trimmer']);
    expect(await texts('pressurewasher')).toEqual(['pressure', 'washer']);
    expect(await texts('windowvac')).toEqual(['window', 'vac']);
    expect(await texts('jetwash')).toEqual(['jet', 'wash']);
  });

  it('joins two words, one unknown, that the index holds as one', async () => {
    expect(await texts('easy fix steam')).toEqual(['easyfix', 'steam']);
    // Two known words stay apart.
    expect(await texts('wet dry')).toEqual(['wet', 'dry']);
  });

  it('leaves known words, words it cannot split and a last word still being typed alone', async () => {
    expect(await texts('pressure washer')).toEqual(['pressure', 'washer']);
    expect(await texts('steamxyzzy')).toEqual(['steamxyzzy']);
    expect(await texts('windowvac', true)).toEqual(['windowvac']);
  });
});
