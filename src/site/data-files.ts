/**
 * The site's JSON data files (filter indexes, product facts, quick order codes, the search index): each a
 * text written as it is, whose fingerprint (its cache key) is the hash of that text, so a warm rebuild
 * (src/publish/build/warm.ts) rewrites exactly the files whose content changed.
 */
import type { APIRoute } from 'astro';
import { textFingerprint } from './fingerprint.ts';
import { handedOff } from './handoff.ts';

export function dataFile<Params extends Record<string, string>>(params: Params, text: string) {
  return { params, props: { text }, cacheKey: textFingerprint(text) };
}

/**
 * The data files to render of a route whose files are at `/{prefix}{name}`: all of them, unless the warm
 * renderer handed over which (its start renders none: src/site/handoff.ts).
 */
export function dataFilesToRender<File>(
  files: readonly File[],
  path: (file: File) => string,
): readonly File[] {
  const render = handedOff()?.render;
  return render ? files.filter((file) => render.has(path(file).replace(/^\/+/, ''))) : files;
}

export const serveDataFile: APIRoute<{ text: string }> = ({ props }) =>
  new Response(props.text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
