/**
 * README's folder layout is the one the folders' own README.md files give (`npm run docs:layout`), and
 * every folder the table lists opens with a paragraph saying what it holds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { comparableLines } from '../../src/config/env-table.ts';
import {
  LAYOUT_TABLE_END,
  LAYOUT_TABLE_START,
  layoutBlock,
  layoutFolders,
  layoutTableBlock,
  openingParagraph,
  readLayout,
  readmeOf,
  renderLayoutTable,
  replaceLayoutTable,
} from '../../scripts/docs/layout-table.ts';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');

describe("README's folder layout", () => {
  it("is the table the folders' README.md files give", () => {
    expect(
      comparableLines(layoutBlock(readme)),
      "README.md's folder layout differs from the folders' README.md files: run `npm run docs:layout`",
    ).toEqual(comparableLines(layoutTableBlock(renderLayoutTable(readLayout(root)))));
  });

  it('lists every folder of src/ and every feature', () => {
    const listed = layoutFolders(root);
    for (const folder of ['src/catalogue/', 'src/site/', 'src/features/cart/', 'src/features/shell/'])
      expect(listed).toContain(folder);
  });
});

describe('the generator', () => {
  it('takes the first paragraph that is not a heading, on one line', () => {
    expect(openingParagraph('# Cart\n\nThe basket:\nits lines.\n\nMore.\n')).toBe('The basket: its lines.');
    expect(openingParagraph('# Only a heading\n')).toBe('');
  });

  it("reads src/pages' paragraph from _README.md, which Astro makes no page of", () => {
    expect(readmeOf('src/pages/')).toBe('src/pages/_README.md');
    expect(readmeOf('src/site/')).toBe('src/site/README.md');
  });

  it('renders a row per folder, `|` escaped', () => {
    expect(renderLayoutTable([{ folder: 'src/x/', paragraph: 'A | B.' }]).split('\n')).toEqual([
      '| Folder | What it holds |',
      '| --- | --- |',
      '| `src/x/` | A \\| B. |',
    ]);
  });

  it('replaces only what is between the markers, and needs both', () => {
    const text = `# Title\n\n${LAYOUT_TABLE_START}\nold\n${LAYOUT_TABLE_END}\n\nAfter.\n`;
    expect(replaceLayoutTable(text, 'new')).toBe(
      `# Title\n\n${LAYOUT_TABLE_START}\n\nnew\n\n${LAYOUT_TABLE_END}\n\nAfter.\n`,
    );
    expect(() => replaceLayoutTable('# Title\n', 'new')).toThrow(LAYOUT_TABLE_START);
    expect(() => replaceLayoutTable(`${LAYOUT_TABLE_END}\n${LAYOUT_TABLE_START}`, 'new')).toThrow(
      LAYOUT_TABLE_END,
    );
  });
});
