/**
 * The ranking of matched products (engine.ts), best first: the whole SKU or model number; then the whole
 * name, the query as a phrase in the name, all words in the name, the SKU or model, other fields; exact
 * words before prefixes, synonyms and corrections; available before unavailable; heavier fields first;
 * then the shop's "Recommended" order (the product number).
 */
import { FIELD, info } from './files.ts';
import { placeOf, QUALITY, type Match } from './sets.ts';

/** Bits of the product number in a ranking key: up to a million products. */
const ID_BITS = 2 ** 20;

/**
 * The ranking of the products `found` (the intersection of `slots`; see the module's comment), as one
 * number per product compared at once: whole code (1 bit), tier (3), summed match quality (5), out of
 * stock (1), missing weight (8), product number (20).
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
    for (let slot = 0; slot <= last; slot += 1) {
      const s = words[slot] as number;
      const match = slots[s] as Match;
      const place = placeIn(s, id, at);
      const packed = match.infos[place] as number;
      const fields = info.fields(packed);
      const q = match.quality[place] as number;
      const position = info.position(packed);
      if (fields & FIELD.code && q === QUALITY.exact) code = 0;
      if (fields & (FIELD.sku | FIELD.model)) codeField = true;
      if (!(fields & FIELD.name)) inName = false;
      if (
        !(fields & FIELD.name) ||
        (previous >= 0 && (position <= previous || position - previous > previousSpan))
      )
        phrase = false;
      if (slot === 0 && position !== 0) whole = false;
      else if (slot === 0) whole = true;
      if (slot === last && !info.endsName(packed)) whole = false;
      if (slot === last) ending = info.endsName(packed);
      previous = position;
      previousSpan = match.span;
      qualitySum += q;
      weight += info.weight(packed);
      stocked ||= info.inStock(packed);
    }
    for (const s of measures) {
      const match = slots[s] as Match;
      const place = placeIn(s, id, at);
      qualitySum += match.quality[place] as number;
      weight += info.weight(match.infos[place] as number);
    }
    // A phrase that ends the name names what the product is ("… Spray Extraction Cleaner"), before one
    // inside it ("Carpet Cleaner Powder … Detergent").
    const tier = inName && phrase ? (whole ? 0 : ending ? 1 : 2) : inName ? 3 : codeField ? 4 : 5;
    const rest = (((code * 8 + tier) * 32 + Math.min(qualitySum, 31)) * 2 + (stocked ? 0 : 1)) * 256;
    keys[at] = (rest + Math.max(0, 255 - weight)) * ID_BITS + id;
  }
  const best = limit < keys.length ? smallest(keys, limit) : keys;
  best.sort();
  return Array.from(best, (key) => key % ID_BITS);
}

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
