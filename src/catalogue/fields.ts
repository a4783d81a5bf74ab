/**
 * Magento's text and date fields as the shop shows them: plain text from the HTML fields, a meta
 * description cut at a word, and `updated_at` as a W3C date. The product page's search-engine data
 * (site/seo.ts), the search index and the listings' indexes read them alike.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * Plain text from the catalogue's HTML fields (the short description arrives tag-free but still
 * entity-encoded, e.g. `ash &amp; dry`): tags dropped, entities decoded, whitespace collapsed.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
      if (body.startsWith('#')) {
        const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[body.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A meta description: plain text cut at a word boundary to at most `max` characters. */
export function metaDescription(text: string, max = 160): string {
  const plain = htmlToText(text);
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** Magento's `updated_at` (`2026-11-23 07:35:26`, UTC) as a W3C date-time; anything else is dropped. */
export function toW3cDate(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?/.exec(value.trim());
  if (!match) return undefined;
  return match[2] ? `${match[1]}T${match[2]}Z` : match[1];
}
