/** /search/data/c/{n}.json: the SKU and model-number terms of one code bucket (features/search/files.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { TermShard } from '../../../../features/search/files.ts';
import { jsonResponse, siteSearchIndex } from '../../_site-index.ts';

export const getStaticPaths = (() =>
  siteSearchIndex().codes.map((bucket, at) => ({
    params: { bucket: String(at) },
    props: { bucket },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ bucket: TermShard }> = ({ props }) => jsonResponse(props.bucket);
