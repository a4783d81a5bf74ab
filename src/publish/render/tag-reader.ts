/**
 * The tags of an HTML page, read for the link check (page-links.ts): each start tag's name and attributes
 * and each end tag, as htmlparser2 tokenizes them in HTML mode, passing over text, comments, declarations
 * and the text of raw-text elements (`<script>`, `<style>`, …). It jumps from `<` to `<` and over quoted
 * values with `indexOf`, where the tokenizer steps through every character with a callback per step:
 * reading a whole build's links took 16 of the page scan thread's 27 s at 10,000 products
 * (docs/rebuilds.md). What it does not do is build a tree: no implied end tags, no void elements closed.
 */
import { Parser } from 'htmlparser2';

/** The attributes a reader reports (lower case names): the others are passed over, their names unread. */
export class Wanted {
  readonly names: ReadonlySet<string>;
  readonly longest: number;
  constructor(names: Iterable<string>) {
    this.names = new Set(names);
    this.longest = Math.max(0, ...[...this.names].map((name) => name.length));
  }
}

export interface TagHandler {
  /**
   * A start tag, its name in lower case; `start` is the index of its `<`; `foreign`: whether it is inside
   * SVG or MathML. False stops the reading.
   */
  open(name: string, start: number, foreign: boolean): boolean;
  /**
   * One of its attributes named in `Wanted`, its name in lower case, its value as written between its
   * quotes (`quote`: `"`, `'`, or none); `attributeValue(raw, quote)` decodes it.
   */
  attribute(name: string, raw: string, quote: string): void;
  /** An end tag (or a start tag closing itself in SVG or MathML); `end` is the index of its `>`. */
  close(name: string, end: number): void;
}

const TAB = 9;
const NEWLINE = 10;
const FORM_FEED = 12;
const RETURN = 13;
const SPACE = 32;
const BANG = 33;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const SLASH = 47;
const EQUALS = 61;
const GREATER = 62;
const QUESTION = 63;

const isSpace = (code: number): boolean =>
  code === SPACE || code === NEWLINE || code === TAB || code === FORM_FEED || code === RETURN;
const isAlpha = (code: number): boolean => (code | 0x20) >= 97 && (code | 0x20) <= 122;
const endsName = (code: number): boolean => isSpace(code) || code === SLASH || code === GREATER;

/** Elements whose text is not markup (htmlparser2's special sequences), outside SVG and MathML. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes']);
const FOREIGN = new Set(['svg', 'math']);

/** The references a page's attributes hold, or any other `&`: what else an `&` starts, htmlparser2 decodes. */
const REFERENCE = /&(?:amp|lt|gt|quot|apos|#\d{1,7}|#[xX][\dA-Fa-f]{1,6});|&/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A reference's character; undefined where the standard maps it (0, C1 controls) or refuses it. */
function referenced(reference: string): string | undefined {
  const body = reference.slice(1, -1);
  if (body.charCodeAt(0) !== 35) return NAMED[body];
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  const plain =
    (code > 0 && code < 0x80) || (code > 0x9f && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff));
  return plain ? String.fromCodePoint(code) : undefined;
}

/** A value with other references, decoded by htmlparser2 itself in a tag of its own, quoted as it was. */
function decodedByParser(raw: string, quote: string): string {
  let value = '';
  const parser = new Parser({ onattribute: (_name, decoded) => (value = decoded) }, { decodeEntities: true });
  parser.end(`<a v=${quote}${raw}${quote}>`);
  return value;
}

/** An attribute's value as htmlparser2 gives it: its character references decoded. */
export function attributeValue(raw: string, quote: string): string {
  if (!raw.includes('&')) return raw;
  let other = false;
  const decoded = raw.replace(REFERENCE, (reference) => {
    const character = reference.length > 1 ? referenced(reference) : undefined;
    if (character === undefined) other = true;
    return character ?? reference;
  });
  return other ? decodedByParser(raw, quote) : decoded;
}

/** The index just past the whitespace at `at`. */
function skipSpace(html: string, at: number): number {
  while (at < html.length && isSpace(html.charCodeAt(at))) at += 1;
  return at;
}

/** Where the value at `at` ends (past its closing quote), unread. */
function valueEnd(html: string, at: number): number {
  const code = html.charCodeAt(at);
  if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
    const close = html.indexOf(code === DOUBLE_QUOTE ? '"' : "'", at + 1);
    return close === -1 ? html.length : close + 1;
  }
  let end = at;
  while (end < html.length && !isSpace(html.charCodeAt(end)) && html.charCodeAt(end) !== GREATER) end += 1;
  return end;
}

/** Reads one attribute's value from `at` (just past its `=` and any space): its text and where it ends. */
function valueAt(html: string, at: number): { raw: string; quote: string; next: number } {
  const next = valueEnd(html, at);
  const quote = html[at];
  if (quote !== '"' && quote !== "'") return { raw: html.slice(at, next), quote: '', next };
  const closed = next - 1 > at && html[next - 1] === quote;
  return { raw: html.slice(at + 1, closed ? next - 1 : next), quote, next };
}

/**
 * Reads a start tag's attributes from `at` (just past its name) to its `>`; where reading goes on, and
 * whether the tag closes itself (`/>`).
 */
