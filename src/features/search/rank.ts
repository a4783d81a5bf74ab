/**
 * The ranking of matched products (answer.ts), best first: the whole SKU or model number; then the whole
 * name, the query as a phrase in the name, all words in the name, the SKU or model, other fields; exact
 * words before prefixes, synonyms and corrections; available before unavailable; heavier fields first;
 * then the shop's "Recommended" order (the product number). A query naming a machine model (fit-slot.ts)
 * puts what fits it and its machines first.
 */
import { FIELD, FIT, info } from './info.ts';
import { placeOf, QUALITY, type Match } from './sets.ts';

/** Bits of the product number in a ranking key: up to a million products. */
const ID_BITS = 2 ** 20;

/** How a product stands to the model a query names (fit-slot.ts), as the ranking orders it. */
interface FitOrder {
  /** The model slot's place in `slots`, or -1 when the query names no model. */
  slot: number;
  /** The model is all the query's words ("k5"): its machines before what fits it. */
  alone: boolean;
}

/** What one ranking knows of its slots, worked out once before the products. */
interface Plan {
  found: Match;
  slots: readonly Match[];
  /** The slots of words, in order (the measures' left out when the query has one). */
  words: number[];
  /** The slots of measures asked for as a range ("2000 psi"): they count by how near, not as words. */
  measures: number[];
  /** The model slot's place in `slots`, or -1. */
  model: number;
  fit: FitOrder;
  /** Where `intersect` found each product in each slot (`Match.places`), when it did. */
  places: Int32Array[] | null;
  /** Per slot, the last place found by searching (galloping from there). */
  cursors: Int32Array;
}

/**
 * How a product stands over the word slots, tallied slot by slot. One record per ranking, reset for each
 * product: while typing the ranking runs over every match of every keystroke, so it allocates nothing per
 * product.
 */
interface Tally {
  code: number;
  inName: boolean;
  phrase: boolean;
  codeField: boolean;
  qualitySum: number;
  weight: number;
  previous: number;
  previousSpan: number;
  stocked: boolean;
  whole: boolean;
  ending: boolean;
  categorised: boolean;
  named: number;
  fits: number;
}

/**
 * The ranking of the products `found` (the intersection of `slots`; see the module's comment), as one
 * number per product compared at once: whole code (1 bit), not of the model named (1), tier (3), a model's
 * machine where parts come first or the other way round (1), summed match quality (5), out of stock (1),
 * missing weight (8), product number (20).
 *
 * A query naming a model (fit-slot.ts): what fits the model and its machines come before the rest, then by
 * how the other words name each (a part found only by its fit has no place in its name for the model's
 * words: the slot is left out of its tier); at the same tier, what fits before the machines, or for the
 * model alone, the machines first.
 */
export function rank(found: Match, slots: readonly Match[], limit = Infinity): number[] {
  return Array.from(rankKeys(found, slots, limit), (key) => key % ID_BITS);
}

/**
 * The products `rank` orders (its order), with how each stands before the other keys: whole code, not of
 * the model named, and tier (see `rank`). A sort by a property (answer.ts) keeps to the first's standing.
 */
export function rankStanding(
  found: Match,
  slots: readonly Match[],
  limit = Infinity,
): { ids: number[]; standing: number[] } {
  const keys = rankKeys(found, slots, limit);
  return {
    ids: Array.from(keys, (key) => key % ID_BITS),
    // The key's head less its last bit (fitLater): see `keyOf`.
    standing: Array.from(keys, (key) => Math.floor(key / ID_BITS / 256 / 2 / 32 / 2)),
  };
}

/** The ranking keys of the best `limit` products, smallest (best) first. */
function rankKeys(found: Match, slots: readonly Match[], limit: number): Float64Array {
  const plan = planOf(found, slots);
  const { ids } = found;
  const keys = new Float64Array(ids.length);
  const tally = freshTally();
  for (let at = 0; at < ids.length; at += 1) {
    const id = ids[at] ?? 0;
    resetTally(tally);
    for (let w = 0; w < plan.words.length; w += 1) tallyWord(plan, tally, plan.words[w] ?? 0, id, at);
    for (let m = 0; m < plan.measures.length; m += 1)
      tallyMeasure(plan, tally, plan.measures[m] ?? 0, id, at);
    keys[at] = keyOf(plan, tally, id);
  }
  const best = limit < keys.length ? smallest(keys, limit) : keys;
  best.sort();
  return best;
}

function planOf(found: Match, slots: readonly Match[]): Plan {
  // A measure asked for as a range ("2000 psi") counts by how near it is, not as a word of the name.
  const hasMeasure = slots.some((slot) => slot.measure);
  const words = slots.flatMap((slot, s) => (hasMeasure && slot.measure ? [] : [s]));
  const measures = hasMeasure ? slots.flatMap((slot, s) => (slot.measure ? [s] : [])) : [];
  const model = slots.findIndex((slot) => slot.model === true);
  return {
    found,
    slots,
    words,
    measures,
    model,
    fit: { slot: model, alone: model >= 0 && words.length === 1 },
    places: found.places?.length === slots.length ? found.places : null,
    cursors: new Int32Array(slots.length),
  };
}

/**
 * The place of product `id` (at `at` in `found`) in slot `s`: the same for a slot as long as `found`, else
 * where `intersect` found it, else searched from the last (galloping: a brand every product has is far
 * longer).
 */
