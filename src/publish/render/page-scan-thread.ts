/**
 * A warm run's files, written and checked (page-scan.ts) in a worker thread of the renderer's process, on
 * the machine's other core: the renderer hands each file over as it renders it, and takes the scan when
 * its run is done, once every file is on disk. The render thread so only renders: writing a page and
 * reading its links cost about as much as rendering it. One thread, kept between runs, one run at a time.
 * What crosses the thread is parsed both ways, like what crosses a process.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { z } from 'zod';
import { pageScan, type PageScan, type PageScanOptions } from './page-scan.ts';
import { namedSecretSchema, warmScanSchema, type WarmScan } from './warm-messages.ts';

const toThread = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('begin'),
    /** The new build's `client/` folder, where the files go. */
    client: z.string().min(1),
    secrets: z.array(namedSecretSchema),
    siteUrl: z.string(),
  }),
  z.object({
    type: z.literal('file'),
    file: z.string(),
    body: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  }),
  z.object({ type: z.literal('end'), linksIn: z.array(z.string().min(1)).min(1).exactOptional() }),
]);
type ToThread = z.input<typeof toThread>;

const fromThread = z.union([
  z.object({ ok: z.literal(true), scan: warmScanSchema }),
  z.object({ ok: z.literal(false), error: z.string() }),
  /** Files of the run written so far: the renderer waits while too many are still on their way. */
  z.object({ written: z.number().int().nonnegative() }),
]);
type FromThread = z.input<typeof fromThread>;

/** Writes one of a run's files: its folder is new, or shared with a file written before. */
function write(client: string, file: string, body: Uint8Array): void {
  const target = join(client, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, body);
}

/** The answer to `end`: the run's scan, or why it failed. */
async function ended(scan: PageScan | undefined, failure: string | undefined, linksIn?: string[]) {
  if (failure !== undefined || !scan) return { ok: false, error: failure ?? 'no run began' } as const;
  try {
    return { ok: true, scan: await scan.result(linksIn) } as const;
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) } as const;
  }
}

/**
 * The thread's side: each file written and scanned, the scan sent at `end`; a failure (a message that does
 * not parse, a file not written) fails the run.
 */
function serve(port: NonNullable<typeof parentPort>): void {
  let scan: PageScan | undefined;
  let client = '';
  let failure: string | undefined;
  let written = 0;
  const answer = (reply: FromThread) => port.postMessage(reply);
  port.on('message', (message: unknown) => {
    const parsed = toThread.safeParse(message);
    if (!parsed.success) return void (failure ??= `a message did not parse: ${parsed.error.message}`);
    const request = parsed.data;
    try {
      if (request.type === 'begin')
        [scan, client, failure, written] = [pageScan(request), request.client, undefined, 0];
      else if (request.type === 'file') {
        if (failure === undefined) {
          write(client, request.file, request.body);
          scan?.add(request.file, request.body);
        }
        written += 1;
        if (written % PROGRESS_EVERY === 0) answer({ written });
      } else {
        void ended(scan, failure, request.linksIn).then(answer);
        scan = undefined;
      }
    } catch (error) {
      failure ??= error instanceof Error ? error.message : String(error);
    }
  });
}

if (!isMainThread && parentPort) serve(parentPort);

/**
 * The thread's young generation: what it reads of a page dies young, so a small one collects it as well as
 * V8's default (64 MB at the most, as for a process), and its heap peaks 120 MB lower through a whole
 * build at 10,000 products (docs/rebuilds.md).
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** How often the thread says how many files it has written, and how many may be on their way at most. */
const PROGRESS_EVERY = 16;
const MOST_ON_THE_WAY = 64;

/** A run's side of the thread: files in, the scan out once they are written. */
export interface ScanRun {
  /**
   * Writes `file` (relative to `client/`) and checks it; resolves once the thread is near enough, so the
   * pages a run renders faster than they are written do not pile up in memory (a whole build's 15,000).
   */
  add(file: string, body: Uint8Array): Promise<void>;
  /**
   * What the files showed, once every one is written; fails when one could not be. With `linksIn` (the
   * build's client folders, top first) their links are checked in the thread (page-scan.ts, `result`).
   */
  finish(linksIn?: readonly string[]): Promise<WarmScan>;
}

interface ThreadState {
  worker: Worker | undefined;
  waiting: { resolve: (scan: WarmScan) => void; reject: (error: Error) => void } | undefined;
  /** Files the thread has written in this run, and who waits for it to write more. */
  written: number;
  room: (() => void) | undefined;
  /** Why the last thread stopped: a run it was scanning fails with it. */
  stopped: Error | undefined;
}

function started(state: ThreadState): Worker {
  if (state.worker) return state.worker;
  const worker = new Worker(new URL(import.meta.url), { resourceLimits: THREAD_LIMITS });
  // The renderer's process ends when its parent goes, whatever the thread is doing.
  worker.unref();
  const fail = (error: Error) => {
    if (state.worker === worker) [state.worker, state.stopped] = [undefined, error];
    state.room?.();
    state.waiting?.reject(error);
    state.waiting = undefined;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The page scan's thread stopped (exit code ${code}).`)));
  worker.on('message', (message: unknown) => {
    const parsed = fromThread.safeParse(message);
    if (parsed.success && 'written' in parsed.data) {
      state.written = parsed.data.written;
      return state.room?.();
    }
    const waiting = state.waiting;
    state.waiting = undefined;
    if (!parsed.success)
      waiting?.reject(new Error(`The page scan's answer did not parse: ${parsed.error.message}`));
    else if ('scan' in parsed.data) waiting?.resolve(parsed.data.scan);
    else if ('error' in parsed.data) waiting?.reject(new Error(`The page scan failed: ${parsed.data.error}`));
  });
  state.worker = worker;
  return worker;
}

/** A thread that writes and scans a run's files beside the renderer; `begin` starts a run (one at a time). */
export function pageScanThread(): { begin(options: PageScanOptions & { readonly client: string }): ScanRun } {
  const state: ThreadState = {
    ...{ worker: undefined, waiting: undefined, stopped: undefined },
    ...{ written: 0, room: undefined },
  };
  return {
    begin(options) {
      const worker = started(state);
      const send = (message: ToThread) => worker.postMessage(message);
      send({
        type: 'begin',
        client: options.client,
        secrets: [...options.secrets],
        siteUrl: options.siteUrl,
      });
      let sent = 0;
      state.written = 0;
      return {
        async add(file, body) {
          send({ type: 'file', file, body });
          sent += 1;
          while (sent - state.written > MOST_ON_THE_WAY && state.worker === worker)
            await new Promise<void>((resolve) => (state.room = resolve));
          state.room = undefined;
        },
        finish: (linksIn) =>
          new Promise<WarmScan>((resolve, reject) => {
            if (state.worker !== worker)
              return reject(state.stopped ?? new Error("The page scan's thread stopped."));
            state.waiting = { resolve, reject };
            send({ type: 'end', ...(linksIn ? { linksIn: [...linksIn] } : {}) });
          }),
      };
    },
  };
}
