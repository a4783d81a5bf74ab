/**
 * The search engine (issues 23 and 37): matches and ranks a query against the index files (files.ts),
 * fetching only the pieces the query needs through an `IndexSource`: the browser's fetches them over HTTP,
 * the storefront server's reads them from the built site, the tests' from a build in memory. One engine,
 * so the suggestions, the results page with and without JavaScript, and the relevance tests agree.
 *
 * This file holds the engine's state (the core, the caches kept between searches, the retry after a
 * rebuild renumbered the products) and the steps of one search, each in a module of its own:
 *
 * 1. query.ts reads what the query says besides words: units, a pressure in psi, a price; fit-slot.ts a
 *    machine model it names ("k5 hose"), whose slot is also what fits the model (issue 39).
 * 2. joined.ts splits words typed joined ("jetwash") and joins words typed apart ("easy fix").
 * 3. The words become slots (slots.ts), a phrase of the merchant's synonyms one slot with its
 *    alternatives; each word is matched by resolve.ts (exactly, as a prefix when last, corrected by
 *    typo.ts) over the files reader.ts fetches, a measure asked for as a range by measures.ts; every
 *    slot must match (AND, sets.ts).
 * 4. When no product has every slot: the whole query as a code, then corrections, then a measure read
 *    as its nearest values (measures.ts), then relax.ts keeps the most telling slots that still find
 *    something, and the answer says which.
 * 5. rank.ts orders the products (what fits a model named first), categories.ts the categories the words
 *    lead to.
 */
import { fromRuns, markAudiences, withAudience } from './audience-slot.ts';
import { asCategory, namesCategory, rankCategories, type CategoryHit } from './categories.ts';
import { decodeCore, StaleIndexError } from './decode.ts';
import { shardKey, type RecordShard, type SearchCore, type SearchRecord } from './files.ts';
import { modelsByKey, type SearchModel } from './fit-data.ts';
import { namedModel, withFits, wordsNaming } from './fit-slot.ts';
import { rejoin, type Vocabulary } from './joined.ts';
import { measureSlot, nearestMeasures } from './measures.ts';
import { isMeasureTerm, readQuery, type MeasureRange, type PriceRange } from './query.ts';
import { rank } from './rank.ts';
import { indexReader, type Decoded, type IndexSource } from './reader.ts';
import { relaxedSlots } from './relax.ts';
import { codeTermsOf, termsOf, wordMatcher } from './resolve.ts';
import { intersect, QUALITY, union, type Match, type SlotMatch } from './sets.ts';
import { synonymSlots } from './slots.ts';
import { foldWords, queryWords, textTerms, type QueryWord } from './text.ts';
import { shorthands } from './typo.ts';

export type { CategoryHit } from './categories.ts';
export type { IndexSource } from './reader.ts';

export interface SearchAnswer {
  /** Product numbers, best first: all that match, or the best `limit` of them. */
  ids: number[];
  /** How many products match (at least, when `approximate`). */
  total: number;
  /**
   * True when a suggestion's answer came from the heads of large shards (the best products of its
   * commonest words, files.ts `TermShard.h`): its first products are right, `total` is a lower bound.
   */
  approximate: boolean;
  /** Categories whose names the query matches, most products first. */
  categories: CategoryHit[];
  /**
   * The whole query as the index understands it, when that differs from what was typed (corrected words)
   * and it finds the results: "Showing results for …". Null when the results were relaxed (`relaxed`) or
   * nothing was found, so no correction offered ever leads to nothing.
   */
  didYouMean: string | null;
  /** True when the results rely on a corrected word. */
  corrected: boolean;
  /**
   * When no product has every word, the words the results do have, as understood (relax.ts): the page
   * says "No exact match for ‹q›; showing ‹q′›". Null when every word matched.
   */
  relaxed: string | null;
  /**
   * A price the query asked for ("under £200", "£200–£300"), taken out of its words (query.ts), in the
   * prices the shopper reads: the results page applies it as its price filter.
   */
  price: PriceRange | null;
  /**
   * For a configurable found by one child's SKU or model number, by product number: the query of its page
   * that chooses that child (`volume=5-l`); `records` puts it on the product's path.
   */
  variants: Record<number, string>;
  /**
   * The machine model the query names (fit-slot.ts: "k5 hose"), whose fitting products come first; null
   * when it names none the catalogue knows.
   */
  model: SearchModel | null;
  core: SearchCore;
}

