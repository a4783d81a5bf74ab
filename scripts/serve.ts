/**
 * `npm run serve`: one replica of the storefront server for the built site in `dist` (run `npm run build`
 * first), with no embedded back ends: it reads the configured Magento and Opayo (or the embedded ones run
 * on their own, `npm run backend` and `npm run payment-sandbox`), keeps its state in the shared store
 * (DATABASE_URL), takes the signed rebuild hook and serves the status page. Run as many as needed behind a
 * load balancer, all on one `dist` (a shared volume): docs/running.md, "Running several replicas".
 * `--dist <dir>` serves another build.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { shopClock } from '@cleaning-shop/kit/clock.ts';
import { loadConfig, processEnvironment } from '../src/config/env.ts';
import { startReplica } from '../src/replica.ts';
import { DIST_DIR } from '../src/server/config.ts';
import { startupMessage } from '../src/start.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Longer than a balancer takes to mark a replica down (HAProxy: two failed checks a second apart). */
const DRAIN_MS = 3_000;

try {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: DIST_DIR } } });
  const config = loadConfig();
  const replica = await startReplica({
    root,
    distDir: resolve(root, values.dist),
    config,
    variables: processEnvironment(),
    clock: shopClock(config.shop.SHOP_CLOCK_FILE),
    log: { info: (line) => console.info(line), warn: (line) => console.warn(line) },
  });
  const stop = (drainMs: number) => () => void replica.close(drainMs).then(() => process.exit(0));
  process.once('SIGINT', stop(0));
  // A restart behind a balancer: out of its health checks first, then the requests under way finish.
  process.once('SIGTERM', stop(DRAIN_MS));
} catch (error) {
  console.error(startupMessage(error));
  process.exit(1);
}
