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

/** What a data file's route hands its `GET`: the object and how it is written. */
export interface DataFileProps {
  readonly data: object;
  readonly format: DataFormat<object>;
}

const fingerprints = keptParts<object, string>();

/**
 * The texts a run made for new fingerprints, until their files are rendered: a file whose fingerprint is
 * new is rendered in the same run, and its text is then taken from here rather than made twice. At most
 * KEPT_CHARS of them (a whole build makes every file's, 50 MB at 10,000 products; the rest are made
 * again), and only for the run (the handoff, site/handoff.ts) that made them: a new object with the live
 * file's text is not rendered, and its text goes with the next run.
 */
const made = {
  run: undefined as object | undefined,
  texts: new Map<object, { readonly format: object; readonly text: string }>(),
  chars: 0,
};
const KEPT_CHARS = 16 * 1024 * 1024;

function textOf<Data extends object>(data: Data, format: DataFormat<Data>): string {
  const run = handedOff();
  if (made.run !== run) Object.assign(made, { run, texts: new Map(), chars: 0 });
  const text = format.text(data);
  if (made.chars + text.length > KEPT_CHARS) return text;
  made.texts.set(data, { format, text });
  made.chars += text.length;
  return text;
}

function takeText<Data extends object>(data: Data, format: DataFormat<Data>): string {
  const kept = made.texts.get(data);
  if (kept?.format !== format) return format.text(data);
  made.texts.delete(data);
  made.chars -= kept.text.length;
  return kept.text;
}

/**
 * The data file of `data`, written in `format` (JSON unless given): its fingerprint is worked out once per
 * data object, so a file whose object a run kept (the search index's unchanged shards, an unchanged
 * category's filter index, an unchanged feed file) is neither written out nor hashed again. Its text is not
 * kept between runs, so no process holds every data file's text (50 MB at 10,000 products).
 */
export function dataFile<Params extends Record<string, string>, Data extends object>(
  params: Params,
  data: Data,
  format: DataFormat<Data> = JSON_FORMAT,
) {
  const cacheKey = fingerprints(data, [format], () => textFingerprint(textOf(data, format)));
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

/** A data file's text when it is rendered: the one its fingerprint was made from, if the run kept it. */
export const dataFileText = ({ data, format }: DataFileProps): string => takeText(data, format);

export const serveDataFile: APIRoute<DataFileProps> = ({ props }) =>
  new Response(dataFileText(props), { headers: { 'Content-Type': props.format.contentType } });
