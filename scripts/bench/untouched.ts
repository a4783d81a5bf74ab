/**
 * The JavaScript a page loads before any interaction, as the browser benchmarks (bench:shell,
 * bench:basket) measure it in Chromium with a phone's viewport (Playwright's 'Pixel 7'): each page in a
 * fresh context, waited on until the network and then the main thread are idle (`client:idle` islands
 * included), never scrolled, pointed at or focused. The figure is the scripts' compressed bodies as
 * transferred, with their header bytes beside it, the inline scripts' brotli size (part of the HTML), the
 * HTML's own transfer, and the CSP violations and CSP console messages.
 */
import { brotliCompressSync } from 'node:zlib';
import { devices, type Browser, type BrowserContext, type Page } from 'playwright';
import {
  addProbe,
  bodies,
  fileName,
  fromCache,
  headers,
  isCspMessage,
  isScript,
  readProbe,
  recordNetwork,
  settle,
  type Transfer,
} from './page-probe.ts';
import { kb, table, verdict } from './proc.ts';

export const DEVICE = 'Pixel 7';
const KB = 1024;

/** A fresh context as a phone; `baseURL` lets relative paths be visited. */
export async function newContext(browser: Browser, baseURL?: string): Promise<BrowserContext> {
  const descriptor = devices[DEVICE];
  if (!descriptor) throw new Error(`Playwright has no '${DEVICE}' device descriptor.`);
  return browser.newContext({ ...descriptor, ...(baseURL ? { baseURL } : {}) });
}

export interface PageSpec {
  name: string;
  path: string;
  /** Bytes of JavaScript the page may load before any interaction. */
  budget: number;
  /**
   * What the shopper did before (e.g. made a cart, which visits another page): run in the page first,
   * then the browser's cache is emptied so the measured page loads every script over the wire.
   */
  prepare?: (page: Page) => Promise<void>;
}

export interface Loaded {
  spec: PageSpec;
  status: number;
  settled: boolean;
  scripts: Transfer[];
  html: Transfer | undefined;
  inline: { count: number; bytes: number; brotli: number };
  csp: string[];
  cspConsole: string[];
  errors: string[];
}

/**
 * One page in a fresh context, untouched until its network and main thread are idle. `notice` is the
 * role=status text the probe watches for (irrelevant here, but the probe needs one).
 */
export async function loadUntouched(
  browser: Browser,
  base: string,
  spec: PageSpec,
  notice = '',
): Promise<Loaded> {
  const context = await newContext(browser, base);
  try {
    const page = await context.newPage();
    const cspConsole: string[] = [];
    const errors: string[] = [];
    await addProbe(page, notice);
    await spec.prepare?.(page);
    // Playwright passes the browser's own log entries (where CSP reports go) as console messages too.
    page.on('console', (message) => {
      if (isCspMessage(message.text())) cspConsole.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const log = await recordNetwork(page);
    if (spec.prepare) await log.cdp.send('Network.clearBrowserCache');
    const response = await page.goto(`${base}${spec.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    const settled = await settle(page, log);
    const probe = await readProbe(page);
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((script) => ['', 'module', 'text/javascript'].includes(script.getAttribute('type') ?? ''))
        .map((script) => script.textContent ?? ''),
    );
    const inlineText = inline.join('\n');
    const transfers = log.transfers();
    const documentUrl = response?.url() ?? `${base}${spec.path}`;
    return {
      spec,
      status: response?.status() ?? 0,
      settled,
      scripts: transfers.filter(isScript),
      html: transfers.find((t) => t.type === 'Document' && t.url === documentUrl),
      inline: {
        count: inline.length,
        bytes: Buffer.byteLength(inlineText),
        brotli: inlineText ? brotliCompressSync(inlineText).length : 0,
      },
      csp: probe?.csp ?? [],
      cspConsole,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** The table of the pages' JavaScript with their budgets, and which script each page loaded. */
export function printLoaded(loaded: readonly Loaded[]): void {
  console.info(
    `\n## JavaScript before any interaction (${DEVICE}, no throttling; compressed bodies as transferred; KB = 1024 bytes)`,
  );
  console.info(
    table(
      [
        'page',
        'JS KB (br)',
        'files',
        'budget',
        '',
        '+ headers KB',
        'inline JS KB (br≈)',
        'HTML KB',
        'CSP',
        'notes',
      ],
      loaded.map((entry) => {
        const body = bodies(entry.scripts);
        const notes = [
          entry.status === 200 ? '' : `HTTP ${entry.status}`,
          entry.settled ? '' : 'still loading after 30 s',
          entry.errors.length ? `${entry.errors.length} script error(s)` : '',
          fromCache(entry.scripts) ? `${fromCache(entry.scripts)} more script(s) from the cache` : '',
        ];
        return [
          entry.spec.name === entry.spec.path ? entry.spec.path : `${entry.spec.name} ${entry.spec.path}`,
          kb(body),
          String(entry.scripts.length - fromCache(entry.scripts)),
          `≤ ${entry.spec.budget / KB}`,
          verdict(body, entry.spec.budget),
          kb(headers(entry.scripts)),
          entry.inline.count ? `${kb(entry.inline.brotli)} (${entry.inline.count})` : '0',
          entry.html ? kb(entry.html.bodyBytes) : '–',
          `${entry.csp.length} / ${entry.cspConsole.length}`,
          notes.filter(Boolean).join('; '),
        ];
      }),
    ),
  );
  console.info(
    'JS KB: the scripts\' bodies as sent (brotli, or plain when tiny); + headers: their response headers. Inline JS: the HTML\'s inline scripts compressed on their own (count), inside "HTML KB (br)", not in "JS KB". CSP: securitypolicyviolation events / console messages about the Content Security Policy.',
  );

  const files = new Map<string, number>();
  for (const entry of loaded)
    for (const script of entry.scripts) if (!script.cached) files.set(fileName(script.url), script.bodyBytes);
  console.info('\nScripts loaded before any interaction (KB br; x = loaded on that page):');
  console.info(
    table(
      ['file', 'KB', ...loaded.map((entry) => entry.spec.name)],
      [...files]
        .sort(([, a], [, b]) => b - a)
        .map(([name, bytes]) => [
          name,
          kb(bytes),
          ...loaded.map((entry) => (entry.scripts.some((s) => fileName(s.url) === name) ? 'x' : '')),
        ]),
    ),
  );
  for (const entry of loaded) {
    for (const line of [...entry.csp, ...entry.cspConsole]) console.info(`  CSP ${entry.spec.path}: ${line}`);
    for (const line of entry.errors) console.info(`  error ${entry.spec.path}: ${line}`);
  }
}
