/**
 * The inline scripts of the built pages, hashed for the Content-Security-Policy: the build records the
 * hashes in build-info.json and the server sends them in `script-src`, so no `'unsafe-inline'` for
 * scripts. JSON-LD (`type="application/ld+json"`) is data, not script, and needs no hash.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { textFiles } from '../releases/content-types.ts';

/** Script types a browser executes (or, for import maps and speculation rules, treats as script under CSP). */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
  'importmap',
  'speculationrules',
]);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE_TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const ATTRIBUTE_SRC = /\bsrc\s*=/i;
/** An event-handler attribute (`onclick=` …) inside a tag: CSP blocks it unless `'unsafe-inline'`. */
const INLINE_HANDLER = /<[a-z][a-z0-9-]*(?:\s[^>]*?)?\son[a-z]+\s*=/i;

/** CSP source expressions (`'sha256-…'`) of the inline scripts in one HTML document. */
export function inlineScriptHashes(html: string, decoded: 'utf8' | 'latin1' = 'utf8'): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (ATTRIBUTE_SRC.test(attributes)) continue;
    const typeMatch = ATTRIBUTE_TYPE.exec(attributes);
    const type = (typeMatch?.[1] ?? typeMatch?.[2] ?? typeMatch?.[3] ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, decoded).digest('base64')}'`);
  }
  return hashes;
}

export interface InlineScriptScan {
  /** Every distinct inline-script hash of the site, sorted. */
  hashes: string[];
  /** HTML files (relative) with inline event-handler attributes, which the CSP blocks. */
  inlineHandlers: string[];
  htmlFiles: number;
}

/** Whether an HTML document has an inline event-handler attribute, which the CSP blocks. */
export const hasInlineHandler = (html: string): boolean => INLINE_HANDLER.test(html);

/** Reads every HTML file under `clientDir` for the hashes the CSP needs. */
export async function scanInlineScripts(clientDir: string): Promise<InlineScriptScan> {
  const hashes = new Set<string>();
  const inlineHandlers: string[] = [];
  let count = 0;
  for await (const file of textFiles(clientDir)) {
    if (!file.endsWith('.html')) continue;
    const html = await readFile(join(clientDir, file), 'utf8');
    for (const hash of inlineScriptHashes(html)) hashes.add(hash);
    if (INLINE_HANDLER.test(html)) inlineHandlers.push(file);
    count += 1;
  }
  return { hashes: [...hashes].sort(), inlineHandlers, htmlFiles: count };
}