function readAttributes(
  html: string,
  at: number,
  on: TagHandler,
  wanted: Wanted,
): { next: number; selfClosing: boolean } {
  const length = html.length;
  while (at < length) {
    at = skipSpace(html, at);
    const code = html.charCodeAt(at);
    if (code === GREATER) return { next: at + 1, selfClosing: false };
    if (code === SLASH) {
      if (html.charCodeAt(at + 1) === GREATER) return { next: at + 2, selfClosing: true };
      at += 1;
      continue;
    }
    if (at >= length) break;
    // A name is everything up to a space, `/`, `>` or `=` (its first character may be `=` itself).
    const start = at;
    at += 1;
    while (at < length && !endsName(html.charCodeAt(at)) && html.charCodeAt(at) !== EQUALS) at += 1;
    const name = at - start <= wanted.longest ? html.slice(start, at).toLowerCase() : undefined;
    const report = name !== undefined && wanted.names.has(name) ? name : undefined;
    const afterName = skipSpace(html, at);
    if (html.charCodeAt(afterName) !== EQUALS) {
      if (report !== undefined) on.attribute(report, '', '');
      continue;
    }
    const value = skipSpace(html, afterName + 1);
    if (report === undefined) {
      at = valueEnd(html, value);
      continue;
    }
    const { raw, quote, next } = valueAt(html, value);
    on.attribute(report, raw, quote);
    at = next;
  }
  return { next: length, selfClosing: false };
}

/** Where a raw-text element's text ends: at its end tag (`</script` then a space, `/` or `>`), or the end. */
function rawTextEnd(html: string, name: string, from: number): number {
  let at = from;
  for (;;) {
    at = html.indexOf('</', at);
    if (at === -1) return html.length;
    const candidate = html.slice(at + 2, at + 2 + name.length);
    if (candidate.toLowerCase() === name && endsName(html.charCodeAt(at + 2 + name.length))) return at;
    at += 2;
  }
}

/**
 * Past a comment (`<!--` to `-->`, `<!-->` being an empty one), a CDATA section or a declaration (`<!…>`,
 * `<?…>`) at `at`.
 */
function pastMarkup(html: string, at: number): number {
  if (html.startsWith('<!--', at)) {
    const end = html.indexOf('-->', at + 2);
    return end === -1 ? html.length : end + 3;
  }
  if (html.startsWith('<![CDATA[', at)) {
    const end = html.indexOf(']]>', at + 9);
    return end === -1 ? html.length : end + 3;
  }
  const end = html.indexOf('>', at + 2);
  return end === -1 ? html.length : end + 1;
}

/** An end tag at `at` (`</name …>`): its name read to `close`; where reading goes on. */
function endTag(html: string, at: number, on: TagHandler, foreign: { depth: number }): number {
  const gt = html.indexOf('>', at + 2);
  const end = gt === -1 ? html.length : gt;
  if (!isAlpha(html.charCodeAt(at + 2))) return end + 1;
  let nameEnd = at + 3;
  while (nameEnd < end && !endsName(html.charCodeAt(nameEnd))) nameEnd += 1;
  const name = html.slice(at + 2, nameEnd).toLowerCase();
  if (FOREIGN.has(name) && foreign.depth > 0) foreign.depth -= 1;
  on.close(name, end);
  return end + 1;
}

/** A start tag at `at`: read to the handler; where reading goes on, or -1 when the handler stopped it. */
function startTag(html: string, at: number, on: TagHandler, state: ReadState): number {
  const { foreign, wanted } = state;
  let nameEnd = at + 2;
  while (nameEnd < html.length && !endsName(html.charCodeAt(nameEnd))) nameEnd += 1;
  const name = html.slice(at + 1, nameEnd).toLowerCase();
  if (!on.open(name, at, foreign.depth > 0)) return -1;
  const opensForeign = FOREIGN.has(name);
  if (opensForeign) foreign.depth += 1;
  const { next, selfClosing } = readAttributes(html, nameEnd, on, wanted);
  if (selfClosing && foreign.depth > 0) {
    if (opensForeign) foreign.depth -= 1;
    on.close(name, next - 1);
    return next;
  }
  if (foreign.depth === 0 && RAW_TEXT.has(name)) return rawTextEnd(html, name, next);
  if (foreign.depth === 0 && name === 'plaintext') return html.length;
  return next;
}

interface ReadState {
  readonly foreign: { depth: number };
  readonly wanted: Wanted;
}

/**
 * Reads `html`'s tags to `on`, in document order, with the attributes `wanted` names, until its end or
 * until `open` answers false.
 */
export function readTags(html: string, on: TagHandler, wanted: Wanted): void {
  const foreign = { depth: 0 };
  const state: ReadState = { foreign, wanted };
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt === -1) return;
    const next = html.charCodeAt(lt + 1);
    if (isAlpha(next)) at = startTag(html, lt, on, state);
    else if (next === SLASH) at = endTag(html, lt, on, foreign);
    else if (next === BANG || next === QUESTION) at = pastMarkup(html, lt);
    else at = lt + 1;
    if (at === -1) return;
  }
}
