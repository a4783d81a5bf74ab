/** /search/data/{n}.json: the card details of one run of results (see `features/search/search-index.ts`). */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { SearchShard } from '../../../features/search/search-index.ts';
import { jsonResponse, siteSearchIndex } from '../_site-index.ts';

export const getStaticPaths = (() =>
  siteSearchIndex().shards.map((shard) => ({
    params: { shard: String(shard.i) },
    props: { shard },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ shard: SearchShard }> = ({ props }) => jsonResponse(props.shard);
