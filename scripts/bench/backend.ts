/**
 * Bench child: the embedded back end on a free port with DEMO_PRODUCT_COUNT products, seeded into
 * EMBEDDED_MAGENTO_DB, with its pictures (above 1,000 products the demo catalogue shares a bounded pool of
 * at most 160 files, so this stays quick and the built site can be served with pictures, e.g. for
 * Lighthouse). Prints `BENCH {url, seedMs, maxRssKb}` once it listens, then serves until SIGTERM.
 */
import { loadEnv } from '../../src/config/env.ts';
import { embeddedMagentoConfig } from '../../src/standins/settings.ts';
import { startEmbeddedMagento } from '@cleaning-shop/embedded-magento';
import { rebuildOnSave } from '../../src/publish/rebuild/hook-client.ts';

const env = loadEnv();
const started = performance.now();
const magento = await startEmbeddedMagento({
  ...embeddedMagentoConfig(env, (line) => console.info(line)),
  ...rebuildOnSave(env, (line) => console.info(line)),
  port: 0,
});
const seedMs = Math.round(performance.now() - started);
console.info(
  `BENCH ${JSON.stringify({ url: magento.url, seedMs, maxRssKb: process.resourceUsage().maxRSS })}`,
);
const stop = () => void magento.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
