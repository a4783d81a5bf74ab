/**
 * PHP's query-string convention (`a[b][0][c]=v`, brackets raw or percent-encoded) and Magento's `fields`
 * partial-response filter (`?fields=items[sku,name],total_count`, CONTRACT.md §1.5).
 */

export type PhpValue = string | { [key: string]: PhpValue };

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

export function parsePhpQuery(query: string): Record<string, PhpValue> {
  const root: Record<string, PhpValue> = {};
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(rawKey);
    if (!match?.[1]) continue;
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Record<string, PhpValue> = root;
    path.forEach((segment, index) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === 'object') {
        node = next;
      } else {
        const created: Record<string, PhpValue> = {};
        node[key] = created;
        node = created;
      }
    });
  }
  return root;
}

/** A parsed `fields` selector: key → nested selector (or true for the whole value). */
export type FieldSelector = Map<string, FieldSelector | true>;

export function parseFields(text: string): FieldSelector {
  let index = 0;
  const parseList = (): FieldSelector => {
    const selector: FieldSelector = new Map();
    let name = '';
    const flush = (nested?: FieldSelector) => {
      const key = name.trim();
      if (key) selector.set(key, nested ?? true);
      name = '';
    };
    while (index < text.length) {
      const char = text[index++];
      if (char === '[') {
        flush(parseList());
      } else if (char === ']') {
        flush();
        return selector;
      } else if (char === ',') {
        flush();
      } else {
        name += char;
      }
    }
    flush();
    return selector;
  };
  return parseList();
}

/** The `fields` a request's query asks its answer to keep (Magento's partial response), if any. */
export function requestedFields(query: string): FieldSelector | undefined {
  const fields = parsePhpQuery(query)['fields'];
  return typeof fields === 'string' && fields !== '' ? parseFields(fields) : undefined;
}

export function applyFields(value: unknown, selector: FieldSelector): unknown {
  if (Array.isArray(value)) return value.map((item) => applyFields(item, selector));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const nested = selector.get(key);
    if (nested === undefined) continue;
    out[key] = nested === true ? item : applyFields(item, nested);
  }
  return out;
}
