/**
 * `npm run docs:layout`: rewrites README's folder layout (between `<!-- layout-table:start -->` and
 * `<!-- layout-table:end -->`) from each folder's README.md (scripts/docs/layout-table.ts), then formats
 * README with Prettier as `npm run lint` checks it. tests/unit/layout-table.test.ts fails until this has
 * been run after a folder's opening paragraph changed, or a folder came or went.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { layoutTableBlock, readLayout, renderLayoutTable, replaceLayoutTable } from './docs/layout-table.ts';

const root = new URL('../', import.meta.url);
const readmeFile = fileURLToPath(new URL('README.md', root));
const before = readFileSync(readmeFile, 'utf8');
const options = await resolveConfig(readmeFile);
const block = layoutTableBlock(renderLayoutTable(readLayout(root)));
const after = await format(replaceLayoutTable(before, block), { ...options, filepath: readmeFile });
if (after === before) console.info('README.md: the folder layout is up to date.');
else {
  writeFileSync(readmeFile, after);
  console.info("README.md: the folder layout was rewritten from each folder's README.md.");
}
