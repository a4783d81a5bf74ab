/**
 * `npm run docs:env`: rewrites docs/configuration.md's table of environment variables (between
 * `<!-- env-table:start -->` and `<!-- env-table:end -->`) from the descriptions in src/config/env.ts, then
 * formats the file with Prettier as `npm run lint` checks it. tests/unit/env-table.test.ts fails until this
 * has been run after a change to a variable.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { replaceEnvTable } from '../src/config/env-table.ts';

const docFile = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));
const before = readFileSync(docFile, 'utf8');
const options = await resolveConfig(docFile);
const after = await format(replaceEnvTable(before), { ...options, filepath: docFile });
if (after === before)
  console.info('docs/configuration.md: the table of environment variables is up to date.');
else {
  writeFileSync(docFile, after);
  console.info(
    'docs/configuration.md: the table of environment variables was rewritten from src/config/env.ts.',
  );
}
