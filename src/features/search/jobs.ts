/**
 * Jobs to do (issue 70): shoppers describe the dirt, not the machine ("clean a caravan roof", "wash a
 * muddy mountain bike", "moss on the patio"). The catalogue says what each machine is for in Magento's
 * `applications_attrib` ("Caravans", "Bicycles", "Patios"), so the build reads those lists into a small,
 * explainable map: each application's words, and the categories whose machines are mostly for it (a
 * category of machines where at least a quarter have it). A query naming an application finds those
 * categories' products, machines made for the job, as an audience's words find its listings
 * (audience-slot.ts); the other words narrow them ("pressure washer for caravans").
 *
 * The words are the catalogue's own ("caravan", "tile grout", "car interior"); the merchant adds the
 * words shoppers use for an application (`src/content/search-jobs.json`: "bike" for Bicycles, "sofa" for
 * Upholstery) and the words that only say "clean it" in a job's query ("clean", "get … off", "best"),
 * left out when a job is named.
 *
 * The core carries each phrase as an audience is carried (`jb`: [application, phrases, runs of product
 * numbers]): the "Recommended" order keeps a category's products together, so a few numbers each at any
 * catalogue size; and the words left out (`jw`).
 */
import type { CoreJob, SynonymTable } from './files.ts';
import { info } from './info.ts';
import { QUALITY, uniform, type Match } from './sets.ts';
import type { QueryWord } from './text.ts';

/** The core's jobs as a query reads them (its `jb`, `jn`, `jw` and the synonyms). */
export interface CoreJobs {
  jobs: readonly CoreJob[];
  /** How many of `jobs`, from the first, name a job wherever they are. */
  own: number;
  /** The words that only say "clean it". */
  ignored: readonly string[];
  synonyms: SynonymTable;
}

/**
 * The query's words with the phrases naming a job marked (`job`: its place in `jobs`), the longest first,
 * and the words that only say "clean it" left out when one is; as they were when none is. A phrase the
 * products' own words name ("patio", "car") names a job only in a job's query: one naming another job
 * ("moss on the patio") or saying "clean it" before it ("wash the car", "best pressure washer for
 * patios"), and never inside a synonym's phrase ("best carpet cleaner").
 */
export function markJobs(words: readonly QueryWord[], core: CoreJobs): QueryWord[] {
  const marked = markPhrases(words, core, 0, core.own);
  const first = marked.findIndex((word) => word.job !== undefined);
  const cleanIt = words.findIndex((word) => core.ignored.includes(word.text));
  const asJob = first >= 0 || cleanIt >= 0;
  const all = asJob
    ? markPhrases(marked, core, core.own, core.jobs.length, first >= 0 ? 0 : cleanIt + 1)
    : marked;
  return all.some((word) => word.job !== undefined)
    ? all.filter((word) => word.job !== undefined || !core.ignored.includes(word.text))
    : [...words];
}

/** `words` with the phrases of `jobs[from, to)` marked, the longest first, from the word at `start` on. */
function markPhrases(
  words: readonly QueryWord[],
  core: CoreJobs,
  from: number,
  to: number,
  start = 0,
): QueryWord[] {
  const jobs = core.jobs.slice(from, to);
  const longest = Math.max(0, ...jobs.map(([phrase]) => phrase.split(' ').length));
  const inSynonym = synonymWords(words, core.synonyms);
  const marked = [...words];
  for (let at = start; at < marked.length;) {
    let taken = 0;
    for (let length = Math.min(longest, marked.length - at); length >= 1 && taken === 0; length -= 1) {
      const phrase = marked.slice(at, at + length);
      if (phrase.some((word, k) => !markable(word) || (from > 0 && inSynonym[at + k]))) continue;
      const text = phrase.map((word) => word.text).join(' ');
      const which = jobs.findIndex(([phrase]) => phrase === text);
      if (which < 0) continue;
      phrase.forEach((word, k) => (marked[at + k] = { ...word, job: from + which }));
      taken = length;
    }
    at += Math.max(taken, 1);
  }
  return marked;
}

const markable = (word: QueryWord): boolean =>
  !word.model && word.audience === undefined && word.job === undefined && !/\d/.test(word.text);

/** For each word, whether it is in a phrase of several words the synonyms know ("carpet cleaner"). */
function synonymWords(words: readonly QueryWord[], synonyms: SynonymTable): boolean[] {
  const inside = words.map(() => false);
  for (const key of Object.keys(synonyms)) {
    const phrase = key.split(' ');
    if (phrase.length < 2) continue;
    for (let at = 0; at + phrase.length <= words.length; at += 1)
      if (phrase.every((text, k) => words[at + k]?.text === text))
        phrase.forEach((_, k) => (inside[at + k] = true));
  }
  return inside;
}

/**
 * A job's slot: the products of its categories, found as through a synonym with no field, so no part of
 * the name's tier (rank.ts): the other words say what is wanted ("pressure washer for caravans"), and
 * alone ("wash a mountain bike") the machines made for it come in the shop's order. Its words name no
 * product themselves: the build leaves a phrase the products' words name to their own search.
 */
export function withJob(text: Match, members: Int32Array, applications: readonly number[]): Match {
  const none = info.pack(0, 15, false, false);
  return {
    ...uniform(members, QUALITY.synonym, new Int32Array(members.length).fill(none), text.span),
    audience: true,
    job: applications,
    ...(text.cut ? { cut: true } : {}),
  };
}
