/** /search/data/names.json: the names the search page matches (see `features/search/search-index.ts`). */
import type { APIRoute } from 'astro';
import { jsonResponse, siteSearchIndex } from '../_site-index.ts';

export const GET: APIRoute = () => jsonResponse(siteSearchIndex().names);
