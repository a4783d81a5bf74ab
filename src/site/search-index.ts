/** The search index of this build's catalogue (features/search/files.ts), built once and shared by its files' endpoints. */
import { catalogueRoutes } from './routes.ts';
import { searchBuildInput } from './search-input.ts';
import { type CatalogueIndex } from '../catalogue/snapshot.ts';
import { getCatalogue } from './catalogue.ts';
import { searchIndexBuilder, type BuiltSearch } from '../features/search/index.server.ts';

const memo = new WeakMap<CatalogueIndex, BuiltSearch>();
/** One builder for the process: the warm renderer's runs keep the parts of the index that did not change. */
const build = searchIndexBuilder();

export function siteSearchIndex(catalogue: CatalogueIndex = getCatalogue()): BuiltSearch {
  let built = memo.get(catalogue);
  if (!built) {
    built = build(searchBuildInput(catalogue, catalogueRoutes(catalogue)));
    memo.set(catalogue, built);
  }
  return built;
}
