/**
 * `npm run docs:env`: rewrites README's table of environment variables (between `<!-- env-table:start -->`
 * and `<!-- env-table:end -->`) from the descriptions in src/config/env.ts, then formats README with
 * Prettier as `npm run lint` checks it. tests/unit/env-table.test.ts fails until this has been run after a
 * change to a variable.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { replaceEnvTable } from '../src/config/env-table.ts';

const readmeFile = fileURLToPath(new URL('../README.md', import.meta.url));
const before = readFileSync(readmeFile, 'utf8');
const options = await resolveConfig(readmeFile);
const after = await format(replaceEnvTable(before), { ...options, filepath: readmeFile });
if (after === before) console.info('README.md: the table of environment variables is up to date.');
else {
  writeFileSync(readmeFile, after);
  console.info('README.md: the table of environment variables was rewritten from src/config/env.ts.');
}
