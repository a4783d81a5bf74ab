/**
 * The publisher's side of the warm renderer (warm.ts): one child process, started at a lower priority than
 * the server (shoppers' requests first), kept between rebuilds. `start` runs Astro's build in it once;
 * from then on `run` renders a rebuild's changed pages in well under a second at 10,000 products. A
 * renderer is made from the sources as they were when it started: the publisher uses it only for a live
 * build made from the same sources (`sourceHash`), and replaces it after a full build. Every reply is
 * parsed (warm-channel.ts): one that does not parse rejects its request with a WarmRendererError, logged,
 * which a build takes as the renderer failing (it builds with astro build instead).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isRunning } from '../releases/builds.ts';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CatalogueSync } from '../../catalogue/catalogue-owner.ts';
import type { CrossingSyncOptions, Synced } from '../../catalogue/sync-messages.ts';
import type { ShopInfo } from '../../config/shop.ts';
import type { Levels } from '../releases/encoding.ts';
import { ask, receive, rejectAll, warmChannel, WarmRendererError, type WarmChannel } from './warm-channel.ts';
import type { WarmJob, WarmMessage, WarmMessageType, WarmOutcome, WarmReplyValue } from './warm-messages.ts';

export { WarmRendererError } from './warm-channel.ts';

const WORKER = fileURLToPath(new URL('./warm-worker.ts', import.meta.url));
/** As `astro build` runs (astro-run.ts): nicer than the server, so a cart call is not queued behind a render. */
const NICER_BY = 10;

export interface WarmRendererClient extends CatalogueSync {
  /** The sources' hash its bundle was made from, once started; undefined before. */
  readonly sourceHash: string | undefined;
  /**
   * Its build by Astro (`start`'s `scratch`), once started: every file of a whole build but the catalogue's
   * pages, which a whole build by the renderer links (warm-whole.ts).
   */
  readonly bundle: string | undefined;
  /** Whether it is being started now. */
  readonly starting: boolean;
  /** Its process's id while it runs: the server reads the process's memory from /proc (figures.ts). */
  readonly pid?: number | undefined;
  /** Starts the renderer (Astro's build, in the background) unless it is started or starting. */
  start(input: {
    readonly sourceHash: string;
    readonly pricedAt: number;
    readonly scratch: string;
    readonly shop: ShopInfo;
    /** The live build: the renderer's first run plans from the change since it when it would make it alike. */
    readonly live?: string;
  }): Promise<void>;
  /**
   * (`CatalogueSync`) An incremental sync in the renderer's process, against the catalogue it keeps in
   * memory. The snapshot file is written after the next warm run, or on `flush`, which fails when the
   * renderer stopped before writing a sync it had read (`lostSync`): that run cannot build from it.
   */
  sync(options: CrossingSyncOptions): Promise<Synced>;
  /**
   * Writes the `.br`/`.gz` siblings of a live build's files that lack them, in the background, giving way
   * to syncs and runs; until then the server compresses those files as it sends them.
   */
  compressLater(dir: string, levels: Levels): void;
  run(job: WarmJob): Promise<WarmOutcome>;
  close(): void;
}

interface ClientOptions {
  /** The project (where astro.config.mjs is). */
  readonly root: string;
  /** The build's environment. */
  readonly env: NodeJS.ProcessEnv;
  readonly log?: (message: string) => void;
  /** (Tests) the script forked in place of warm-worker.ts. */
  readonly worker?: string;
}

/** What the client knows of its process, between requests. */
interface ClientState {
  readonly options: ClientOptions;
  readonly log: (message: string) => void;
  readonly channel: WarmChannel;
  child: ChildProcess | undefined;
  started: Promise<void> | undefined;
  sourceHash: string | undefined;
  bundle: string | undefined;
  /** A sync the renderer read and has not written to the snapshot file yet. */
  unwritten: boolean;
  /** The renderer stopped holding an unwritten sync (`lostSync`). */
  lost: boolean;
}

/** Forks the renderer's process at a lower priority, its replies going to the channel. */
function spawn(state: ClientState): ChildProcess {
  const { options, log } = state;
  const spawned = fork(options.worker ?? WORKER, [], {
    cwd: options.root,
    env: { ...options.env, ASTRO_TELEMETRY_DISABLED: '1' },
    // The renderer collects between the slices of a whole build (warm.ts, `collect`). Its old generation
    // grows by half of what is live before the next major collection, not by up to four times as V8 lets
    // a small heap grow: through the rebuild bench at 10,000 products it peaked at 1,110 MB, not 1,945 MB,
    // with no run slower (docs/rebuilds.md).
    execArgv: ['--expose-gc', '--heap-growing-percent=50'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Maps (a price check's final prices) cross as they are.
    serialization: 'advanced',
  });
  try {
    if (spawned.pid !== undefined) setPriority(spawned.pid, Math.min(19, getPriority() + NICER_BY));
  } catch {
    // Not allowed here: the renderer runs at the server's priority.
  }
  spawned.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() !== '') log(`[warm renderer] ${line}`);
  });
  spawned.on('message', (message: unknown) => {
    if (receive(state.channel, message) === 'stop') spawned.kill();
  });
  spawned.once('exit', (code, signal) => exited(state, spawned, signal ?? `exit ${code}`));
  // The server's own work keeps it running, not its renderer (nor a test's).
  spawned.unref();
  spawned.channel?.unref();
  return spawned;
}

