/** /search/data/…: every file of the search index (features/search/files.ts), as `indexFiles` lists them. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { indexFiles } from '../../../features/search/build.ts';
import { jsonResponse, siteSearchIndex } from '../_site-index.ts';

export const getStaticPaths = (() =>
  indexFiles(siteSearchIndex()).map(([file, data]) => ({
    params: { file },
    props: { data },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ data: unknown }> = ({ props }) => jsonResponse(props.data);
