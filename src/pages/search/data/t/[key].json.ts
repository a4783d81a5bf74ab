/** /search/data/t/{key}.json: the index terms starting with `key` and their postings (features/search/files.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { TermShard } from '../../../../features/search/files.ts';
import { jsonResponse, siteSearchIndex } from '../../_site-index.ts';

export const getStaticPaths = (() =>
  [...siteSearchIndex().terms].map(([key, shard]) => ({
    params: { key },
    props: { shard },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ shard: TermShard }> = ({ props }) => jsonResponse(props.shard);
