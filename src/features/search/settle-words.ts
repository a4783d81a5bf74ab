/**
 * Step 2 of a search (search.ts): the words as the index has them. Words typed joined ("jetwash") or
 * apart ("easy fix") otherwise than the index holds them are split or joined (joined.ts); a code run the
 * index does not know whole becomes the runs it knows (resolve.ts `knownRuns`); and a phrase naming an
 * audience beside other words is marked as the audience's (audience-slot.ts).
 */
import { markAudiences } from './audience-slot.ts';
import { markJobs } from './jobs.ts';
import { shardKey } from './files.ts';
import { rejoin, type Vocabulary } from './joined.ts';
import { isMeasureTerm } from './query.ts';
import { direct, knownRuns } from './resolve.ts';
import { QUALITY } from './sets.ts';
import type { SearchRun } from './state.ts';
import type { QueryWord } from './text.ts';

export async function settleWords(run: SearchRun, typed: readonly QueryWord[]): Promise<QueryWord[]> {
  // The last word stays as typed while it may still grow into a word.
  const typedLast = typed.length - 1;
  const joined = await rejoin(
    typed,
    vocabulary(run),
    async (at) => run.prefixLast && at === typedLast && mayGrow(run, typed[at]?.text ?? ''),
  );
  const { au, jb, jn, jw, syn } = run.index.core;
  const jobs = { jobs: jb ?? [], own: jn ?? 0, ignored: jw ?? [], synonyms: syn };
  return markJobs(markAudiences(await withKnownRuns(run, joined), au ?? []), jobs);
}

/** Whether a last word being typed may still grow into a longer word of the index ("bath" of "bathroom"). */
export const mayGrow = async (run: SearchRun, text: string): Promise<boolean> =>
  text.length < 3 || (await direct(run.matching, text, true)).some((c) => c.quality === QUALITY.prefix);

/** The index's vocabulary as joined.ts asks for it, from the files the search already reads. */
function vocabulary({ reader, index }: SearchRun): Vocabulary {
  const lists = new Map<string, Promise<Map<string, number>>>();
  return {
    isTerm: async (term) => term.length >= 3 && (await reader.shardOf(shardKey(term)))?.t[term] !== undefined,
    words: (letter) => {
      let list = lists.get(letter);
      if (!list) {
        list = reader.words(letter).then((file) => {
          const counts = new Map<string, number>();
          file?.w.split(' ').forEach((word, at) => counts.set(word, file.f[at] ?? 0));
          return counts;
        });
        lists.set(letter, list);
      }
      return list;
    },
    synonyms: index.synonymPhrases,
  };
}

/**
 * A code run the index does not know whole ("20l wet and dry") becomes the runs it does know, each a
 * word of its own, so that relaxing can leave out the one no product has; a measure stays whole
 * ("1500 w"), to be read as a range (measures.ts).
 */
async function withKnownRuns(run: SearchRun, words: readonly QueryWord[]): Promise<QueryWord[]> {
  const split = await Promise.all(
    words.map(async (word, at) => {
      const prefix = run.prefixLast && at === words.length - 1;
      return word.parts &&
        !word.model &&
        !isMeasureTerm(word.text) &&
        (await direct(run.matching, word.text, prefix)).length === 0
        ? familyOf(await knownRuns(run.matching, word.parts, prefix)).map((piece) => ({
            ...piece,
            ...(word.token === undefined ? {} : { token: word.token }),
          }))
        : [word];
    }),
  );
  return split.flat();
}

/**
 * A model the index does not know, cut into the runs it does: a number left alone after a family's letters
 * is the model's, not a word ("k 8" is the K family, not every product with an 8), so it is left out.
 */
function familyOf(runs: QueryWord[]): QueryWord[] {
  const number = (at: number): boolean =>
    at > 0 && /^\d+$/.test(runs[at]?.text ?? '') && /^[a-z]+$/.test(runs[at - 1]?.text ?? '');
  const family = runs.flatMap((run, at) =>
    number(at) ? [] : number(at + 1) ? [{ ...run, family: true as const }] : [run],
  );
  return family.length > 0 ? family : runs;
}
