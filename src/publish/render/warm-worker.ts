/**
 * The warm renderer's process (warm.ts), started by warm-client.ts with the build's environment and the
 * project as its working folder. It answers one message at a time: `start` (Astro's build, once), then
 * `run` jobs; each answer carries the message's id. It exits when its parent goes.
 */
import { startWarmRenderer, type WarmJob, type WarmRenderer } from './warm.ts';

export type WarmMessage =
  | {
      readonly type: 'start';
      readonly root: string;
      readonly scratch: string;
      readonly snapshotFile: string;
      readonly pricedAt: number;
    }
  | { readonly type: 'run'; readonly job: WarmJob };

export type WarmRequest = WarmMessage & { readonly id: number };

export type WarmReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string };

let renderer: WarmRenderer | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function answer(request: WarmRequest): Promise<unknown> {
  if (request.type === 'start') {
    renderer ??= await startWarmRenderer(request);
    return null;
  }
  if (!renderer) throw new Error('The warm renderer has not started.');
  return renderer.run(request.job);
}

process.on('message', (message: WarmRequest) => {
  queue = queue.then(async () => {
    let reply: WarmReply;
    try {
      reply = { id: message.id, ok: true, value: await answer(message) };
    } catch (error) {
      reply = {
        id: message.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
    }
    process.send?.(reply);
  });
});
process.on('disconnect', () => process.exit(0));
