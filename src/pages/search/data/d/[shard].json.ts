/** /search/data/d/{n}.json: the records of a run of products, for suggestions and result cards (features/search/files.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { RecordShard } from '../../../../features/search/files.ts';
import { jsonResponse, siteSearchIndex } from '../../_site-index.ts';

export const getStaticPaths = (() =>
  siteSearchIndex().records.map((records) => ({
    params: { shard: String(records.i) },
    props: { records },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ records: RecordShard }> = ({ props }) => jsonResponse(props.records);
