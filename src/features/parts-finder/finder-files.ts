/**
 * The fit files the parts finder reads in the browser, each fetched once per page (a failed fetch is tried
 * again at the next need): the models at the first use of the finder, the label numbers only once what is
 * typed looks like one (lookup.ts `looksLikeLabel`).
 */
import { LABELS_FILE, MODELS_FILE, type ModelEntry } from '../../catalogue/fit-files.ts';
import { readLabels, readModels, type LabelEntries } from './finder-data.ts';

async function fetchRead<T>(url: string, read: (value: unknown) => T | undefined): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  const data = read(await response.json());
  if (data === undefined) throw new Error(`${url} is not a fit file of its kind.`);
  return data;
}

function once<T>(url: string, read: (value: unknown) => T | undefined): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= fetchRead(url, read).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export const loadModels: () => Promise<ModelEntry[]> = once(MODELS_FILE, readModels);
export const loadLabels: () => Promise<LabelEntries> = once(LABELS_FILE, readLabels);
