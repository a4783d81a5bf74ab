/**
 * `npm start`: the whole shop on this machine, on its embedded defaults, configured from this process's
 * environment (`startShop`, src/start.ts). `--dist <dir>` builds and serves another folder than `dist`.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { processEnvironment } from '../src/config/env.ts';
import { DIST_DIR } from '../src/server/config.ts';
import { runShop } from '../src/start.ts';

const { values } = parseArgs({ options: { dist: { type: 'string', default: DIST_DIR } } });
await runShop({
  root: fileURLToPath(new URL('..', import.meta.url)),
  distDir: values.dist,
  environment: processEnvironment(),
});
