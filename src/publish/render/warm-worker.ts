/**
 * The publisher's process (started by warm-client.ts with the build's environment, the project as its
 * working folder, at a lower priority than the server). It holds the shop's catalogue, the one owner of it
 * (src/catalogue/catalogue-owner.ts), so a rebuild neither reads the snapshot again nor waits for it to be
 * written, and it keeps the warm renderer (warm.ts), which takes that catalogue as a value for each run.
 * Messages: `sync` (an incremental sync against the catalogue in memory; the snapshot's rows it changed are
 * written after the run that follows, on `flush`, or when the process stops), `start` (Astro's build, once,
 * beside the syncs), `run` (a warm build's rendering) and `compress` (a whole build's missing siblings, in the background:
 * releases/compress-later.ts). Each answer carries the message's id. Each message is parsed
 * (warm-messages.ts): one that does not parse is refused, never acted on. It writes what it holds and exits
 * when its parent goes or stops it.
 */
import { catalogueOwner, syncedOf } from '../../catalogue/catalogue-owner.ts';
import { CatalogueLoadError, isTransientLoadFailure } from '../../catalogue/load.ts';
import { syncInChild } from '../../catalogue/sync-child.ts';
import { loadConfig } from '../../config/env.ts';
import { compressBuild, siblingsLater } from '../releases/compress-later.ts';
import {
  labelOf,
  parseProblem,
  warmRequestSchema,
  type WarmMessage,
  type WarmReply,
  type WarmRequest,
} from './warm-messages.ts';
import { startWarmRenderer, type WarmRenderer } from './warm.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
/** The shop's catalogue: held here, synced here, its snapshot written here (src/catalogue/catalogue-owner.ts). */
const config = loadConfig();
// Its first sync, with nothing held, reads every product in a child that exits (sync-child.ts).
const owner = catalogueOwner({ ...config.magento, ...config.embedded, ...config.shop }, log, syncInChild);
let renderer: Promise<WarmRenderer> | undefined;
/** Syncs and runs under way: a build's background compression waits while there are any. */
let busy = 0;
const quiet = async (): Promise<void> => {
  while (busy > 0) await new Promise((resolve) => setTimeout(resolve, 50));
};

/** The siblings of each run's files, made once its build is live (releases/compress-later.ts). */
const siblings = siblingsLater(quiet, log);

/** Syncs, flushes and runs go one at a time, in order; the renderer's start goes beside them. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Writes the last sync's snapshot, in turn with the syncs and runs: right after a run's answer is out. The
 * write is the products the syncs since the last one changed (catalogue/rows.ts), not the catalogue, so a
 * save that follows another hardly waits for it.
 */
function flushAfterRun(): void {
  queue = queue
    .then(() => owner.flush())
    .catch((error: unknown) => log(`The snapshot could not be written: ${String(error)}`));
}

/** Writes what is not written yet and ends: the parent went, or stopped this process. */
function stop(): never {
  try {
    owner.flush();
  } finally {
    process.exit(0);
  }
}

/** The renderer's check that it would make the live build alike (warm.ts), in turn with syncs and runs. */
function prime(live: string): void {
  queue = queue
    .then(async () => {
      const unlike = await (await renderer)?.prime(live, owner.current());
      if (unlike) log(`The warm renderer plans its first run in full: ${unlike}.`);
    })
    .catch((error: unknown) => log(`The warm renderer could not check the live build: ${String(error)}`));
}

/** What a message's work gave: its answer's value, and for a run, the files it wrote. */
type Done = { readonly value: unknown; readonly written?: readonly string[] };
type Answered = { readonly reply: WarmReply; readonly written?: readonly string[] };

async function answer(message: WarmMessage): Promise<Done> {
  switch (message.type) {
    case 'start':
      renderer ??= startWarmRenderer({
        root: message.root,
        scratch: message.scratch,
        pricedAt: message.pricedAt,
        shop: message.shop,
        catalogue: owner.current(),
      });
      await renderer;
      if (message.live) void prime(message.live);
      return { value: null };
    case 'sync':
      return { value: syncedOf(await owner.sync(message.options)) };
    case 'flush':
      owner.flush();
      return { value: null };
    case 'compress':
      return { value: await compressBuild({ dir: message.dir, levels: message.levels }, quiet) };
    case 'run': {
      if (!renderer) throw new Error('The warm renderer has not started.');
      const outcome = await (await renderer).run(message.job, owner.current());
      return { value: outcome, written: outcome.written };
    }
  }
}

async function settle(request: WarmRequest): Promise<Answered> {
  try {
    const { value, written } = await answer(request);
    return { reply: { id: request.id, ok: true, value }, ...(written ? { written } : {}) };
  } catch (error) {
    if (!(error instanceof CatalogueLoadError)) log(error instanceof Error ? (error.stack ?? '') : '');
    const message = error instanceof Error ? error.message : String(error);
    return { reply: { id: request.id, ok: false, error: message, transient: isTransientLoadFailure(error) } };
  }
}

/**
 * A message that does not parse is never acted on: the log says what was wrong, and when it carries an
 * id its sender is answered with the same.
 */
function refuse(message: unknown, problem: string): void {
  const { id, type } = labelOf(message);
  const error = `The warm renderer refused a message${type ? ` of type ${type}` : ''} that did not parse: ${problem}`;
  log(error);
  if (id !== undefined) process.send?.({ id, ok: false, error, transient: false } satisfies WarmReply);
}

async function reply(request: WarmRequest): Promise<void> {
  const { reply: answered, written } = await settle(request);
  // Sent before anything else: an answer still being written to the channel (a whole build's list of the
  // files it wrote is several megabytes at 100,000 products) would wait for whatever blocks this process.
  await new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(answered, undefined, {}, () => resolve());
  });
  // The snapshot of a warm run, and its files' compressed siblings, are written once the answer is out:
  // not on the way to the page.
  if (request.type === 'run') {
    flushAfterRun();
    // In the background, a file at a time, giving way to the next sync or run (a save that follows soon).
    // A whole build's are written once it is live (warm-whole.ts): its checks may yet remove it.
    if (written && request.job.live !== undefined) siblings.add(request.job, written);
  }
}

process.on('message', (message: unknown) => {
  const parsed = warmRequestSchema.safeParse(message);
  if (!parsed.success) return refuse(message, parseProblem(parsed.error));
  const request = parsed.data;
  if (request.type === 'start' || request.type === 'compress') void reply(request);
  else {
    queue = queue.then(async () => {
      busy += 1;
      try {
        await reply(request);
      } finally {
        busy -= 1;
      }
    });
  }
});
process.on('disconnect', stop);
process.on('SIGTERM', stop);
