/**
 * README's folder layout, generated from each folder's opening paragraph: the first paragraph of the
 * `README.md` in every top-level folder of `src/`, every feature's folder (`src/features/<x>/`), every
 * workspace package (`packages/<x>/`) and the project's own folders (scripts, tests, e2e, docs). In `src/pages/` it is `_README.md`: Astro would make a
 * page of a README.md there, and leaves files starting with `_` alone. `npm run docs:layout` writes the
 * table into README between the two markers below, and tests/unit/layout-table.test.ts fails when README's
 * table differs or a folder has no paragraph. Strings in, strings out, apart from `readLayout`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const LAYOUT_TABLE_START = '<!-- layout-table:start -->';
export const LAYOUT_TABLE_END = '<!-- layout-table:end -->';

/** The project's folders outside `src/` that the table lists after it. */
const PROJECT_FOLDERS = ['scripts/', 'tests/', 'e2e/', 'docs/'];

/** One row: a folder, as `src/catalogue/`, and its opening paragraph. */
export interface FolderDoc {
  folder: string;
  paragraph: string;
}

const subfolders = (root: URL, folder: string): string[] =>
  readdirSync(new URL(folder, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}${entry.name}/`);

/** The folders the table lists: `src/`'s and each feature's, in path order, the workspace packages, then the project's. */
export const layoutFolders = (root: URL): string[] => [
  ...[...subfolders(root, 'src/'), ...subfolders(root, 'src/features/')].sort(),
  ...subfolders(root, 'packages/').sort(),
  ...PROJECT_FOLDERS,
];

/** The file that holds a folder's opening paragraph. */
export const readmeOf = (folder: string): string =>
  folder === 'src/pages/' ? `${folder}_README.md` : `${folder}README.md`;

/** The first paragraph of a Markdown text that is not a heading, on one line; empty when there is none. */
export function openingParagraph(markdown: string): string {
  const paragraphs = markdown.split(/\n\s*\n/).map((block) => block.trim());
  const first = paragraphs.find((block) => block !== '' && !block.startsWith('#')) ?? '';
  return first.replace(/\s+/g, ' ');
}

/** Every listed folder's opening paragraph, read from disk; a folder without one is an error naming it. */
export function readLayout(root: URL): FolderDoc[] {
  return layoutFolders(root).map((folder) => {
    const file = new URL(readmeOf(folder), root);
    const paragraph = existsSync(file) ? openingParagraph(readFileSync(file, 'utf8')) : '';
    if (paragraph === '')
      throw new Error(
        `${readmeOf(folder)} is missing or empty: open it with a paragraph saying what the folder is for.`,
      );
    return { folder, paragraph };
  });
}

/** The Markdown table (unaligned: Prettier aligns README's columns), `|` escaped in its cells. */
export function renderLayoutTable(docs: readonly FolderDoc[]): string {
  const rows = docs.map(({ folder, paragraph }) => `| \`${folder}\` | ${paragraph.replace(/\|/g, '\\|')} |`);
  return ['| Folder | What it holds |', '| --- | --- |', ...rows].join('\n');
}

/** What goes between the markers: a note for editors, then the table. */
export const layoutTableBlock = (table: string): string =>
  [
    "<!-- Generated from each folder's README.md by `npm run docs:layout`: edit those, not this table. -->",
    '',
    table,
  ].join('\n');

/** Where README's generated block is: the text strictly between the markers, which it holds once each. */
function markedRange(readme: string): { from: number; to: number } {
  const start = readme.indexOf(LAYOUT_TABLE_START);
  const end = readme.indexOf(LAYOUT_TABLE_END);
  if (start === -1 || end < start)
    throw new Error(
      `README.md needs ${LAYOUT_TABLE_START} and, after it, ${LAYOUT_TABLE_END} around the layout.`,
    );
  if (readme.includes(LAYOUT_TABLE_START, start + 1) || readme.includes(LAYOUT_TABLE_END, end + 1))
    throw new Error(`README.md must hold ${LAYOUT_TABLE_START} and ${LAYOUT_TABLE_END} once each.`);
  return { from: start + LAYOUT_TABLE_START.length, to: end };
}

/** README's text between the markers. */
export function layoutBlock(readme: string): string {
  const { from, to } = markedRange(readme);
  return readme.slice(from, to);
}

/** README with `block` between the markers, set off by blank lines. */
export function replaceLayoutTable(readme: string, block: string): string {
  const { from, to } = markedRange(readme);
  return `${readme.slice(0, from)}\n\n${block}\n\n${readme.slice(to)}`;
}
