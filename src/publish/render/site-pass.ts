/**
 * The work every file of a new build's `client/` folder needs before it may go live, done with one read
 * per file: the secret check (checks.ts), the inline-script hashes for the CSP (inline-scripts.ts) and
 * the `.br`/`.gz` siblings (releases/precompress.ts), and each page's links, which the link check looks up once the
 * build is whole (site-links.ts, links.ts). It runs beside `astro build`: the site build hands it each
 * page as soon as Astro reports it written (`add`), so on two cores the compression and the scans go on
 * while Astro renders the next pages instead of after the last one (at 10,000 products they took 30 s
 * after a 34 s render). `finish` then walks the folder once and does what is left: files Astro did not
 * report (assets, public files) and any file whose size or modification time changed since it was read.
 *
 * Compression levels depend on how much text the site has (`bulkLevels`): files wait until more than
 * THOROUGH_LIMIT_BYTES of them have been seen (then the total is surely above it), or until `finish`.
 */
import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { secretFinder } from './checks.ts';
import type { NamedSecret } from './secrets.ts';
import { isCompressible, MIN_COMPRESS_BYTES } from '../releases/content-types.ts';
import type { Levels } from '../releases/encoding.ts';
import { hasInlineHandler, inlineScriptHashes } from './inline-scripts.ts';
import { linkCollector, type LinkCollector } from './site-links.ts';
import { bulkLevels, compressFile, THOROUGH_LIMIT_BYTES } from '../releases/precompress.ts';
import {
  listFiles,
  statOf,
  summarise,
  type Done,
  type SitePassResult,
  type Waiting,
} from './site-pass-files.ts';

export type { SitePassResult };

export interface SitePass {
  /** A file (relative to `client/`) Astro has finished writing. Unknown or vanished files are ignored. */
  add(relative: string): void;
  /** Handles every file not handled yet (or changed since), then answers for the whole folder. */
  finish(): Promise<SitePassResult>;
  /** Drops what is waiting and resolves when the files under way are done (a failed build). */
  stop(): Promise<void>;
}

export interface SitePassOptions {
  readonly previousClientDir?: string | undefined;
  readonly secrets: readonly NamedSecret[];
  /** Files handled at a time once Astro is done (default: one per core, at least 2). */
  readonly concurrency?: number;
  /**
   * Files handled at a time while Astro renders (default: one fewer than the cores, at least 1):
   * Astro renders on one core and is the longest step, so the pass leaves it that core.
   */
  readonly concurrencyBeside?: number;
  /** Top-level folders not to walk: the pages a partial build links from the live build (checked there). */
  readonly skip?: ReadonlySet<string>;
  /** false: no `.br`/`.gz` siblings (a warm build's are written after it is live, warm-worker.ts). */
  readonly compress?: boolean;
  /** `SITE_URL`: absolute links of this origin are the site's own (the link check). */
  readonly siteUrl?: string | undefined;
}

/** The pass under way: one value the steps below read and change. */
interface PassState {
  readonly clientDir: string;
  readonly options: SitePassOptions;
  readonly findSecrets: ReturnType<typeof secretFinder>;
  readonly links: LinkCollector;
  readonly concurrency: number;
  readonly concurrencyBeside: number;
  readonly done: Map<string, Done>;
  readonly queue: Waiting[];
  readonly workMs: { read: number; secrets: number; scan: number; links: number; compress: number };
  seenBytes: number;
  /** The compression levels, once known (`bulkLevels`): nothing is handled before. */
  bulk: Levels | undefined;
  running: number;
  /** Files handled while Astro was still rendering. */
  early: number;
  finishing: boolean;
  failure: unknown;
  idle: (() => void) | undefined;
}

async function timed<T>(
  state: PassState,
  kind: keyof PassState['workMs'],
  work: () => Promise<T> | T,
): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    state.workMs[kind] += performance.now() - started;
  }
}

