/** The search index of this build's catalogue, built once and shared by the index files' endpoints. */
import { catalogueRoutes } from '../../components/catalogue/routes.ts';
import { getCatalogue, type CatalogueIndex } from '../../catalogue/snapshot.ts';
import {
  buildSearchIndex,
  searchableProducts,
  type BuiltSearchIndex,
} from '../../features/search/build-index.ts';

const memo = new WeakMap<CatalogueIndex, BuiltSearchIndex>();

export function siteSearchIndex(catalogue: CatalogueIndex = getCatalogue()): BuiltSearchIndex {
  let built = memo.get(catalogue);
  if (!built) {
    built = buildSearchIndex(searchableProducts(catalogueRoutes(catalogue).routed));
    memo.set(catalogue, built);
  }
  return built;
}

export const jsonResponse = (data: unknown): Response =>
  new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
