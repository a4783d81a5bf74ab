/**
 * The work every file of a new build's `client/` folder needs before it may go live, done with one read
 * per file: the secret check (checks.ts), the inline-script hashes for the CSP (inline-scripts.ts) and
 * the `.br`/`.gz` siblings (precompress.ts), and each page's links, which the link check looks up once the
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
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { secretFinder } from './checks.ts';
import type { NamedSecret } from './secrets.ts';
import { isCompressible, MIN_COMPRESS_BYTES, textFiles } from '../releases/content-types.ts';
import type { Levels } from '../releases/encoding.ts';
import { hasInlineHandler, inlineScriptHashes } from './inline-scripts.ts';
import { linkCollector, type SiteLinks } from './site-links.ts';
import { bulkLevels, compressFile, THOROUGH_LIMIT_BYTES, type PrecompressResult } from './precompress.ts';

export interface SitePassResult {
  readonly compression: PrecompressResult;
  /** Every distinct inline-script hash of the pages, sorted. */
  readonly scriptHashes: string[];
  /** HTML files (relative) with inline event-handler attributes, which the CSP blocks. */
  readonly inlineHandlers: string[];
  readonly htmlFiles: number;
  /** Files that contain a secret, as sentences (relative to `client/`). */
  readonly secretProblems: string[];
  /** The links of the pages, as they are in the folder now, for the link check (links.ts). */
  readonly links: SiteLinks;
  /** Time spent on each kind of work, summed over files (it overlaps Astro's render and itself). */
  readonly workMs: {
    readonly read: number;
    readonly secrets: number;
    readonly scan: number;
    readonly links: number;
    readonly compress: number;
  };
  /** Files handled while Astro was still rendering. */
  readonly early: number;
}

export interface SitePass {
  /** A file (relative to `client/`) Astro has finished writing. Unknown or vanished files are ignored. */
  add(relative: string): void;
  /** Handles every file not handled yet (or changed since), then answers for the whole folder. */
  finish(): Promise<SitePassResult>;
  /** Drops what is waiting and resolves when the files under way are done (a failed build). */
  stop(): Promise<void>;
}

/** What was done with one file, kept so `finish` knows whether the file changed after it was read. */
interface Done {
  readonly size: number;
  readonly mtimeMs: number;
  readonly compressed: boolean;
  readonly reused: boolean;
  readonly brotliBytes: number;
  readonly hashes: readonly string[];
  readonly inlineHandler: boolean;
  readonly problems: readonly string[];
}

interface Waiting {
  readonly relative: string;
  readonly size: number;
  readonly mtimeMs: number;
}

const statOf = (file: string) => stat(file).catch(() => undefined);

