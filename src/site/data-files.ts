/**
 * The site's JSON data files (filter indexes, product facts, quick order codes, the search index): each a
 * text written as it is, whose fingerprint (its cache key) is the hash of that text, so a warm rebuild
 * (src/publish/build/warm.ts) rewrites exactly the files whose content changed.
 */
import type { APIRoute } from 'astro';
import { textFingerprint } from './fingerprint.ts';

export function dataFile<Params extends Record<string, string>>(params: Params, text: string) {
  return { params, props: { text }, cacheKey: textFingerprint(text) };
}

export const serveDataFile: APIRoute<{ text: string }> = ({ props }) =>
  new Response(props.text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
