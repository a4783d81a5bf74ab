/**
 * The Magento CMS blocks the home page and the landings are made of, and the editors' search synonyms, read at sync time with the catalogue
 * (one call) and kept in the snapshot as Magento stores them: raw HTML, directives unresolved. The pages
 * turn them into content (src/components/home/cms.ts); a block that is missing here falls back to the
 * shipped content with a build warning.
 */
import { magentoFetch, searchCriteria, type MagentoClientConfig } from '../magento/client.ts';
import { magentoCmsBlockSearch } from '../magento/wire/cms-block.ts';
import type { ContentBlock } from './types.ts';

/** Every block identifier the pages read, by the slot it fills. */
export const CONTENT_BLOCKS = {
  homeGardenCarousel: 'home-carousel-home-garden',
  professionalCarousel: 'home-carousel-professional',
  callBanner: 'home-call-banner',
  promoBanners: 'home-promo-banners',
  promoGrid: 'home-promo-grid',
  strip: 'home-strip',
  homeGardenIntro: 'landing-home-garden-intro',
  professionalIntro: 'landing-professional-intro',
  /** The editors' search synonyms (src/site/editor-synonyms.ts). */
  searchSynonyms: 'search-synonyms',
} as const;

export type ContentSlot = keyof typeof CONTENT_BLOCKS;

/**
 * The active blocks among CONTENT_BLOCKS, by identifier. Magento's answer says no block's store: where a
 * shop with several store views keeps one per view, the first one listed is taken (this shop has one view).
 */
export async function readContentBlocks(config: MagentoClientConfig): Promise<Record<string, ContentBlock>> {
  const query = searchCriteria({
    filters: [
      { field: 'identifier', value: Object.values(CONTENT_BLOCKS).join(','), conditionType: 'in' },
      { field: 'is_active', value: '1' },
    ],
    pageSize: 100,
  });
  const page = await magentoFetch(config, {
    path: `/cmsBlock/search?${query}`,
    schema: magentoCmsBlockSearch,
  });
  const blocks: Record<string, ContentBlock> = {};
  for (const block of page.items) {
    if (block.active === false || blocks[block.identifier]) continue;
    blocks[block.identifier] = { title: block.title ?? '', content: block.content ?? '' };
  }
  return blocks;
}
