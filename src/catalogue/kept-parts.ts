/**
 * The site's per-product parts, kept between the runs of one process (the publisher's warm renderer): a
 * part is worked out again only when one of its inputs is no longer the same value (`===`) as the run before.
 * The catalogue's products are never changed once made (a sync or a price makes new objects), so a run after
 * one save works out the parts of that product, and of the pages that name it, not of the whole catalogue.
 */

/** A part per owner object: `get(owner, inputs, work)` answers the kept value while every input is unchanged. */
export function keptParts<Owner extends object, Value>() {
  const kept = new WeakMap<Owner, { readonly inputs: readonly unknown[]; readonly value: Value }>();
  return (owner: Owner, inputs: readonly unknown[], work: () => Value): Value => {
    const known = kept.get(owner);
    if (known && sameInputs(known.inputs, inputs)) return known.value;
    const value = work();
    kept.set(owner, { inputs, value });
    return value;
  };
}

/**
 * A part per key (a sku, a category id): like `keptParts`, for owners that are made anew every run. Keys
 * not asked for in a run are dropped at the next `sweep`, so the parts of removed products go too.
 */
export function keyedParts<Key, Value>() {
  let kept = new Map<Key, { readonly inputs: readonly unknown[]; readonly value: Value }>();
  let used = new Map<Key, { readonly inputs: readonly unknown[]; readonly value: Value }>();
  return {
    get(key: Key, inputs: readonly unknown[], work: () => Value): Value {
      const known = used.get(key) ?? kept.get(key);
      const part = known && sameInputs(known.inputs, inputs) ? known : { inputs, value: work() };
      used.set(key, part);
      return part.value;
    },
    /** Carries `key`'s part into the next run without asking for it: a part needed only when its owner changes. */
    keep(key: Key): void {
      const known = used.get(key) ?? kept.get(key);
      if (known) used.set(key, known);
    },
    /** Ends a run: the parts it did not ask for or keep are forgotten. */
    sweep(): void {
      kept = used;
      used = new Map();
    },
  };
}

function sameInputs(before: readonly unknown[], now: readonly unknown[]): boolean {
  if (before.length !== now.length) return false;
  for (let at = 0; at < now.length; at += 1) if (before[at] !== now[at]) return false;
  return true;
}

/** A `keyedParts` store. */
export type KeyedParts<Key, Value> = ReturnType<typeof keyedParts<Key, Value>>;
