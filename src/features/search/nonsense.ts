/**
 * Typed tokens that are no word (fall-back.ts): the spec's rule finds a term in a product's name, so a
 * made-up word finds nothing, and one with digits in it ("qzxjv9k27") must not either. The normaliser
 * cuts such a token where a word meets digits (text.ts: "qzxjv" and "9k27", as it cuts "k7premiumsmart"
 * into "k7" and "premiumsmart"), and a digit piece alone finds every product with a 9 or a K in its
 * model. So when a piece of letters of the token finds nothing, even corrected, split or read as a
 * shorthand, its numbers and the codes cut from them are fragments of the nonsense and are not kept when
 * relaxing: "qzxjv9k27" and "xyzzy42" find nothing, "pressure qzxjv9k27" what "pressure" finds.
 *
 * A model typed whole before the word stays ("k7premiumsmrt" shows the K 7, "hd715cplus" the HD 7/15,
 * as "k8" shows the K family), and a token whose letters are words ("sc4easyfix") or that the index knows
 * as one code ("hgpw00156") is untouched.
 */
import type { QueryWord } from './text.ts';
import type { SlotMatch } from './sets.ts';

/** A model typed as one piece, letters then digits ("k7", "hd715"): not a number or a code cut up. */
const MODEL = /^[a-z]+\d[a-z\d]*$/;

/**
 * The places of the slots that are fragments of a nonsense token. `words` are each slot's words as typed
 * (the first alternative of match-slots.ts `QuerySlots.counted`), `found` the slots matched, in order.
 */
export function nonsenseSlots(
  words: readonly (readonly QueryWord[])[],
  found: readonly SlotMatch[],
): Set<number> {
  const tokens = words.map((slot) => new Set(slot.flatMap((word) => word.token ?? [])));
  const dead = new Set<number>();
  words.forEach((slot, at) => {
    const [token, ...more] = tokens[at] ?? [];
    const letters = slot.length > 0 && slot.every((word) => !/\d/.test(word.typed));
    if (token !== undefined && more.length === 0 && letters && found[at]?.match.ids.length === 0)
      dead.add(token);
  });
  const fragments = new Set<number>();
  words.forEach((slot, at) => {
    const model = slot.every((word) => MODEL.test(word.typed));
    if (!model && [...(tokens[at] ?? [])].some((token) => dead.has(token))) fragments.add(at);
  });
  return fragments;
}
