/**
 * A stand-in for warm-worker.ts (forked by warm-messages-client.test.ts) whose answers do not parse:
 * `start` and `flush` are answered as the real process answers them; `run` with an outcome whose
 * `written` is not a list and that has no `smokePages`; `sync` with a result without its hash; `compress` of
 * the folder `no-id` with a reply that has no id, of `no-transient` with an error that lacks `transient`,
 * of any other with the number 0.
 */
import { z } from 'zod';

const request = z.object({ id: z.number(), type: z.string(), dir: z.string().optional() });

const links = { targets: [], shared: [], pages: [] };
const scan = { scriptHashes: [], secretProblems: [], inlineHandlers: [], htmlFiles: 1, assets: [], links };
const badOutcome = {
  written: 'product-0/index.html',
  removed: [],
  paths: 1,
  prices: { total: 0, upcoming: [] },
  scan,
  planMs: 1,
  renderMs: 1,
};
const syncWithoutHash = {
  file: 'catalogue.db',
  products: 1,
  problems: [],
  changed: true,
  mode: 'full',
  updated: [],
  removed: [],
};

function answer({ id, type, dir }: z.infer<typeof request>): unknown {
  switch (type) {
    case 'run':
      return { id, ok: true, value: badOutcome };
    case 'sync':
      return { id, ok: true, value: syncWithoutHash };
    case 'compress':
      if (dir === 'no-id') return { ok: true, value: 0 };
      if (dir === 'no-transient') return { id, ok: false, error: 'disk full' };
      return { id, ok: true, value: 0 };
    default:
      return { id, ok: true, value: null };
  }
}

process.on('message', (message: unknown) => process.send?.(answer(request.parse(message))));
process.on('disconnect', () => process.exit(0));
