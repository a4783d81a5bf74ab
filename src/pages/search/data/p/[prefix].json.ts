/** /search/data/p/{prefix}.json: every product with a word starting with a one- or two-character prefix (features/search/files.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { TermShard } from '../../../../features/search/files.ts';
import { jsonResponse, siteSearchIndex } from '../../_site-index.ts';

export const getStaticPaths = (() =>
  [...siteSearchIndex().prefixes].map(([prefix, postings]) => ({
    params: { prefix },
    props: { postings },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ postings: TermShard }> = ({ props }) => jsonResponse(props.postings);
