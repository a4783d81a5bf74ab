/**
 * The bench's `astro build`: this Node running Astro's CLI with the bench's config
 * (scripts/bench/astro.config.mjs), for the benches that build a site beside what they measure.
 */
import { resolve } from 'node:path';

export const benchAstroBuild = (root: string): [string, ...string[]] => [
  process.execPath,
  resolve(root, 'node_modules/astro/bin/astro.mjs'),
  'build',
  '--config',
  'scripts/bench/astro.config.mjs',
];
