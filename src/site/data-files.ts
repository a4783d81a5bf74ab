/**
 * The site's JSON data files (filter indexes, product facts, quick order codes, the search index): each a
 * text written as it is, whose fingerprint (its cache key) is the hash of that text, so a warm rebuild
 * (src/publish/render/warm.ts) rewrites exactly the files whose content changed.
 */
import type { APIRoute } from 'astro';
import { textFingerprint } from './fingerprint.ts';
import { handedOff } from './handoff.ts';
import { keptParts } from '../catalogue/kept-parts.ts';

const fingerprints = keptParts<object, string>();

/**
 * The data file of `data`: its fingerprint is worked out once per data object, so a file whose object a
 * run kept (the search index's unchanged shards, an unchanged category's filter index) is neither
 * serialised nor hashed again. Its text is not kept: it is made again when the file is rendered, so no
 * process holds every data file's text between runs (50 MB at 10,000 products).
 */
export function dataFile<Params extends Record<string, string>>(params: Params, data: object) {
  const cacheKey = fingerprints(data, [], () => textFingerprint(JSON.stringify(data)));
  return { params, props: { data }, cacheKey };
}

/**
 * The data files to plan of a route: all of them, unless the warm renderer handed over none (its start:
 * src/site/handoff.ts). Each is written only when its text changed.
 */
export function dataFilesToRender<File>(files: readonly File[]): readonly File[] {
  return handedOff()?.data === false ? [] : files;
}

export const serveDataFile: APIRoute<{ data: object }> = ({ props }) =>
  new Response(JSON.stringify(props.data), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
