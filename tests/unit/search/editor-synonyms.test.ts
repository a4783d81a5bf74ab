/**
 * The editors' search synonyms (src/site/editor-synonyms.ts): the `search-synonyms` CMS block,
 * one group per line, read from the embedded back end as a sync reads it and applied by the search engine;
 * a line that is not a group is left out with a warning naming it, and a missing block leaves the shipped
 * synonyms with a warning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentBlocks } from '../../../src/catalogue/content-blocks.ts';
import { loadCatalogue } from '../../../src/catalogue/load.ts';
import { productRoutes } from '../../../src/site/product-view.ts';
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import type { Catalogue, ContentBlock } from '../../../src/catalogue/types.ts';
import { editorSynonyms } from '../../../src/site/editor-synonyms.ts';
import { searchBuildInput, siteSynonyms } from '../../../src/site/search-input.ts';
import { buildSearchFiles } from '../../../src/features/search/build.ts';
import { createSearchEngine } from '../../../src/features/search/engine.ts';
import { memorySource } from '../../../src/features/search/sources.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../../support/backend.ts';

let backend: TestBackend;
let catalogue: Catalogue;

beforeAll(async () => {
  backend = await startTestBackend({ catalogue: { seed: 3, productCount: 250, brand: 'Clearwater' } });
  ({ catalogue } = await loadCatalogue({ baseUrl: backend.url, token: INTEGRATION_TOKEN }));
});
afterAll(() => backend.stop());

const readBlocks = () => readContentBlocks({ baseUrl: backend.url, token: INTEGRATION_TOKEN });

/** The names of what a query finds, over the index built with the synonyms of `blocks`. */
async function namesFound(query: string, blocks: Record<string, ContentBlock>): Promise<string[]> {
  const index = indexCatalogue({ ...catalogue, blocks });
  const input = searchBuildInput(
    index,
    productRoutes(index, []),
    siteSynonyms(blocks, () => undefined),
  );
  const built = buildSearchFiles(input);
  const { ids } = await createSearchEngine(memorySource(built)).search(query);
  return ids.map((id) => built.products[id]?.name ?? '');
}

const block = (content: string): Record<string, ContentBlock> => ({
  'search-synonyms': { title: 'Search synonyms', content },
});

describe("the editors' synonyms block", () => {
  it('is read from Magento with the other blocks, and its groups find what their words find', async () => {
    const blocks = await readBlocks();
    expect(editorSynonyms(blocks, () => undefined)).toContainEqual([
      'shop vac',
      'wet and dry vacuum',
      'workshop vacuum',
    ]);
    // "workshop vacuum" is in no product's words and not in the shipped list: the block's group finds them.
    const found = await namesFound('workshop vacuum', blocks);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((name) => /wet & dry/i.test(name))).toBe(true);
    const without = await namesFound('workshop vacuum', {});
    expect(without.length > 0 && without.every((name) => /wet & dry/i.test(name))).toBe(false);
  });

  it('reads a line per paragraph or line break, with the HTML an editor’s WYSIWYG writes', () => {
    const groups = editorSynonyms(
      block(
        '<p>shop vac, wet and dry vacuum</p>\n<p>leaf blower,&nbsp;leaf vacuum<br>power&amp;wash, jet wash</p>',
      ),
      () => undefined,
    );
    expect(groups).toEqual([
      ['shop vac', 'wet and dry vacuum'],
      ['leaf blower', 'leaf vacuum'],
      ['power&wash', 'jet wash'],
    ]);
  });

  it('leaves out a line that is not a group, with a warning naming it, and applies the rest', async () => {
    const warnings: string[] = [];
    const blocks = block('<p>workshop vacuum</p><p>workshop vacuum, wet and dry vacuum</p><p>, ,</p>');
    expect(editorSynonyms(blocks, (message) => warnings.push(message))).toEqual([
      ['workshop vacuum', 'wet and dry vacuum'],
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^CMS block "search-synonyms", line 1 \("workshop vacuum"\): a group needs at least two phrases;/,
      ),
      expect.stringMatching(/^CMS block "search-synonyms", line 3 \(", ,"\): must not be empty;/),
    ]);
    const found = await namesFound('workshop vacuum', blocks);
    expect(found.length > 0 && found.every((name) => /wet & dry/i.test(name))).toBe(true);
  });

  it('missing, leaves the shipped synonyms, with a warning', async () => {
    const warnings: string[] = [];
    expect(editorSynonyms({}, (message) => warnings.push(message))).toEqual([]);
    expect(warnings).toEqual([
      'CMS block "search-synonyms" is missing or inactive in Magento: search uses the shipped synonyms only.',
    ]);
    expect((await namesFound('hoover', {})).length).toBeGreaterThan(0);
  });
});
