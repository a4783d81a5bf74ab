/**
 * The ranking of matched products (engine.ts), best first: the whole SKU or model number; then the whole
 * name, the query as a phrase in the name, all words in the name, the SKU or model, other fields; exact
 * words before prefixes, synonyms and corrections; available before unavailable; heavier fields first;
 * then the shop's "Recommended" order (the product number). A query naming a machine model (fit-slot.ts)
 * puts what fits it and its machines first.
 */
import { FIELD, FIT, info } from './files.ts';
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
 *
 * One loop with no call per product: while typing it runs over every match of every keystroke.
 */
export function rank(found: Match, slots: readonly Match[], limit = Infinity): number[] {
  const { ids } = found;
  const keys = new Float64Array(ids.length);
  // The place of each product in each slot: `found` itself for a slot as long, else where `intersect`
  // found it, else searched from the last (galloping: a brand every product has is far longer).
  const cursors = new Int32Array(slots.length);
  const places = found.places?.length === slots.length ? found.places : null;
  const placeIn = (s: number, id: number, at: number): number => {
    const slot = slots[s] as Match;
    if (slot.ids.length === ids.length) return at;
    const known = places?.[s]?.[at];
    if (known !== undefined) return known;
    return (cursors[s] = placeOf(slot.ids, id, cursors[s] as number));
  };
  // A measure asked for as a range ("2000 psi") counts by how near it is, not as a word of the name.
  const hasMeasure = slots.some((slot) => slot.measure);
  const words = slots.flatMap((slot, s) => (hasMeasure && slot.measure ? [] : [s]));
  const measures = hasMeasure ? slots.flatMap((slot, s) => (slot.measure ? [s] : [])) : [];
  const last = words.length - 1;
  const model = slots.findIndex((slot) => slot.model === true);
  const fit: FitOrder = { slot: model, alone: model >= 0 && words.length === 1 };
  for (let at = 0; at < ids.length; at += 1) {
    const id = ids[at] as number;
    let code = 1;
    let inName = true;
    let phrase = true;
    let codeField = false;
    let qualitySum = 0;
    let weight = 0;
    let previous = -1;
    let previousSpan = 1;
    let stocked = false;
    let whole = false;
    let ending = false;
    let categorised = true;
    let named = 0;
    let fits: number = FIT.none;
    for (let slot = 0; slot <= last; slot += 1) {
      const s = words[slot] as number;
      const match = slots[s] as Match;
      const place = placeIn(s, id, at);
      const packed = match.infos[place] as number;
      const fields = info.fields(packed);
      const q = match.quality[place] as number;
      qualitySum += q;
      weight += info.weight(packed);
      stocked ||= info.inStock(packed);
      if (s === model) {
        fits = info.fit(packed);
        // Found by its fit alone: the model's words are nowhere in its text, so no part of its tier.
        if (fields === 0) continue;
      }
      // Found as the audience's alone (audience-slot.ts): likewise.
      if (match.audience === true && fields === 0) continue;
      const position = info.position(packed);
      if (fields & FIELD.code && q === QUALITY.exact) code = 0;
      if (fields & (FIELD.sku | FIELD.model)) codeField = true;
      if (!(fields & FIELD.name)) inName = false;
      if (!(fields & FIELD.category)) categorised = false;
      if (
        !(fields & FIELD.name) ||
        info.scattered(packed) ||
        (previous >= 0 && (position <= previous || position - previous > previousSpan))
      )
        phrase = false;
      if (named === 0) whole = position === 0;
      ending = info.endsName(packed);
      previous = position;
      previousSpan = match.span;
      named += 1;
    }
    for (const s of measures) {
      const match = slots[s] as Match;
      const place = placeIn(s, id, at);
      qualitySum += match.quality[place] as number;
      weight += info.weight(match.infos[place] as number);
    }
    // A phrase that ends the name names what the product is ("… Pressure Washer"), before one inside it
    // ("Carpet Cleaner Powder … Detergent"); so does a category every word names, of a product whose name
    // ends with the last of them ("carpet cleaner": the "Spray Extraction Cleaner" of "Carpet & Upholstery
    // Cleaners"). A part found by its fit alone, by nothing else, last.
    const tier =
      named === 0 && model >= 0
        ? 5
        : inName && phrase
          ? whole && ending
            ? 0
            : ending
              ? 1
              : 2
          : named > 0 && categorised && ending
            ? 1
            : inName
              ? 3
              : codeField
                ? 4
                : 5;
    const head =
      ((code * 2 + (model >= 0 && fits === FIT.none ? 1 : 0)) * 8 + tier) * 2 + fitLater(fit, fits);
    const rest = ((head * 32 + Math.min(qualitySum, 31)) * 2 + (stocked ? 0 : 1)) * 256;
    keys[at] = (rest + Math.max(0, 255 - weight)) * ID_BITS + id;
  }
  const best = limit < keys.length ? smallest(keys, limit) : keys;
  best.sort();
  return Array.from(best, (key) => key % ID_BITS);
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
