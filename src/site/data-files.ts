/**
 * The site's JSON data files (filter indexes, product facts, quick order codes, the search index): each a
 * text written as it is, whose fingerprint (its cache key) is the hash of that text, so a warm rebuild
 * (src/publish/render/warm.ts) rewrites exactly the files whose content changed.
 */
import type { APIRoute } from 'astro';
import { textFingerprint } from './fingerprint.ts';
import { handedOff } from './handoff.ts';
import { keptParts } from '../catalogue/kept-parts.ts';

const serialised = keptParts<object, { readonly text: string; readonly cacheKey: string }>();

/**
 * The data file of `data`: its text and fingerprint are worked out once per data object, so a file whose
 * object a run kept (the search index's unchanged shards, an unchanged category's filter index) is neither
 * serialised nor hashed again.
 */
export function dataFile<Params extends Record<string, string>>(params: Params, data: object) {
  const file = serialised(data, [], () => {
    const text = JSON.stringify(data);
    return { text, cacheKey: textFingerprint(text) };
  });
  return { params, props: { text: file.text }, cacheKey: file.cacheKey };
}

/**
 * The data files to plan of a route: all of them, unless the warm renderer handed over none (its start:
 * src/site/handoff.ts). Each is written only when its text changed.
 */
export function dataFilesToRender<File>(files: readonly File[]): readonly File[] {
  return handedOff()?.data === false ? [] : files;
}

export const serveDataFile: APIRoute<{ text: string }> = ({ props }) =>
  new Response(props.text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
