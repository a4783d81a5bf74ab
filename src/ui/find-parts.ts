/**
 * The elements a page script drives (the listing's tools, the search results, the basket), each found by
 * its selector inside `root` and checked for its kind: all of them, or null when one is missing or of
 * another kind, so the script leaves markup it was not written for alone.
 */
type Wanted = Record<string, readonly [selector: string, kind: abstract new () => Element]>;
type Found<W extends Wanted> = { [K in keyof W]: InstanceType<W[K][1]> };

export function findParts<W extends Wanted>(root: ParentNode, wanted: W): Found<W> | null {
  const found: Record<string, Element> = {};
  for (const [name, [selector, kind]] of Object.entries(wanted)) {
    const element = root.querySelector(selector);
    if (!(element instanceof kind)) return null;
    found[name] = element;
  }
  return found as Found<W>;
}