/** Every text file under `dir` with its size and modification time, by relative path (stat 16 at a time). */
async function listFiles(dir: string, skip?: ReadonlySet<string>): Promise<Map<string, Waiting>> {
  const paths: string[] = [];
  for await (const relative of textFiles(dir, skip)) paths.push(relative);
  const files = new Map<string, Waiting>();
  let next = 0;
  const worker = async () => {
    for (let relative = paths[next++]; relative !== undefined; relative = paths[next++]) {
      const stats = await statOf(join(dir, relative));
      if (stats?.isFile()) files.set(relative, { relative, size: stats.size, mtimeMs: stats.mtimeMs });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return files;
}

export function startSitePass(
  clientDir: string,
  options: {
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
  },
): SitePass {
  const findSecrets = secretFinder(options.secrets);
  const links = linkCollector(options.siteUrl);
  const concurrency = options.concurrency ?? Math.max(2, availableParallelism());
  const concurrencyBeside = options.concurrencyBeside ?? Math.max(1, availableParallelism() - 1);
  const done = new Map<string, Done>();
  const queue: Waiting[] = [];
  const workMs = { read: 0, secrets: 0, scan: 0, links: 0, compress: 0 };
  let seenBytes = 0;
  let bulk: Levels | undefined;
  let running = 0;
  let early = 0;
  let finishing = false;
  let failure: unknown;
  let idle: (() => void) | undefined;

  const timed = async <T>(kind: keyof typeof workMs, work: () => Promise<T> | T): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      workMs[kind] += performance.now() - started;
    }
  };

  const handle = async (item: Waiting, levels: Levels): Promise<void> => {
    const content = await timed('read', () => readFile(join(clientDir, item.relative)));
    const problems = await timed('secrets', () => findSecrets(item.relative, content));
    const html = item.relative.endsWith('.html');
    const text = html ? content.toString('utf8') : '';
    const hashes = html ? await timed('scan', () => inlineScriptHashes(text)) : [];
    const inlineHandler = html && hasInlineHandler(text);
    // A hidden file is no page of the site: the server never serves it.
    if (html && !basename(item.relative).startsWith('.'))
      await timed('links', () => links.add(item.relative, text));
    const compressed = options.compress !== false && content.length >= MIN_COMPRESS_BYTES;
    const result = compressed
      ? await timed('compress', () =>
          compressFile(clientDir, item.relative, content, {
            bulk: levels,
            previousClientDir: options.previousClientDir,
            replacing: done.has(item.relative),
          }),
        )
      : { reused: false, brotliBytes: 0 };
    if (!finishing) early += 1;
    done.set(item.relative, {
      ...{ size: content.length, mtimeMs: item.mtimeMs, compressed, hashes, inlineHandler, problems },
      reused: result.reused,
      brotliBytes: result.brotliBytes,
    });
  };

  const pump = (): void => {
    while (bulk && running < (finishing ? concurrency : concurrencyBeside) && queue.length > 0) {
      const item = queue.shift();
      if (!item) break;
      running += 1;
      void handle(item, bulk)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => {
          running -= 1;
          pump();
          if (running === 0 && queue.length === 0) idle?.();
        });
    }
  };

  const enqueue = (item: Waiting): void => {
    queue.push(item);
    if (item.size >= MIN_COMPRESS_BYTES) seenBytes += item.size;
    // Only once the site surely has more text than the thorough limit are its levels known early.
    if (!bulk && seenBytes > THOROUGH_LIMIT_BYTES) bulk = bulkLevels(seenBytes);
    pump();
  };

  const drained = (): Promise<void> =>
    running === 0 && queue.length === 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          idle = resolve;
        });

  return {
    add(relative) {
      if (finishing || !isCompressible(relative)) return;
      void statOf(join(clientDir, relative)).then((stats) => {
        if (stats?.isFile() && !finishing) enqueue({ relative, size: stats.size, mtimeMs: stats.mtimeMs });
      });
    },

    async finish() {
      const started = performance.now();
      finishing = true;
      // Levels unknown (less text seen than the thorough limit): nothing waiting could start, and the
      // listing below finds those files again.
      if (!bulk) queue.length = 0;
      // The folder is listed while the files still waiting are handled: one is I/O, the other CPU.
      const [present] = await Promise.all([listFiles(clientDir, options.skip), drained()]);
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
      bulk ??= bulkLevels(bytes);
      queue.push(...files);
      pump();
      await drained();
      if (failure) throw failure;
      return { ...summarise(done, { bulk, bytes, workMs, early, started }), links: links.siteLinks() };
    },

    stop() {
      finishing = true;
      queue.length = 0;
      return drained();
    },
  };
}

function summarise(
  done: ReadonlyMap<string, Done>,
  context: {
    readonly bulk: Levels;
    readonly bytes: number;
    readonly workMs: SitePassResult['workMs'];
    readonly early: number;
    readonly started: number;
  },
): Omit<SitePassResult, 'links'> {
  const hashes = new Set<string>();
  const inlineHandlers: string[] = [];
  const secretProblems: string[] = [];
  let htmlFiles = 0;
  let files = 0;
  let reused = 0;
  let brotliBytes = 0;
  for (const [relative, file] of done) {
    file.hashes.forEach((hash) => hashes.add(hash));
    if (file.inlineHandler) inlineHandlers.push(relative);
    secretProblems.push(...file.problems);
    if (relative.endsWith('.html')) htmlFiles += 1;
    if (!file.compressed) continue;
    files += 1;
    if (file.reused) reused += 1;
    brotliBytes += file.brotliBytes;
  }
  const round = (ms: number) => Math.round(ms);
  return {
    compression: {
      files,
      reused,
      brotliQuality: context.bulk.brotli,
      bytes: context.bytes,
      brotliBytes,
      ms: round(performance.now() - context.started),
    },
    scriptHashes: [...hashes].sort(),
    inlineHandlers: inlineHandlers.sort(),
    htmlFiles,
    secretProblems: secretProblems.sort(),
    workMs: {
      read: round(context.workMs.read),
      secrets: round(context.workMs.secrets),
      scan: round(context.workMs.scan),
      links: round(context.workMs.links),
      compress: round(context.workMs.compress),
    },
    early: context.early,
  };
}
