/**
 * Synonyms the shop's editors own: a Magento CMS block, identifier `search-synonyms`, one group per line
 * of phrases that mean the same, separated by commas (`shop vac, wet and dry vacuum`). Magento keeps its
 * own synonym groups where no REST call reads them, so the block is how an editor adds words without a
 * release. It is read with the catalogue at sync time, like the home page's blocks, and added to the
 * shipped list (src/content/search-synonyms.json) when the search index is built. A line that is not a
 * group is left out with a build warning naming it; the rest apply. Without the block, the shipped list
 * alone applies, with a warning like a missing home page block's.
 */
import { CONTENT_BLOCKS } from '../catalogue/content-blocks.ts';
import { htmlToText } from '../catalogue/fields.ts';
import type { ContentBlock } from '../catalogue/types.ts';
import { synonymsSchema, type Synonyms } from '../features/search/index.ts';

const IDENTIFIER = CONTENT_BLOCKS.searchSynonyms;

/** The block's lines as an editor typed them: its HTML's paragraphs and line breaks, as plain text. */
const linesOf = (content: string): string[] =>
  content
    .replace(/<\s*(br|\/p|\/div|\/li)\b[^>]*>/gi, '\n')
    .split(/\r?\n/)
    .map(htmlToText)
    .filter((line) => line !== '');

const groupSchema = synonymsSchema.shape.equivalent.element;

/** The editors' groups in `blocks`; `warn` hears of a missing block and of every line left out. */
export function editorSynonyms(
  blocks: Readonly<Record<string, ContentBlock>> | undefined,
  warn: (message: string) => void,
): Synonyms['equivalent'] {
  const block = blocks?.[IDENTIFIER];
  if (!block) {
    warn(
      `CMS block "${IDENTIFIER}" is missing or inactive in Magento: search uses the shipped synonyms only.`,
    );
    return [];
  }
  const groups: string[][] = [];
  for (const [at, line] of linesOf(block.content).entries()) {
    const parsed = groupSchema.safeParse(line.split(',').map((phrase) => phrase.trim()));
    if (parsed.success) groups.push(parsed.data);
    else
      warn(
        `CMS block "${IDENTIFIER}", line ${at + 1} ("${line}"): ${parsed.error.issues[0]?.message ?? 'not a group'}; write phrases that mean the same separated by commas, e.g. "shop vac, wet and dry vacuum". The line was left out.`,
      );
  }
  return groups;
}
