/**
 * `npm run rollback`: points `dist` back at the build before the live one, in one atomic switch; a running
 * server serves it at once. `--to <id>` picks a build, `--list` lists them, `--dist <dir>` another served
 * folder than `dist`. The next rebuild (hook, polling or `npm run rebuild`) builds from the catalogue
 * again: fix what was wrong in Magento or in the code first.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  buildLayout,
  listBuilds,
  rollback,
  RollbackError,
  type BuildEntry,
} from '../src/publish/releases/builds.ts';
import { DIST_DIR } from '../src/server/config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

const describe = (build: BuildEntry): string =>
  `${build.id}${build.live ? '  (live)' : ''}  ${build.info ? `built ${build.info.builtAt}, ${build.info.pages} pages, ${build.info.mode ?? 'full'} build` : build.complete ? 'from before dist.builds' : 'unfinished'}`;

try {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: DIST_DIR },
      to: { type: 'string' },
      list: { type: 'boolean', default: false },
    },
  });
  const layout = buildLayout(resolve(root, values.dist));
  if (values.list) {
    const builds = listBuilds(layout);
    console.info(builds.length > 0 ? builds.map(describe).join('\n') : `No builds in ${layout.buildsDir}.`);
  } else {
    const target = await rollback(layout, values.to === undefined ? {} : { to: values.to });
    console.info(`Rolled back: ${layout.dist} → ${describe(target)}`);
    console.info('The next rebuild builds from the catalogue again: fix the cause first.');
  }
} catch (error) {
  console.error(error instanceof RollbackError ? error.message : error);
  process.exitCode = 1;
}
