/**
 * The files of a site pass (site-pass.ts): what it knows of each file waiting or done, the listing of a
 * folder's text files, and the pass's answer summed over every file done.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { textFiles } from '../releases/content-types.ts';
import type { Levels } from '../releases/encoding.ts';
import type { PrecompressResult } from '../releases/precompress.ts';
import type { SiteLinks } from './site-links.ts';

/** What a site pass found and did, over every file of the folder. */
export interface SitePassResult {
  readonly compression: PrecompressResult;
  /** Every distinct inline-script hash of the pages, sorted. */
  readonly scriptHashes: string[];
  /** HTML files (relative) with inline event-handler attributes, which the CSP blocks. */
  readonly inlineHandlers: string[];
  readonly htmlFiles: number;
  /** Files that contain a secret, as sentences (relative to `client/`). */
  readonly secretProblems: string[];
  /** The links of the pages, as they are in the folder now, for the link check (links.ts). */
  readonly links: SiteLinks;
  /** Time spent on each kind of work, summed over files (it overlaps Astro's render and itself). */
  readonly workMs: {
    readonly read: number;
    readonly secrets: number;
    readonly scan: number;
    readonly links: number;
    readonly compress: number;
  };
  /** Files handled while Astro was still rendering. */
  readonly early: number;
}

/** What was done with one file, kept so `finish` knows whether the file changed after it was read. */
export interface Done {
  readonly size: number;
  readonly mtimeMs: number;
  readonly compressed: boolean;
  readonly reused: boolean;
  readonly brotliBytes: number;
  readonly hashes: readonly string[];
  readonly inlineHandler: boolean;
  readonly problems: readonly string[];
}

export interface Waiting {
  readonly relative: string;
  readonly size: number;
  readonly mtimeMs: number;
}

export const statOf = (file: string) => stat(file).catch(() => undefined);

/** Every text file under `dir` with its size and modification time, by relative path (stat 16 at a time). */
export async function listFiles(dir: string, skip?: ReadonlySet<string>): Promise<Map<string, Waiting>> {
  const paths: string[] = [];
  for await (const relative of textFiles(dir, skip)) paths.push(relative);
  const files = new Map<string, Waiting>();
  let next = 0;
  const worker = async () => {
    for (let relative = paths[next++]; relative !== undefined; relative = paths[next++]) {
      const stats = await statOf(join(dir, relative));
      if (stats?.isFile()) files.set(relative, { relative, size: stats.size, mtimeMs: stats.mtimeMs });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return files;
}

export function summarise(
  done: ReadonlyMap<string, Done>,
  context: {
    readonly bulk: Levels;
    readonly bytes: number;
    readonly workMs: SitePassResult['workMs'];
    readonly early: number;
    readonly started: number;
  },
): Omit<SitePassResult, 'links'> {
  const hashes = new Set<string>();
  const inlineHandlers: string[] = [];
  const secretProblems: string[] = [];
  let htmlFiles = 0;
  let files = 0;
  let reused = 0;
  let brotliBytes = 0;
  for (const [relative, file] of done) {
    file.hashes.forEach((hash) => hashes.add(hash));
    if (file.inlineHandler) inlineHandlers.push(relative);
    secretProblems.push(...file.problems);
    if (relative.endsWith('.html')) htmlFiles += 1;
    if (!file.compressed) continue;
    files += 1;
    if (file.reused) reused += 1;
    brotliBytes += file.brotliBytes;
  }
  const round = (ms: number) => Math.round(ms);
  return {
    compression: {
      files,
      reused,
      brotliQuality: context.bulk.brotli,
      bytes: context.bytes,
      brotliBytes,
      ms: round(performance.now() - context.started),
    },
    scriptHashes: [...hashes].sort(),
    inlineHandlers: inlineHandlers.sort(),
    htmlFiles,
    secretProblems: secretProblems.sort(),
    workMs: {
      read: round(context.workMs.read),
      secrets: round(context.workMs.secrets),
      scan: round(context.workMs.scan),
      links: round(context.workMs.links),
      compress: round(context.workMs.compress),
    },
    early: context.early,
  };
}
