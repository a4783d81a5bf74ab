/**
 * What the search index is built from, for this site: the products search covers (visible in search,
 * with a page), the listings in menu order (the "Recommended" order of results and the categories a query
 * can lead to), the attribute metadata and the synonyms (`src/content/search-synonyms.json` and the
 * editors' CMS block), the jobs shoppers name (`src/content/search-jobs.json`), the things the shop does not sell (`src/content/search-not-sold.json`), and the machine models of the fit index (search by fit, issue 39).
 * Shared by the site's index files, the storefront server's no-JavaScript results, the benchmark and the
 * relevance tests, so all of them search the same index.
 */
import jobsFile from '../content/search-jobs.json' with { type: 'json' };
import notSoldFile from '../content/search-not-sold.json' with { type: 'json' };
import synonymsFile from '../content/search-synonyms.json' with { type: 'json' };
import { AUDIENCE_NAMES, AUDIENCE_WORDS } from '../catalogue/categories.ts';
import { fitIndex } from '../catalogue/fits.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { ContentBlock, Product } from '../catalogue/types.ts';
import { jobsSchema, notSoldSchema, type SearchBuildInput } from '../features/search/index.server.ts';
import { compileSynonyms, synonymsSchema, type SynonymTable } from '../features/search/index.ts';
import { parseContent } from '../config/parse-content.ts';
import { allListings, AUDIENCES } from './listings.ts';
import { editorSynonyms } from './editor-synonyms.ts';
import { keptAttributeIndex } from './listing-pages.ts';
import { keyedParts } from '../catalogue/kept-parts.ts';
import type { attributeIndex, AttributeIndex } from '../features/listing/index.ts';

/** Magento's visibility values that include search: 3 "search" and 4 "catalog, search". */
const IN_SEARCH = new Set([3, 4]);

export const searchableProducts = (withPage: readonly Product[]): Product[] =>
  withPage.filter((product) => IN_SEARCH.has(product.visibility));

/**
 * The shipped synonyms, checked (a mistake stops the build naming the file and the field), with the
 * editors' groups from their CMS block (editor-synonyms.ts) added.
 */
export function siteSynonyms(
  blocks: Readonly<Record<string, ContentBlock>> | undefined,
  warn: (message: string) => void,
): SynonymTable {
  const shipped = parseContent(synonymsSchema, synonymsFile, 'src/content/search-synonyms.json');
  return compileSynonyms({
    ...shipped,
    equivalent: [...shipped.equivalent, ...editorSynonyms(blocks, warn)],
  });
}

/** The search results' filters and values, kept across the warm renderer's runs (listing-pages.ts). */
const searchAttributes = keyedParts<string, AttributeIndex>();

/** `keptAttributeIndex` for the one search listing: the part of the last build, kept while it is the same. */
function keptSearchAttributes(...[products, attributes]: Parameters<typeof attributeIndex>): AttributeIndex {
  const kept = keptAttributeIndex(searchAttributes, 'search', JSON.stringify(attributes));
  const part = kept(products, attributes);
  searchAttributes.sweep();
  return part;
}

export function searchBuildInput(
  index: CatalogueIndex,
  routes: { routed: readonly Product[]; hrefBySku: ReadonlyMap<string, string> },
  synonyms: SynonymTable = siteSynonyms(index.catalogue.blocks, console.warn),
): SearchBuildInput {
  const seen = new Set<number>();
  const listings = allListings(index).flatMap((listing) => {
    const id = listing.categoryId;
    if (id === null || seen.has(id)) return [];
    seen.add(id);
    return [
      {
        name: listing.name,
        path: listing.path,
        audience: AUDIENCE_NAMES[listing.audience],
        categoryId: id,
        products: index.byCategory.get(id) ?? [],
      },
    ];
  });
  const audienceRoots = new Set(Object.values(index.catalogue.audiences).map((root) => root.id));
  const categoryNames = new Map(
    [...index.categoriesByPath.values()]
      .filter((category) => !audienceRoots.has(category.id))
      .map((category) => [category.id, category.name]),
  );
  return {
    categoryNames,
    products: searchableProducts(routes.routed),
    hrefBySku: routes.hrefBySku,
    bySku: index.bySku,
    attributes: index.catalogue.attributes,
    attributesOf: keptSearchAttributes,
    listings,
    synonyms,
    jobs: parseContent(jobsSchema, jobsFile, 'src/content/search-jobs.json'),
    notSold: parseContent(notSoldSchema, notSoldFile, 'src/content/search-not-sold.json').notSold,
    // The models with a parts page (something fits them), as the parts pages name them.
    audiences: AUDIENCES.map((audience) => ({
      name: AUDIENCE_NAMES[audience],
      words: AUDIENCE_WORDS[audience],
    })),
    models: fitIndex(index)
      .models.filter((model) => model.parts.length > 0)
      .map((model) => model.name),
  };
}