/** The process stopped: what it held is gone, and every request waiting fails. */
function exited(state: ClientState, spawned: ChildProcess, why: string): void {
  if (state.child === spawned) {
    state.child = undefined;
    state.started = undefined;
    state.sourceHash = undefined;
    state.bundle = undefined;
    if (state.unwritten) state.lost = true;
    state.unwritten = false;
  }
  rejectAll(state.channel, () => new WarmRendererError(`The warm renderer stopped (${why}).`));
}

/** Sends a request to the process (started if need be). */
function request<T extends WarmMessageType>(
  state: ClientState,
  message: WarmMessage & { type: T },
): Promise<WarmReplyValue<T>> {
  state.child ??= spawn(state);
  const process = state.child;
  return ask<T>(state.channel, (sent) => process.send(sent), message);
}

async function flush(state: ClientState): Promise<void> {
  if (state.lost)
    throw new WarmRendererError(
      'The warm renderer stopped before it wrote the catalogue it had read; the next run reads every change again.',
    );
  if (!state.child) return;
  await request(state, { type: 'flush' });
  state.unwritten = false;
}

/** The folder a renderer of this process builds its bundle in (`start`'s `scratch`), beside the builds. */
export const rendererScratch = (buildsDir: string): string => join(buildsDir, `.warm-${process.pid}`);

/** The bundles of renderers whose server has stopped: kept while it ran, for its whole builds. */
async function removeLeftBundles(buildsDir: string): Promise<void> {
  const names = await readdir(buildsDir).catch(() => []);
  for (const name of names) {
    const pid = /^\.warm-(\d+)$/.exec(name)?.[1];
    if (pid && Number(pid) !== process.pid && !isRunning(Number(pid)))
      await rm(join(buildsDir, name), { recursive: true, force: true });
  }
}

function start(state: ClientState, input: Parameters<WarmRendererClient['start']>[0]): Promise<void> {
  const { log } = state;
  state.started ??= (async () => {
    const began = performance.now();
    await removeLeftBundles(dirname(input.scratch));
    await request(state, {
      type: 'start',
      root: state.options.root,
      ...{ scratch: input.scratch, pricedAt: input.pricedAt, shop: input.shop },
      ...(input.live ? { live: input.live } : {}),
    });
    state.sourceHash = input.sourceHash;
    state.bundle = input.scratch;
    log(`Warm renderer ready in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  })().catch(async (error: unknown) => {
    log(`The warm renderer could not start: ${error instanceof Error ? error.message : String(error)}`);
    state.started = undefined;
    // What it synced is written first: the runs go on without it.
    if (state.unwritten) await flush(state).catch(() => undefined);
    state.child?.kill();
  });
  return state.started;
}

export function warmRendererClient(options: ClientOptions): WarmRendererClient {
  const log = options.log ?? (() => undefined);
  const state: ClientState = {
    ...{ options, log, channel: warmChannel(log) },
    ...{ child: undefined, started: undefined, sourceHash: undefined, bundle: undefined },
    ...{ unwritten: false, lost: false },
  };
  const compressing = new Set<string>();
  return {
    get sourceHash() {
      return state.sourceHash;
    },
    get bundle() {
      return state.bundle;
    },
    get starting() {
      return state.started !== undefined && state.sourceHash === undefined;
    },
    get pid() {
      return state.child?.pid;
    },
    start: (input) => start(state, input),
    get lostSync() {
      return state.lost;
    },
    sync: async (syncOptions) => {
      const result = await request(state, { type: 'sync', options: syncOptions });
      state.unwritten = true;
      state.lost = false;
      return result;
    },
    flush: () => flush(state),
    compressLater: (dir, levels) => {
      // Once at a time per build: a whole build asks once live, and a new rebuilder again for the live build.
      const key = resolve(dir);
      if (compressing.has(key)) return;
      compressing.add(key);
      request(state, { type: 'compress', dir, levels })
        .catch((error: unknown) =>
          log(`Compressing ${dir} failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => compressing.delete(key));
    },
    run: async (job) => {
      const outcome = await request(state, { type: 'run', job });
      // The renderer writes the snapshot right after a run.
      state.unwritten = false;
      return outcome;
    },
    close() {
      state.child?.kill();
      state.child = undefined;
    },
  };
}
