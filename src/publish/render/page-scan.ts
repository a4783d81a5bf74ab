/**
 * What a warm run checks in each file it writes, as it writes it (the site pass's checks, site-pass.ts):
 * secrets, the CSP's inline-script hashes and inline handlers, the hashed assets the pages name, and their
 * links for the link check (site-links.ts). `pageScan` does it where it is called; `pageScanThread`
 * (page-scan-thread.ts) in a thread of its own, so the renderer's thread only renders and the run uses
 * the machine's second core (a page's links cost about as much to read as the page to render).
 */
import type { NamedSecret } from './secrets.ts';
import { secretFinder } from './checks.ts';
import { hasInlineHandler, inlineScriptHashes } from './inline-scripts.ts';
import { checkGatheredLinks, folderLocate } from './links.ts';
import { linkCollector } from './site-links.ts';
import type { WarmScan } from './warm-messages.ts';

export interface PageScanOptions {
  readonly secrets: readonly NamedSecret[];
  /** The origin the pages are rendered for: absolute links to it are the site's own. */
  readonly siteUrl: string;
}

export interface PageScan {
  /** Checks one written file (relative to `client/`). */
  add(file: string, body: Uint8Array): void;
  /**
   * What the files added showed; their links checked against the build's client folders, top first, when
   * `linksIn` names them (warm-messages.ts, `linksIn`).
   */
  result(linksIn?: readonly string[]): Promise<WarmScan>;
}

const ASSET = /\/_astro\/[\w.@-]+/g;

export function pageScan(options: PageScanOptions): PageScan {
  const findSecrets = secretFinder(options.secrets);
  // Pages are read as Latin-1, one character a byte (the hashes and links are of their UTF-8 all the same):
  // decoded as UTF-8, a page with any character beyond Latin-1 is a string of two bytes a character. The
  // scan of a whole build's 20,833 files at 10,000 products peaked 60 MB lower, and took a third less time.
  const links = linkCollector(options.siteUrl, { latin1: true });
  const hashes = new Set<string>();
  const assets = new Set<string>();
  const secretProblems: string[] = [];
  const inlineHandlers: string[] = [];
  let htmlFiles = 0;
  return {
    add(file, body) {
      const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      secretProblems.push(...findSecrets(file, bytes));
      if (!file.endsWith('.html')) return;
      const html = bytes.toString('latin1');
      for (const hash of inlineScriptHashes(html, 'latin1')) hashes.add(hash);
      if (hasInlineHandler(html)) inlineHandlers.push(file);
      for (const [asset] of html.matchAll(ASSET)) assets.add(asset);
      links.add(file, html);
      htmlFiles += 1;
    },
    result: async (linksIn) => ({
      secretProblems,
      inlineHandlers,
      htmlFiles,
      scriptHashes: [...hashes].sort(),
      assets: [...assets].sort(),
      links: linksIn
        ? {
            checked: true,
            report: await checkGatheredLinks(links.siteLinks(), (await folderLocate(...linksIn)).locate),
          }
        : { checked: false, gathered: links.siteLinks() },
    }),
  };
}
