/**
 * One line of the shop's log from any message. Requests' words reach the log (a webhook's id, a path, an
 * error quoting what was sent), and a line break among them would start a line the shop never wrote
 * ("Payment PP-…: 99900 pence refunded"). So every log the storefront server's parts are handed goes through
 * `lineLog`: control characters are written as visible escapes and each message stays one line.
 */

/**
 * C0 and C1 controls (line feed, carriage return, tab, escape, NEL…) and DEL (`\p{Cc}`), the Unicode line
 * and paragraph separators, and the bidirectional embeddings, overrides and isolates, which reorder how a
 * line reads in a terminal or viewer.
 */
const CONTROLS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text with each control character escaped as `\n`, `\r`, `\t` or `\uXXXX`. A backslash is left as it
 * is: escaping twice changes nothing, so a log wrapped at several layers writes the same line.
 */
export const escapeControls = (text: string): string =>
  text.replace(CONTROLS, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A log that writes each message through `write` as one line, its control characters escaped. */
export const lineLog =
  (write: (line: string) => void) =>
  (message: string): void =>
    write(escapeControls(message));

/** The log of a part handed none: standard error, one line per message. */
export const warnLog = lineLog((line) => console.warn(line));
