/**
 * How the shop reads a numeric attribute: its unit from Magento's label, its value as a plain number.
 * The listing's filters (build-index.ts) and the compare page's "better" figures (features/compare/rows.ts)
 * read them alike; a module of its own, so the compare page's browser script takes these few lines and
 * not the listing's index builder.
 */

/** "Max. pressure (bar)" → name "Max. pressure", unit "bar"; "Sound pressure level (dB(A))" → "dB(A)". */
export function splitUnit(label: string): { name: string; unit: string } {
  const text = label.trim();
  if (!text.endsWith(')')) return { name: text, unit: '' };
  let depth = 0;
  for (let at = text.length - 1; at >= 0; at -= 1) {
    if (text[at] === ')') depth += 1;
    if (text[at] === '(') depth -= 1;
    if (depth === 0) {
      const name = text.slice(0, at).trim();
      return name === '' ? { name: text, unit: '' } : { name, unit: text.slice(at + 1, -1).trim() };
    }
  }
  return { name: text, unit: '' };
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A numeric attribute's value, or undefined when there is text that is not a plain number. */
export const parseNumber = (value: string): number | null | undefined => {
  const text = value.trim();
  if (text === '') return null;
  return NUMBER.test(text) ? Number(text) : undefined;
};