/** How a search is run: `typing` for suggestions, where a last word under 3 letters matches only whole. */
export interface SearchOptions {
  typing?: boolean;
  /** Rank only this many (the rest stay unranked and are left out of `ids`; `total` counts them all). */
  limit?: number;
}

/** A size term: a number and a unit of the index ("5l", "500ml", "10m"). */
const SIZE = /^\d+(?:l|ml|kg|g|m|mm|cm)$/;

/** How many matched slots the engine keeps between keystrokes. */
const SLOT_CACHE = 48;

/** The core as an engine holds it, with its key bitmaps decoded and its category names as terms. */
interface Loaded {
  core: SearchCore;
  keys: Uint8Array;
  /** The keys of shards with a head (the core's `hk`), or null when none has. */
  headKeys: Uint8Array | null;
  categoryTerms: string[][];
  synonymPhrases: Set<string>;
  /** The machine models search knows, by key (fit-data.ts): fetched with the first query with a digit. */
  models: () => Promise<Map<string, SearchModel>>;
  /** The products of the core's `au[at]` (audience-slot.ts), read from its runs when first asked for. */
  audience: (at: number) => Int32Array;
}

export interface SearchEngine {
  search(query: string, options?: SearchOptions): Promise<SearchAnswer>;
  /**
   * The records of these products, in the same order; a product in `variants` (the answer's) has its
   * path with the query that chooses the child the shopper typed the code of (`/car-shampoo?volume=5-l`).
   */
  records(ids: readonly number[], variants?: Readonly<Record<number, string>>): Promise<SearchRecord[]>;
  core(): Promise<SearchCore>;
}

