/**
 * Typing into the search box as suggest.client.ts does, short of the DOM, for scripts/bench-search.ts: an
 * engine over index files held as text (each parsed on its first read, as a browser parses a cached
 * response), and per keystroke the search, the records of the products shown and the rows' markup.
 *
 * Run as a worker thread (`typingInWorker`), it times keystrokes on a heap of its own: the benchmark's
 * main thread holds the catalogue and the whole built index (half a gigabyte at 100,000 products), whose
 * garbage collections would otherwise land in the figures.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  DESKTOP_ROWS,
  planRows,
  rowsHtml,
  suggestionRows,
} from '../../src/components/search/suggest-list.ts';
import { createSearchEngine, type SearchEngine } from '../../src/features/search/engine.ts';
import { SEARCH_DATA } from '../../src/features/search/files.ts';
import { readerSource } from '../../src/features/search/sources.ts';

/** One timed keystroke: the box's text after it, and the script's time. */
export interface Keystroke {
  text: string;
  ms: number;
}

/** A file's path under /search/data/ from the URL the engine asks for. */
export const pathOf = (url: string): string => url.replace(/\?.*$/, '').slice(SEARCH_DATA.length + 1);

/** An engine over files in memory (path → JSON text); `requested` collects the paths it reads. */
export function engineOver(files: ReadonlyMap<string, string>, requested?: string[]): SearchEngine {
  return createSearchEngine(
    readerSource((url) => {
      const path = pathOf(url);
      requested?.push(path);
      const text = files.get(path);
      return Promise.resolve(text === undefined ? null : (JSON.parse(text) as unknown));
    }),
  );
}

/** What suggest.client.ts does on a keystroke, short of the DOM: search, the shown records, the rows. */
export async function suggest(engine: SearchEngine, text: string, limit = DESKTOP_ROWS): Promise<string> {
  const answer = await engine.search(text, { typing: true, limit });
  const plan = planRows(answer, limit, text);
  const records = await engine.records(answer.ids.slice(0, plan.products));
  return rowsHtml(suggestionRows(text, answer, plan, records), 'bench');
}

/**
 * Types each query one key at a time, `passes` times after one untimed pass (a fresh engine per query, its
 * core read first, as on focus); returns every timed keystroke and the files read.
 */
export async function typeQueries(
  files: ReadonlyMap<string, string>,
  queries: readonly string[],
  passes: number,
): Promise<{ times: Keystroke[]; paths: string[] }> {
  const times: Keystroke[] = [];
  const requested: string[] = [];
  for (let pass = 0; pass <= passes; pass += 1)
    for (const query of queries) {
      const engine = engineOver(files, requested);
      await engine.core();
      for (let length = 1; length <= query.length; length += 1) {
        const text = query.slice(0, length);
        const started = performance.now();
        await suggest(engine, text);
        if (pass > 0) times.push({ text, ms: performance.now() - started });
      }
    }
  return { times, paths: [...new Set(requested)] };
}

interface Job {
  files: [string, string][];
  queries: string[];
  passes: number;
}

/** `typeQueries` in a worker thread, given only the files the queries read. */
export async function typingInWorker(job: Job): Promise<Keystroke[]> {
  const worker = new Worker(new URL(import.meta.url), { workerData: job });
  try {
    return await new Promise<Keystroke[]>((done, failed) => {
      worker.once('message', (times: Keystroke[]) => done(times));
      worker.once('error', failed);
      worker.once('exit', (code) => failed(new Error(`the typing worker exited (${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}

if (!isMainThread && parentPort) {
  const job = workerData as Job;
  const { times } = await typeQueries(new Map(job.files), job.queries, job.passes);
  parentPort.postMessage(times);
}