/** One file: read once, checked for secrets, scanned, its links collected, compressed. */
async function handle(state: PassState, item: Waiting, levels: Levels): Promise<void> {
  const { clientDir, options, done } = state;
  const content = await timed(state, 'read', () => readFile(join(clientDir, item.relative)));
  const problems = await timed(state, 'secrets', () => state.findSecrets(item.relative, content));
  const html = item.relative.endsWith('.html');
  const text = html ? content.toString('utf8') : '';
  const hashes = html ? await timed(state, 'scan', () => inlineScriptHashes(text)) : [];
  const inlineHandler = html && hasInlineHandler(text);
  // A hidden file is no page of the site: the server never serves it.
  if (html && !basename(item.relative).startsWith('.'))
    await timed(state, 'links', () => state.links.add(item.relative, text));
  const compressed = options.compress !== false && content.length >= MIN_COMPRESS_BYTES;
  const result = compressed
    ? await timed(state, 'compress', () =>
        compressFile(clientDir, item.relative, content, {
          bulk: levels,
          previousClientDir: options.previousClientDir,
          replacing: done.has(item.relative),
        }),
      )
    : { reused: false, brotliBytes: 0 };
  if (!state.finishing) state.early += 1;
  done.set(item.relative, {
    ...{ size: content.length, mtimeMs: item.mtimeMs, compressed, hashes, inlineHandler, problems },
    reused: result.reused,
    brotliBytes: result.brotliBytes,
  });
}

/** Starts waiting files while there is room (less beside Astro than once it is done). */
function pump(state: PassState): void {
  const { queue } = state;
  while (
    state.bulk &&
    state.running < (state.finishing ? state.concurrency : state.concurrencyBeside) &&
    queue.length > 0
  ) {
    const item = queue.shift();
    if (!item) break;
    state.running += 1;
    void handle(state, item, state.bulk)
      .catch((error: unknown) => {
        state.failure ??= error;
      })
      .finally(() => {
        state.running -= 1;
        pump(state);
        if (state.running === 0 && queue.length === 0) state.idle?.();
      });
  }
}

function enqueue(state: PassState, item: Waiting): void {
  state.queue.push(item);
  if (item.size >= MIN_COMPRESS_BYTES) state.seenBytes += item.size;
  // Only once the site surely has more text than the thorough limit are its levels known early.
  if (!state.bulk && state.seenBytes > THOROUGH_LIMIT_BYTES) state.bulk = bulkLevels(state.seenBytes);
  pump(state);
}

const drained = (state: PassState): Promise<void> =>
  state.running === 0 && state.queue.length === 0
    ? Promise.resolve()
    : new Promise((resolve) => {
        state.idle = resolve;
      });

async function finish(state: PassState): Promise<SitePassResult> {
  const { done, links, queue } = state;
  const started = performance.now();
  state.finishing = true;
  // Levels unknown (less text seen than the thorough limit): nothing waiting could start, and the
  // listing below finds those files again.
  if (!state.bulk) queue.length = 0;
  // The folder is listed while the files still waiting are handled: one is I/O, the other CPU.
  const [present] = await Promise.all([listFiles(state.clientDir, state.options.skip), drained(state)]);
  // Every file now: those never reported, and those that changed after they were read.
  const files: Waiting[] = [];
  let bytes = 0;
  for (const item of present.values()) {
    if (item.size >= MIN_COMPRESS_BYTES) bytes += item.size;
    const before = done.get(item.relative);
    if (before?.size !== item.size || before.mtimeMs !== item.mtimeMs) files.push(item);
  }
  for (const relative of [...done.keys()])
    if (!present.has(relative)) {
      done.delete(relative);
      links.drop(relative);
    }
  const bulk = (state.bulk ??= bulkLevels(bytes));
  queue.push(...files);
  pump(state);
  await drained(state);
  if (state.failure) throw state.failure;
  const { workMs, early } = state;
  return { ...summarise(done, { bulk, bytes, workMs, early, started }), links: links.siteLinks() };
}

export function startSitePass(clientDir: string, options: SitePassOptions): SitePass {
  const state: PassState = {
    ...{
      clientDir,
      options,
      findSecrets: secretFinder(options.secrets),
      links: linkCollector(options.siteUrl),
    },
    concurrency: options.concurrency ?? Math.max(2, availableParallelism()),
    concurrencyBeside: options.concurrencyBeside ?? Math.max(1, availableParallelism() - 1),
    ...{ done: new Map(), queue: [], workMs: { read: 0, secrets: 0, scan: 0, links: 0, compress: 0 } },
    ...{ seenBytes: 0, bulk: undefined, running: 0, early: 0, finishing: false },
    ...{ failure: undefined, idle: undefined },
  };
  return {
    add(relative) {
      if (state.finishing || !isCompressible(relative)) return;
      void statOf(join(clientDir, relative)).then((stats) => {
        if (stats?.isFile() && !state.finishing)
          enqueue(state, { relative, size: stats.size, mtimeMs: stats.mtimeMs });
      });
    },
    finish: () => finish(state),
    stop() {
      state.finishing = true;
      state.queue.length = 0;
      return drained(state);
    },
  };
}