export function createSearchEngine(source: IndexSource): SearchEngine {
  let loaded: Promise<Loaded> | undefined;
  const decoded = new Map<string, Decoded>();
  const slotCache = new Map<string, Promise<SlotMatch>>();

  function state() {
    loaded ??= source.core().then((data) => {
      const core = decodeCore(data);
      decoded.clear();
      slotCache.clear();
      const bitmap = (base64: string): Uint8Array =>
        Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const categoryTerms = core.c.map(([name]) => textTerms(name).map(({ term }) => term));
      const synonymPhrases = new Set(Object.keys(core.syn));
      const headKeys = core.hk === undefined ? null : bitmap(core.hk);
      const models = modelsOf(core);
      // Asked for beside the core, so the keystroke that names a model fetches only the model's file.
      models().catch(() => undefined);
      const audiences = new Map<number, Int32Array>();
      const audience = (at: number): Int32Array => {
        let ids = audiences.get(at);
        if (!ids) audiences.set(at, (ids = fromRuns(core.au?.[at]?.[2] ?? [])));
        return ids;
      };
      return { core, keys: bitmap(core.k), headKeys, categoryTerms, synonymPhrases, models, audience };
    });
    loaded.catch(() => (loaded = undefined));
    return loaded;
  }

  /** The machine models of this core, read once when first asked for (again after a failed read). */
  function modelsOf(core: SearchCore): () => Promise<Map<string, SearchModel>> {
    let known: Promise<Map<string, SearchModel>> | undefined;
    return () => {
      if (!known) {
        known = (core.fm && source.models ? source.models(core.v) : Promise.resolve(null)).then(modelsByKey);
        known.catch(() => (known = undefined));
      }
      return known;
    };
  }

  async function withRetry<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof StaleIndexError)) throw error;
      forget();
      return run();
    }
  }

  async function rethrowStale<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof StaleIndexError) forget();
      throw error;
    }
  }

  /** The next call starts from a fresh core: the products were renumbered. */
  function forget(): void {
    source.reset();
    loaded = undefined;
  }

  return {
    core: async () => (await state()).core,
    search: (query, options = {}) => withRetry(async () => runSearch(await state(), query, options)),
    // Not retried: the ids are the old numbering's. The caller searches again (and gets the new one).
    records: (ids, variants = {}) =>
      rethrowStale(async () => {
        const { core } = await state();
        const shards = new Map<number, Promise<RecordShard>>();
        for (const id of ids) {
          const shard = Math.floor(id / core.s);
          if (!shards.has(shard)) shards.set(shard, source.records(shard, core.v));
        }
        const loadedShards = new Map<number, RecordShard>();
        await Promise.all([...shards].map(async ([n, pending]) => loadedShards.set(n, await pending)));
        return ids.map((id) => {
          const record = loadedShards.get(Math.floor(id / core.s))?.d[id % core.s];
          if (!record) throw new StaleIndexError(`no record of product ${id}`);
          const query = variants[id];
          if (query === undefined || record[2] === '') return record;
          const withQuery: SearchRecord = [...record];
          withQuery[2] = `${record[2]}?${query}`;
          // The card of the child chosen shows its price (not the cheapest child's), as its page does.
          const prices = record[12]?.[query];
          if (prices) [withQuery[5], withQuery[6]] = prices;
          return withQuery;
        });
      }),
  };

  /**
   * While typing, for the best few (`limit`), the heads of large shards are read first (files.ts
   * `TermShard.h`): their answer stands when it has every word and enough products (its `total` then a
   * lower bound, `approximate`); otherwise the whole shards answer.
   */
  async function runSearch(loaded: Loaded, query: string, options: SearchOptions): Promise<SearchAnswer> {
    if (options.typing === true && options.limit !== undefined && loaded.headKeys !== null) {
      const first = await searchWith(loaded, query, options, loaded.headKeys);
      if (!first.approximate) return first;
      if (first.relaxed === null && first.didYouMean === null && first.ids.length >= options.limit)
        return first;
    }
    return searchWith(loaded, query, options, null);
  }

  async function searchWith(
    { core, keys, categoryTerms, synonymPhrases, models, audience }: Loaded,
    query: string,
    options: SearchOptions,
    headKeys: Uint8Array | null,
  ): Promise<SearchAnswer> {
    const read = readQuery(query);
    // A model has a digit ("K 5"): a query without one names none, and needs no list of them.
    const named = /\d/.test(read.text) ? namedModel(read.text, await models()) : null;
    const empty: SearchAnswer = {
      ids: [],
      total: 0,
      approximate: false,
      categories: [],
      didYouMean: null,
      corrected: false,
      relaxed: null,
      price: null,
      variants: {},
      model: named?.model ?? null,
      core,
    };
    let words = wordsNaming(read.text, named);
    if (words.length === 0 && read.measures.length === 0) return { ...empty, price: read.price };
    const prefixLast = !/\s$/.test(query);

    const reader = indexReader(source, core, keys, decoded, headKeys);
    const { shardOf, bucketOf } = reader;
    const { direct, resolve, matchOf, knownRuns } = wordMatcher(reader, { typing: options.typing === true });
    const measureOf = (measure: MeasureRange): Promise<SlotMatch> => measureSlot(measure, shardOf, matchOf);

    /** The index's vocabulary as joined.ts asks for it, from the files the engine already reads. */
    function vocabulary(): Vocabulary {
      const lists = new Map<string, Promise<Map<string, number>>>();
      return {
        isTerm: async (term) => term.length >= 3 && (await shardOf(shardKey(term)))?.t[term] !== undefined,
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
        synonyms: synonymPhrases,
      };
    }

    // Words typed joined ("jetwash") or split ("easy fix") otherwise than the index has them (joined.ts);
    // the last word stays as typed while it may still grow into a word.
    const typedLast = words.length - 1;
    const growing = async (text: string): Promise<boolean> =>
      text.length < 3 || (await direct(text, true)).some((c) => c.quality === QUALITY.prefix);
    words = await rejoin(
      words,
      vocabulary(),
      async (at) => prefixLast && at === typedLast && growing(words[at]?.text ?? ''),
    );
    // A code run the index does not know whole ("20l wet and dry") becomes the runs it does know, each a
    // word of its own, so that relaxing can leave out the one no product has; a measure stays whole
    // ("1500 w"), to be read as a range below.
    words = (
      await Promise.all(
        words.map(async (word, at) => {
          const prefix = prefixLast && at === words.length - 1;
          return word.parts &&
            !word.model &&
            !isMeasureTerm(word.text) &&
            (await direct(word.text, prefix)).length === 0
            ? knownRuns(word.parts, prefix)
            : [word];
        }),
      )
    ).flat();
    // A phrase naming an audience beside other words ("trade vacuum"): that audience's products.
    words = markAudiences(words, core.au ?? []);
    const querySlots = synonymSlots(words, core.syn);
    const lastSlot = querySlots.length - 1;
    // While typing, a last word of one or two characters is matched only whole: the words it might begin
    // are too many to fetch on every first keystroke (`p/{prefix}.json`). One of letters is also left aside
    // until it grows, after other words, and matched only alone ("k"): the words before it already say
    // what the shopper wants; one with a digit may be a whole code ("k5", "15").
    const lastWord = words.at(-1)?.text ?? '';
    const shortTyped = options.typing === true && prefixLast && lastWord.length < 3;
    const shortLast = shortTyped && !/\d/.test(lastWord);
    const counted = shortLast && querySlots.length > 1 ? querySlots.slice(0, -1) : querySlots;

    async function evaluate(typos: boolean): Promise<SlotMatch[]> {
      return Promise.all(
        counted.map((alternatives, at) => {
          const prefix = prefixLast && !shortTyped && at === lastSlot;
          const key = JSON.stringify([alternatives, prefix, typos, headKeys !== null]);
          let pending = slotCache.get(key);
          if (!pending) {
            if (slotCache.size >= SLOT_CACHE) slotCache.clear();
            // An audience's words are not corrected: "hg" is no misspelt word.
            const audienceAt = alternatives[0]?.[0]?.audience;
            pending = evaluateSlot(
              alternatives,
              prefix,
              typos && audienceAt === undefined,
              audienceAt === undefined,
            );
            // The slot of the model the query names: what fits it, and its machines, too (fit-slot.ts).
            if (named && alternatives[0]?.[0]?.model) pending = withFitsOf(named.model, pending);
            // The slot of an audience: its products, too (audience-slot.ts).
            if (audienceAt !== undefined)
              pending = pending.then((slot) => ({
                ...slot,
                match: withAudience(slot.match, audience(audienceAt)),
              }));
            slotCache.set(key, pending);
            pending.catch(() => slotCache.delete(key));
          }
          return pending;
        }),
      );
    }

    async function withFitsOf(model: SearchModel, pending: Promise<SlotMatch>): Promise<SlotMatch> {
      const [slot, fit] = await Promise.all([pending, source.fits?.(model.slug, core.v) ?? null]);
      return { ...slot, match: withFits(slot.match, fit) };
    }

    /** One slot's matches (cached between keystrokes: the words before the last one do not change). */
    async function evaluateSlot(
      alternatives: QueryWord[][],
      prefix: boolean,
      typos: boolean,
      correct = true,
    ): Promise<SlotMatch> {
      const perAlternative: Match[] = [];
      const terms: Set<string>[][] = [];
      const codes: string[] = [];
      let shown = '';
      const typed = (alternatives[0] ?? []).map((word) => word.typed).join(' ');
      // The synonyms' phrases first: when they answer, the words as typed are not corrected ("strimmer"
      // is a phrase of "grass trimmer", not a misspelt "trimmer").
      const order = [...alternatives.keys()].slice(1).concat(0);
      for (const which of order) {
        const alternative = alternatives[which] ?? [];
        const answered = which === 0 && perAlternative.some((match) => match.ids.length > 0);
        const resolved = await Promise.all(
          alternative.map((word, i) =>
            resolve(word, prefix && i === alternative.length - 1, typos && !answered, correct && !answered),
          ),
        );
        if (which === 0) shown = resolved.map((r) => r.shown).join(' ');
        terms.push(resolved.map(termsOf));
        codes.push(...resolved.flatMap(codeTermsOf));
        const match = intersect(await Promise.all(resolved.map(matchOf)));
        if (which > 0) match.quality.forEach((q, at) => (match.quality[at] = Math.max(q, QUALITY.synonym)));
        perAlternative.push(match);
      }
      // Found through a synonym alone: the words as typed answered, not their correction ("carpet
      // shampooer" is a synonym's phrase; "carpet shampoo" finds nothing and is no "Did you mean").
      if (perAlternative.at(-1)?.ids.length === 0) shown = typed;
      return { match: union(perAlternative, core.n), typed, shown, terms, codes };
    }

    let evaluated = await evaluate(false);
    if (shortLast && evaluated.at(-1)?.match.ids.length === 0) {
      evaluated = evaluated.slice(0, -1);
      if (evaluated.length === 0 && read.measures.length === 0)
        return {
          ...empty,
          categories: core.c
            .filter((_, at) => categoryTerms[at]?.some((term) => term.startsWith(lastWord)))
            .sort((a, b) => b[2] - a[2])
            .slice(0, 3)
            .map(asCategory),
        };
    }
    const measures = await Promise.all(read.measures.map(measureOf));
    evaluated = [...evaluated, ...measures];
    let all = intersect(evaluated.map((slot) => slot.match));
    if (all.ids.length === 0 && !shortLast && measures.length === 0) {
      const code = await wholeCode();
      if (code) {
        evaluated = [code];
        all = code.match;
      }
    }
    if (all.ids.length === 0 && !shortLast) {
      evaluated = [...(await evaluate(true)), ...measures];
      all = intersect(evaluated.map((slot) => slot.match));
    }
    // A measure no product has together with the other words ("1500 w vacuum"): its nearest values, as
    // psi's, on the results page (the terms of a range cost a shard each: not on every keystroke).
    if (all.ids.length === 0 && options.typing !== true) {
      const near = await nearestMeasures(evaluated, measureOf);
      const found = intersect(near.map((slot) => slot.match));
      if (found.ids.length > 0) {
        evaluated = near;
        all = found;
      }
    }
    // A word past its corrections that the others' products read as a shorthand ("pressure wshr").
    if (all.ids.length === 0 && evaluated.length > 1) {
      const read = await shorthandOf(evaluated);
      if (read) {
        evaluated = read;
        all = intersect(evaluated.map((slot) => slot.match));
      }
    }
    // No product has every word: answer with those that have the most telling of them (relax.ts).
    let relaxed: string | null = null;
    if (all.ids.length === 0 && evaluated.length > 1) {
      // The last of the words (measures come after them): an English query ends with what is wanted.
      const lastWordSlot = evaluated.findLastIndex((slot) => !slot.match.measure);
      const kept = relaxedSlots(
        evaluated.map((slot, at) => ({
          match: slot.match,
          weight:
            1 +
            (categoryTerms.some((names) => namesCategory(slot, names)) ? 1 : 0) +
            // A model says which machine: what does not fit it helps no one.
            (slot.match.model ? 1 : 0) +
            (at === lastWordSlot ? 0.5 : 0) -
            (slot.shown !== slot.typed ? 0.5 : 0),
        })),
      );
      if (kept) {
        evaluated = kept.map((at) => evaluated[at] as SlotMatch);
        all = intersect(evaluated.map((slot) => slot.match));
        relaxed = evaluated.map((slot) => slot.shown).join(' ');
      }
    }
    const typed = evaluated.map((slot) => slot.typed).join(' ');
    const understood = evaluated.map((slot) => slot.shown).join(' ');
    const matches = evaluated.map((slot) => slot.match);
    // Only ever the whole query, corrected, and only when it finds something (issue 37).
    const didYouMean = relaxed === null && all.ids.length > 0 && understood !== typed ? understood : null;

    const categories = rankCategories(core.c, categoryTerms, evaluated, all.ids.length > 0);

    return {
      ids: rank(all, matches, options.limit),
      total: all.ids.length,
      approximate: all.cut === true,
      categories: all.ids.length > 0 ? categories : categories.slice(0, 3),
      didYouMean,
      corrected: didYouMean !== null,
      relaxed,
      price: read.price,
      variants: await variantsOf(evaluated, all.ids),
      model: named?.model ?? null,
      core,
    };

    /**
     * The last resort before corrections: the whole query as one code, which its words did not find: a
     * code with no digit ("HG-DT-CARSHAMPOO", "hgdtcarshampoo", or the end of one, "hampoo"), or one whose
     * digits sit apart from a long word ("HG-DT-CARSHAMPOO-5L", not one code run). This costs one code
     * bucket, and only when nothing matched.
     */
    async function wholeCode(): Promise<SlotMatch | null> {
      const whole = foldWords(query).join('');
      if (whole.length < 3 || !(await bucketOf(whole)).t[whole]) return null;
      // Shown as typed (the words' own typing), so it is no "Did you mean".
      const typed = words.map((word) => word.typed).join(' ');
      const match = await matchOf({
        word: { text: whole, typed },
        candidates: [{ term: whole, quality: QUALITY.exact, code: true }],
        shown: typed,
      });
      return { match, typed, shown: typed, terms: [[new Set([whole])]], codes: [whole] };
    }

    /**
     * The slots with the one word that matches nothing read as the shorthand of a word (typo.ts
     * `shorthands`) that the other slots find products with, the one they find most with; null when no
     * such word, or when more than that word matches nothing. It reads as a correction: "Did you mean".
     */
    async function shorthandOf(slots: readonly SlotMatch[]): Promise<SlotMatch[] | null> {
      const at = slots.findIndex((slot) => slot.match.ids.length === 0);
      const slot = slots[at];
      if (!slot || slot.match.measure || slot.match.model || slot.match.audience) return null;
      const others = intersect(slots.filter((_, other) => other !== at).map((one) => one.match));
      const [word, ...more] = queryWords(slot.typed);
      if (others.ids.length === 0 || !word || more.length > 0) return null;
      let best: SlotMatch | null = null;
      let most = 0;
      for (const term of await shorthands(word.text, reader.words)) {
        const match = await matchOf({ word, candidates: [{ term, quality: QUALITY.typo }], shown: term });
        const together = intersect([others, match]).ids.length;
        if (together > most) {
          most = together;
          best = { match, typed: slot.typed, shown: term, terms: [[new Set([term])]], codes: [] };
        }
      }
      return best ? slots.map((one, other) => (other === at ? (best as SlotMatch) : one)) : null;
    }

    /** The children chosen by the code terms matched (`TermShard.x`), for the products found. */
    async function variantsOf(
      slots: readonly SlotMatch[],
      found: Int32Array,
    ): Promise<Record<number, string>> {
      const chosen: Record<number, string> = {};
      // The codes matched, and the sizes ("5l"): a configurable's child may be the only one of either.
      const sizes = slots
        .filter((slot) => !slot.match.measure)
        .flatMap((slot) => slot.terms.flatMap((words) => words.flatMap((terms) => [...terms])))
        .filter((term) => SIZE.test(term));
      const codeTerms = new Set([...slots.flatMap((slot) => slot.codes), ...sizes]);
      if (codeTerms.size === 0 || found.length === 0) return chosen;
      const ids = new Set(found);
      for (const term of codeTerms) {
        const byProduct = (await bucketOf(term)).x?.[term];
        if (byProduct)
          for (const [id, query] of Object.entries(byProduct))
            if (ids.has(Number(id))) chosen[Number(id)] = query;
      }
      return chosen;
    }
  }
}
