/**
 * What a browser benchmark records of one page in Chromium, without touching it: every response with its
 * resource type and its bytes on the wire (from the DevTools protocol, so module preloads and dynamic
 * imports are seen like any script), and, from an init script in the page, CSP violations, the first
 * pointer input and the moment a notice appears in a role=status live region. `settle` waits until the
 * page has stopped loading and its main thread has had idle time (so `client:idle` islands are in).
 */
import type { CDPSession, Page } from 'playwright';

export interface Transfer {
  url: string;
  /** DevTools' resource type: Document, Script, Stylesheet, Image, Fetch… */
  type: string;
  /** Epoch ms the request was sent (the browser's wall clock, as `performance.timeOrigin` is). */
  sentAt: number;
  /** Response header bytes, and body bytes as sent (compressed), once finished. */
  headerBytes: number;
  bodyBytes: number;
  finished: boolean;
  failed: boolean;
  /** Served from the browser's memory or disk cache, or a service worker: nothing came over the wire. */
  cached: boolean;
}

/** A script: DevTools' type (module preloads and dynamic imports included), or a .js URL fetched otherwise. */
export const isScript = (transfer: Transfer): boolean =>
  !transfer.failed && (transfer.type === 'Script' || /\.m?js$/.test(new URL(transfer.url).pathname));
/** How many came from the browser's cache (not over the wire). */
export const fromCache = (list: readonly Transfer[]): number => list.filter((t) => t.cached).length;
/** Body bytes as sent (compressed), summed. */
export const bodies = (list: readonly Transfer[]): number =>
  list.reduce((total, t) => total + t.bodyBytes, 0);
export const headers = (list: readonly Transfer[]): number =>
  list.reduce((total, t) => total + t.headerBytes, 0);
export const fileName = (url: string): string => new URL(url).pathname.split('/').pop() || url;
/** A console message about the Content Security Policy (where the browser reports what it blocked). */
export const isCspMessage = (text: string): boolean => /content security policy/i.test(text);

export interface NetworkLog {
  transfers(): Transfer[];
  /** Requests sent and neither finished nor failed. */
  pending(): number;
  /** `Date.now()` of the last request sent, finished or failed. */
  lastActivity(): number;
  cdp: CDPSession;
}

/** Records the page's network from now on (call before `goto`). */
export async function recordNetwork(page: Page): Promise<NetworkLog> {
  const cdp = await page.context().newCDPSession(page);
  const byId = new Map<string, Transfer>();
  let last = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    last = Date.now();
    // A redirect reuses the request id: the hop before is done, its bytes are small and not counted.
    byId.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      sentAt: event.wallTime * 1000,
      headerBytes: 0,
      bodyBytes: 0,
      finished: false,
      failed: false,
      cached: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const transfer = byId.get(event.requestId);
    if (transfer) transfer.cached = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const transfer = byId.get(event.requestId);
    if (!transfer) return;
    transfer.type = event.type;
    const { fromDiskCache, fromPrefetchCache, fromServiceWorker } = event.response;
    if (fromDiskCache || fromPrefetchCache || fromServiceWorker) transfer.cached = true;
    // At this point only the headers have arrived.
    transfer.headerBytes = event.response.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    last = Date.now();
    const transfer = byId.get(event.requestId);
    if (!transfer) return;
    transfer.finished = true;
    transfer.bodyBytes = Math.max(0, event.encodedDataLength - transfer.headerBytes);
  });
  cdp.on('Network.loadingFailed', (event) => {
    last = Date.now();
    const transfer = byId.get(event.requestId);
    if (transfer) transfer.failed = true;
  });
  await cdp.send('Network.enable');
  return {
    transfers: () => [...byId.values()],
    pending: () => [...byId.values()].filter((t) => !t.finished && !t.failed).length,
    lastActivity: () => last,
    cdp,
  };
}

export interface Probe {
  /** `securitypolicyviolation` events: the directive and what it blocked. */
  csp: string[];
  /** Epoch ms of the first pointerdown, mousedown, touchstart or click (carried over a navigation). */
  input?: number;
  /** Epoch ms when an element with role=status first contained the notice text. */
  notice?: number;
  /** Epoch ms of the first task after the frame that showed the notice had been painted. */
  noticePainted?: number;
}

declare global {
  interface Window {
    benchShell?: Probe;
  }
}

/**
 * The init script (runs in every document before its own scripts). Listeners are passive and in the
 * capture phase, so they see the input first and change nothing the page does with it.
 */
function installProbe(noticeText: string): void {
  const probe: Probe = { csp: [] };
  window.benchShell = probe;
  const now = () => performance.timeOrigin + performance.now();
  const INPUT_KEY = 'bench-shell:input';
  try {
    // A click that sent the plain form (before the page was ready) lands on the next page.
    const carried = sessionStorage.getItem(INPUT_KEY);
    if (carried) probe.input = Number(carried);
  } catch {
    // about:blank has no storage
  }
  document.addEventListener(
    'securitypolicyviolation',
    (event) => probe.csp.push(`${event.effectiveDirective}: ${event.blockedURI || 'inline'}`),
    true,
  );
  const onInput = () => {
    if (probe.input !== undefined) return;
    probe.input = now();
    try {
      sessionStorage.setItem(INPUT_KEY, String(probe.input));
    } catch {
      // about:blank has no storage
    }
  };
  for (const type of ['pointerdown', 'mousedown', 'touchstart', 'click'])
    window.addEventListener(type, onInput, { capture: true, passive: true });
  const observer = new MutationObserver(() => {
    if (probe.notice !== undefined) return;
    for (const element of document.querySelectorAll('[role="status"]')) {
      if (!element.textContent?.includes(noticeText)) continue;
      probe.notice = now();
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (probe.noticePainted = now()), 0));
      return;
    }
  });
  observer.observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['role'],
  });
}

export async function addProbe(page: Page, noticeText: string): Promise<void> {
  await page.addInitScript(installProbe, noticeText);
}

/** The probe of the page's current document (undefined while it navigates). */
export async function readProbe(page: Page): Promise<Probe | undefined> {
  try {
    return await page.evaluate(() => window.benchShell);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the main thread to be idle (`requestIdleCallback`, which `client:idle` waits for), then
 * `quietMs`, until nothing was requested, received or pending during that time; so an island that loads
 * late is waited for too. False when the page was still busy at `limitMs`.
 */
export async function settle(
  page: Page,
  log: NetworkLog,
  quietMs = 2000,
  limitMs = 30_000,
): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    try {
      await page.evaluate(
        () => new Promise<void>((done) => requestIdleCallback(() => done(), { timeout: 5000 })),
      );
    } catch {
      // the page navigated meanwhile: wait for the new document
      await page.waitForLoadState('load').catch(() => undefined);
      continue;
    }
    // What the idle callbacks started shows up in the log a little later.
    await sleep(quietMs);
    if (log.pending() === 0 && Date.now() - log.lastActivity() >= quietMs) return true;
    await sleep(100);
  }
  return false;
}
