/**
 * Search by fit (issue 39), the query's side: a query that names a machine model the catalogue knows, in
 * any typing ("k5", "K 5", "K-5", "HD 6/15", "hd6-15"), is read as "fits that model".
 *
 * - `namedModel` finds the model among the query's words (the models file, fit-data.ts) and drops the
 *   words that only say "fits" around it ("for", "my", "fits"): "detergent for my K5" is the model K 5 and
 *   the word "detergent". A model the catalogue does not know leaves the query as it was.
 * - `withFits` makes the model's slot: the products its words find in their text, as before, and also every
 *   product that fits the model and every machine of it (its fit file), so that the model's words need not
 *   be in a part's text. rank.ts puts what fits first, then its machines, then the rest.
 */
import { modelKey } from '../../catalogue/fits.ts';
import { FIT, info } from './info.ts';
import { fromGaps, type FitFile, type SearchModel } from './fit-data.ts';
import { QUALITY, type Match } from './sets.ts';
import { foldWords, isStopWord, queryWords, type QueryWord } from './text.ts';

/** A model named in a query, and the query's words on either side of it. */
export interface NamedModel {
  model: SearchModel;
  /** The model's words as typed. */
  typed: string;
  before: string;
  after: string;
}

/** Words that only say "it fits" around a model: "hose for my K 5", "fits K5", "suitable for the K 5". */
const FIT_WORDS = new Set(['my', 'fit', 'fits', 'suit', 'suits', 'suitable', 'compatible', 'that', 'which']);
/** The most pieces a model is typed in ("HD 6 / 15"). */
const MAX_PIECES = 4;

/** The query's pieces: split at spaces and punctuation that never joins a model ("K-5", "6/15" stay whole). */
const piecesOf = (text: string): string[] => text.split(/[\s,;:()!?"]+/).filter((piece) => piece !== '');

const isFitWord = (piece: string): boolean =>
  foldWords(piece).every((word) => isStopWord(word) || FIT_WORDS.has(word));

/**
 * The model `text` names, the longest first where several could start at one place ("HD 6/15" before a
 * model "HD 6"), with the words before and after it, less the words that only say "fits". A model is a
 * whole run of pieces ("K 50" is no K 5) with a letter and a digit (a bare number is a size or a count).
 */
export function namedModel(text: string, models: ReadonlyMap<string, SearchModel>): NamedModel | null {
  if (models.size === 0) return null;
  const pieces = piecesOf(text);
  for (let from = 0; from < pieces.length; from += 1)
    for (let length = Math.min(MAX_PIECES, pieces.length - from); length >= 1; length -= 1) {
      const span = pieces.slice(from, from + length);
      const key = modelKey(span.join(' '));
      const model = /\d/.test(key) && /[a-z]/.test(key) ? models.get(key) : undefined;
      if (!model) continue;
      const rest = (list: string[]) => list.filter((piece) => !isFitWord(piece)).join(' ');
      const before = rest(pieces.slice(0, from));
      // "detergent for SC 3 steam cleaner": what is wanted comes before "for"; after the model, its
      // machine's words only say what the model is (issue 70).
      const forIt = before !== '' && from > 0 && isFitWord(pieces[from - 1] ?? '');
      return { model, typed: span.join(' '), before, after: forIt ? '' : rest(pieces.slice(from + length)) };
    }
  return null;
}

/** The words of `text` (read.text), with those of the model it names, if any, marked as the model's. */
export function wordsNaming(text: string, named: NamedModel | null): QueryWord[] {
  if (!named) return queryWords(text);
  const model = queryWords(named.typed).map((word): QueryWord => ({ ...word, model: true }));
  return [...queryWords(named.before), ...model, ...queryWords(named.after)];
}

/**
 * The model's slot: the products `text` (its words' own match) has, and those that fit the model or are its
 * machines (`fit`, its file; null when it has none), each with its fit in its info (`info.fit`). A product
 * found only by its fit matched exactly, with no field, in stock as the file says. The lists are merged in
 * one pass (all are ascending): a K 5 is fitted by thousands of products at 100,000.
 */
export function withFits(text: Match, fit: FitFile | null): Match {
  const parts = fromGaps(fit?.p ?? '');
  const machines = fromGaps(fit?.m ?? '');
  const out = fromGaps(fit?.o ?? '');
  const most = text.ids.length + parts.length + machines.length;
  const ids = new Int32Array(most);
  const quality = new Uint8Array(most);
  const infos = new Int32Array(most);
  let t = 0;
  let p = 0;
  let m = 0;
  let o = 0;
  let count = 0;
  const end = 2 ** 31;
  for (;;) {
    const id = Math.min(text.ids[t] ?? end, parts[p] ?? end, machines[m] ?? end);
    if (id === end) break;
    let fits: number = FIT.none;
    if (parts[p] === id) {
      fits = FIT.fits;
      p += 1;
    }
    if (machines[m] === id) {
      fits = FIT.machine;
      m += 1;
    }
    while ((out[o] ?? end) < id) o += 1;
    const found = text.ids[t] === id;
    quality[count] = found ? (text.quality[t] ?? 0) : QUALITY.exact;
    const packed = found ? (text.infos[t] ?? 0) : info.pack(0, 15, false, out[o] !== id);
    infos[count] = info.withFit(packed, fits);
    ids[count] = id;
    count += 1;
    if (found) t += 1;
  }
  return {
    ids: ids.slice(0, count),
    quality: quality.slice(0, count),
    infos: infos.slice(0, count),
    span: text.span,
    model: true,
    ...(text.cut ? { cut: true } : {}),
  };
}
