/** /search/data/w/{letter}.json: the words starting with `letter`, for correcting typos (features/search/files.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { WordsFile } from '../../../../features/search/files.ts';
import { jsonResponse, siteSearchIndex } from '../../_site-index.ts';

export const getStaticPaths = (() =>
  [...siteSearchIndex().words].map(([letter, words]) => ({
    params: { letter },
    props: { words },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ words: WordsFile }> = ({ props }) => jsonResponse(props.words);
