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
import type { CoreAudience } from './files.ts';
import { info } from './info.ts';
import { QUALITY, uniform, type Match } from './sets.ts';
import type { QueryWord } from './text.ts';

/**
 * The query's words with the phrases naming a job marked (`job`: its place in `jobs`), the longest phrase
 * first, and the words that only say "clean it" (`ignored`) left out when one is; as they were when none.
 */
export function markJobs(
  words: readonly QueryWord[],
  jobs: readonly CoreAudience[],
  ignored: readonly string[],
): QueryWord[] {
  const longest = Math.max(0, ...jobs.map(([, [phrase]]) => (phrase ?? '').split(' ').length));
  const marked = [...words];
  let any = false;
  for (let at = 0; at < marked.length;) {
    let taken = 0;
    for (let length = Math.min(longest, marked.length - at); length >= 1 && taken === 0; length -= 1) {
      const phrase = marked.slice(at, at + length);
      if (phrase.some((word) => word.model || word.audience !== undefined || /\d/.test(word.text))) continue;
      const which = jobs.findIndex(([, phrases]) => phrases[0] === phrase.map((word) => word.text).join(' '));
      if (which < 0) continue;
      phrase.forEach((word, k) => (marked[at + k] = { ...word, job: which }));
      taken = length;
      any = true;
    }
    at += Math.max(taken, 1);
  }
  return any ? marked.filter((word) => word.job !== undefined || !ignored.includes(word.text)) : [...words];
}

/**
 * A job's slot: the products of its categories, found as through a synonym with no field, so no part of
 * the name's tier (rank.ts): the other words say what is wanted ("pressure washer for caravans"), and
 * alone ("wash a mountain bike") the machines made for it come in the shop's order. Its words name no
 * product themselves: the build leaves a phrase the products' words name to their own search.
 */
export function withJob(text: Match, members: Int32Array): Match {
  const none = info.pack(0, 15, false, false);
  return {
    ...uniform(members, QUALITY.synonym, new Int32Array(members.length).fill(none), text.span),
    audience: true,
    job: true,
    ...(text.cut ? { cut: true } : {}),
  };
}
