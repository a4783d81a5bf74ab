/** /search/data/core.json: what search loads when the box is focused (features/search/files.ts). */
import type { APIRoute } from 'astro';
import { jsonResponse, siteSearchIndex } from '../_site-index.ts';

export const GET: APIRoute = () => jsonResponse(siteSearchIndex().core);
