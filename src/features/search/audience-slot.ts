/**
 * An audience named in a query (issue 50): "h&g pressure washer", "trade vacuum", "domestic steam cleaner".
 * The shop sells to two audiences, each its own tree of categories (catalogue/categories.ts
 * `AUDIENCE_WORDS`); shoppers qualify what they want by one, in words no product name has ("h&g",
 * "trade") or has only here and there ("Home"). Beside other words, such a phrase is one slot (slots.ts)
 * whose products are those its words find, as before, and every product of the audience's categories, so
 * "trade vacuum" lists the Professional vacuums, not the Home & Garden ones the word "vacuum" ranks first.
 * Alone ("home", "professional") it is read as words, as before: it says nothing about what is wanted.
 *
 * The build writes each audience's products into the core (`au`) as runs of product numbers: the
 * "Recommended" order puts the listings in menu order, an audience's after the other's, so its products
 * are one or a few runs whatever the catalogue's size.
 */
import type { CoreAudience } from './files.ts';
import { info } from './info.ts';
import { QUALITY, type Match } from './sets.ts';
import { queryWords, type QueryWord } from './text.ts';

/** The index words of a phrase naming an audience, as the query's words will be: "h&g" → "h g". */
export const audiencePhrase = (text: string): string =>
  queryWords(text)
    .map((word) => word.text)
    .join(' ');

/**
 * Product numbers (ascending) as runs: the lengths of runs without and with them, alternately, from
 * product 0 (`[0, 120, 5, 3]`: products 0–119 and 125–127).
 */
export function toRuns(ids: readonly number[], n: number): number[] {
  const member = new Uint8Array(n);
  for (const id of ids) member[id] = 1;
  const runs: number[] = [];
  let inside = 0;
  let length = 0;
  for (let id = 0; id < n; id += 1) {
    if (member[id] === inside) length += 1;
    else {
      runs.push(length);
      inside = 1 - inside;
      length = 1;
    }
  }
  if (inside === 1) runs.push(length);
  return runs;
}

/** The product numbers of runs written by `toRuns`, ascending. */
export function fromRuns(runs: readonly number[]): Int32Array {
  let count = 0;
  for (let at = 1; at < runs.length; at += 2) count += runs[at] ?? 0;
  const ids = new Int32Array(count);
  let id = 0;
  let filled = 0;
  runs.forEach((length, at) => {
    if (at % 2 === 1) for (let k = 0; k < length; k += 1) ids[filled++] = id + k;
    id += length;
  });
  return ids;
}

/**
 * The query's words with the phrases that name an audience marked (`audience`: its place in `audiences`),
 * the longest phrase first; none when nothing else would be left to search for.
 */
export function markAudiences(words: readonly QueryWord[], audiences: readonly CoreAudience[]): QueryWord[] {
  const longest = Math.max(0, ...audiences.flatMap(([, phrases]) => phrases.map((p) => p.split(' ').length)));
  const marked = [...words];
  for (let at = 0; at < marked.length;) {
    let taken = 0;
    for (let length = Math.min(longest, marked.length - at); length >= 1 && taken === 0; length -= 1) {
      const phrase = marked.slice(at, at + length);
      if (phrase.some((word) => word.model)) continue;
      const text = phrase.map((word) => word.text).join(' ');
      const which = audiences.findIndex(([, phrases]) => phrases.includes(text));
      if (which < 0) continue;
      phrase.forEach((word, k) => (marked[at + k] = { ...word, audience: which }));
      taken = length;
    }
    at += Math.max(taken, 1);
  }
  return marked.every((word) => word.audience !== undefined) ? [...words] : marked;
}

/**
 * The audience's slot: the products its words find (`text`) and every product of the audience, found so
 * alone as through a synonym, with no field (so it is no part of the name's tier: rank.ts), its stock
 * left to the other words.
 */
export function withAudience(text: Match, members: Int32Array): Match {
  const most = text.ids.length + members.length;
  const ids = new Int32Array(most);
  const quality = new Uint8Array(most);
  const infos = new Int32Array(most);
  const end = 2 ** 31;
  let t = 0;
  let m = 0;
  let count = 0;
  for (;;) {
    const id = Math.min(text.ids[t] ?? end, members[m] ?? end);
    if (id === end) break;
    if (text.ids[t] === id) {
      quality[count] = text.quality[t] ?? 0;
      infos[count] = text.infos[t] ?? 0;
      t += 1;
    } else {
      quality[count] = QUALITY.synonym;
      infos[count] = info.pack(0, 15, false, false);
    }
    if (members[m] === id) m += 1;
    ids[count] = id;
    count += 1;
  }
  return {
    ids: ids.slice(0, count),
    quality: quality.slice(0, count),
    infos: infos.slice(0, count),
    span: text.span,
    audience: true,
    ...(text.cut ? { cut: true } : {}),
  };
}
