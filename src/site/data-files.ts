/**
 * The site's data files (filter indexes, product facts, quick order codes, the search index: JSON; the
 * shopping feed: XML and text): each a text made from one data object, whose fingerprint (its cache key) is
 * the hash of that text, so a warm rebuild (src/publish/render/warm.ts) rewrites exactly the files whose
 * content changed.
 */
import type { APIRoute } from 'astro';
import { textFingerprint } from './fingerprint.ts';
import { handedOff } from './handoff.ts';
import { keptParts } from '../catalogue/kept-parts.ts';

/**
 * How a data file's object is written: its text, and the content type it is served with. The text must
 * follow from the object alone: it is made once for the fingerprint and again when the file is rendered.
 */
export interface DataFormat<Data extends object> {
  readonly contentType: string;
  text(data: Data): string;
}

/** JSON, the format of every data file that names none. */
export const JSON_FORMAT: DataFormat<object> = {
  contentType: 'application/json; charset=utf-8',
  text: (data) => JSON.stringify(data),
};

const fingerprints = keptParts<object, string>();

/**
 * The data file of `data`, written in `format` (JSON unless given): its fingerprint is worked out once per
 * data object, so a file whose object a run kept (the search index's unchanged shards, an unchanged
 * category's filter index, an unchanged feed file) is neither written out nor hashed again. Its text is not
 * kept: it is made again when the file is rendered, so no process holds every data file's text between
 * runs (50 MB at 10,000 products).
 */
export function dataFile<Params extends Record<string, string>, Data extends object>(
  params: Params,
  data: Data,
  format: DataFormat<Data> = JSON_FORMAT,
) {
  const cacheKey = fingerprints(data, [format], () => textFingerprint(format.text(data)));
  return { params, props: { data, format }, cacheKey };
}

/** Whether this build plans the data files: unless the warm renderer handed over none (handoff.ts). */
export const dataFilesPlanned = (): boolean => handedOff()?.data !== false;

/**
 * The data files to plan of a route: all of them, unless none are planned. Each is written only when its
 * text changed.
 */
export function dataFilesToRender<File>(files: readonly File[]): readonly File[] {
  return dataFilesPlanned() ? files : [];
}

export const serveDataFile: APIRoute<{ data: object; format: DataFormat<object> }> = ({ props }) =>
  new Response(props.format.text(props.data), { headers: { 'Content-Type': props.format.contentType } });
