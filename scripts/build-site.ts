/**
 * `npm run build`: builds the site into `dist` (astro build into a fresh folder, precompressed text,
 * build-info.json, atomic swap). A failed build exits non-zero and leaves the previous `dist` as it was.
 * `--dist <dir>` builds elsewhere (experiments, CI).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { snapshotPath } from '../src/catalogue/snapshot.ts';
import { ConfigError, loadConfig, processEnvironment } from '../src/config/env.ts';
import { configHash } from '../src/publish/releases/build-info.ts';
import { BuildError, buildSite } from '../src/publish/render/build.ts';
import { DIST_DIR } from '../src/server/config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: DIST_DIR } } });
  const { shop } = loadConfig();
  const distDir = resolve(root, values.dist);
  const info = await buildSite({
    root,
    distDir,
    snapshotFile: snapshotPath(shop.CATALOGUE_SNAPSHOT),
    configHash: configHash(shop),
    // The environment `astro build` inherits and the build parses for the pages' shop and the secrets.
    env: processEnvironment(),
    log: (message) => console.info(message),
  });
  console.info(
    `Site built: ${info.pages} pages in ${(info.durationMs / 1000).toFixed(1)} s, ${info.scriptHashes.length} inline-script hashes → ${distDir}`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BuildError ? error.message : error);
  process.exit(1);
}