function placeIn(plan: Plan, slot: Match, s: number, id: number, at: number): number {
  if (slot.ids.length === plan.found.ids.length) return at;
  const known = plan.places?.[s]?.[at];
  if (known !== undefined) return known;
  return (plan.cursors[s] = placeOf(slot.ids, id, plan.cursors[s] ?? 0));
}

const freshTally = (): Tally => ({
  code: 1,
  inName: true,
  phrase: true,
  codeField: false,
  qualitySum: 0,
  weight: 0,
  previous: -1,
  previousSpan: 1,
  stocked: false,
  whole: false,
  ending: false,
  categorised: true,
  named: 0,
  fits: FIT.none,
});

function resetTally(tally: Tally): void {
  tally.code = 1;
  tally.inName = true;
  tally.phrase = true;
  tally.codeField = false;
  tally.qualitySum = 0;
  tally.weight = 0;
  tally.previous = -1;
  tally.previousSpan = 1;
  tally.stocked = false;
  tally.whole = false;
  tally.ending = false;
  tally.categorised = true;
  tally.named = 0;
  tally.fits = FIT.none;
}

/** Adds the word slot `s` to the product's tally. */
function tallyWord(plan: Plan, tally: Tally, s: number, id: number, at: number): void {
  const match = plan.slots[s];
  if (!match) return;
  const place = placeIn(plan, match, s, id, at);
  const packed = match.infos[place] ?? 0;
  const fields = info.fields(packed);
  const q = match.quality[place] ?? 0;
  tally.qualitySum += q;
  tally.weight += info.weight(packed);
  tally.stocked ||= info.inStock(packed);
  if (s === plan.model) {
    tally.fits = info.fit(packed);
    // Found by its fit alone: the model's words are nowhere in its text, so no part of its tier.
    if (fields === 0) return;
  }
  // Found as the audience's alone (audience-slot.ts): likewise.
  if (match.audience === true && fields === 0) return;
  const position = info.position(packed);
  if (fields & FIELD.code && q === QUALITY.exact) tally.code = 0;
  if (fields & (FIELD.sku | FIELD.model)) tally.codeField = true;
  if (!(fields & FIELD.name)) tally.inName = false;
  if (!(fields & FIELD.category)) tally.categorised = false;
  if (
    !(fields & FIELD.name) ||
    info.scattered(packed) ||
    (tally.previous >= 0 && (position <= tally.previous || position - tally.previous > tally.previousSpan))
  )
    tally.phrase = false;
  if (tally.named === 0) tally.whole = position === 0;
  tally.ending = info.endsName(packed);
  tally.previous = position;
  tally.previousSpan = match.span;
  tally.named += 1;
}

/** Adds the measure slot `s` to the product's tally: its quality and weight only. */
function tallyMeasure(plan: Plan, tally: Tally, s: number, id: number, at: number): void {
  const match = plan.slots[s];
  if (!match) return;
  const place = placeIn(plan, match, s, id, at);
  tally.qualitySum += match.quality[place] ?? 0;
  tally.weight += info.weight(match.infos[place] ?? 0);
}

/**
 * A phrase that ends the name names what the product is ("… Pressure Washer"), before one inside it
 * ("Carpet Cleaner Powder … Detergent"); so does a category every word names, of a product whose name
 * ends with the last of them ("carpet cleaner": the "Spray Extraction Cleaner" of "Carpet & Upholstery
 * Cleaners"). A part found by its fit alone, by nothing else, last.
 */
function tierOf(plan: Plan, tally: Tally): number {
  if (tally.named === 0 && plan.model >= 0) return 5;
  if (tally.inName && tally.phrase) return tally.whole && tally.ending ? 0 : tally.ending ? 1 : 2;
  if (tally.named > 0 && tally.categorised && tally.ending) return 1;
  return tally.inName ? 3 : tally.codeField ? 4 : 5;
}

/** The product's ranking key (see `rank`): smaller is better. */
function keyOf(plan: Plan, tally: Tally, id: number): number {
  const notOfModel = plan.model >= 0 && tally.fits === FIT.none ? 1 : 0;
  const head = ((tally.code * 2 + notOfModel) * 8 + tierOf(plan, tally)) * 2 + fitLater(plan.fit, tally.fits);
  const rest = ((head * 32 + Math.min(tally.qualitySum, 31)) * 2 + (tally.stocked ? 0 : 1)) * 256;
  return (rest + Math.max(0, 255 - tally.weight)) * ID_BITS + id;
}

/** 1 when a product comes after the others of its tier: a machine where parts come first, or the other way round. */
const fitLater = (fit: FitOrder, fits: number): number =>
  fit.slot < 0 ? 0 : (fit.alone ? fits !== FIT.machine : fits === FIT.machine) ? 1 : 0;

/** The `count` smallest of `keys` (distinct numbers), unordered: a quickselect, in place. */
function smallest(keys: Float64Array, count: number): Float64Array {
  let from = 0;
  let to = keys.length - 1;
  while (from < to) {
    const pivot = keys[(from + to) >> 1] ?? 0;
    let low = from;
    let high = to;
    while (low <= high) {
      while ((keys[low] ?? 0) < pivot) low += 1;
      while ((keys[high] ?? 0) > pivot) high -= 1;
      if (low <= high) {
        const swap = keys[low] ?? 0;
        keys[low] = keys[high] ?? 0;
        keys[high] = swap;
        low += 1;
        high -= 1;
      }
    }
    if (count - 1 <= high) to = high;
    else if (count - 1 >= low) from = low;
    else break;
  }
  return keys.subarray(0, count);
}
