/**
 * What a publish changed, for the CDN's purge: the files (relative to `client/`) whose answer may differ
 * between the previous live build and the new one, or `all` when that cannot be told cheaply. A warm build
 * is a layer over a whole build (layers.ts); when the previous build was that whole build or another layer
 * over it, only files in either layer, or removed by either, can differ. Anything else (a full or partial
 * build, a new base) changed every file as far as a cache can know.
 */
import { readdirSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readBuildInfo } from './build-info.ts';
import { BASE_LINK } from './layers.ts';

/** Precompressed siblings stand for the file they compress: a purge addresses the URL, not the encoding. */
const SIBLING = /\.(br|gz)$/;

function filesOf(client: string): string[] {
  let entries;
  try {
    entries = readdirSync(client, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return (
    entries
      // A sibling being written (`.x.br.tmp`) is no file of the site.
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && !entry.name.endsWith('.tmp'))
      .map((entry) => relative(client, join(entry.parentPath, entry.name)).split('\\').join('/'))
      .map((path) => path.replace(SIBLING, ''))
  );
}

/** The whole build `buildDir` stands on: itself when whole, else the build its `base` link names. */
function wholeBuildOf(buildDir: string): string {
  return readBuildInfo(buildDir)?.base ? realpathSync(join(buildDir, BASE_LINK)) : realpathSync(buildDir);
}

/** The files a layer holds or removes over its base; none for a whole build. */
function layerPaths(buildDir: string): string[] {
  const info = readBuildInfo(buildDir);
  if (!info?.base) return [];
  return [...filesOf(join(buildDir, 'client')), ...(info.removed ?? [])];
}

export function changedFiles(previousDir: string | undefined, nextDir: string): readonly string[] | 'all' {
  if (!previousDir) return 'all';
  try {
    if (!readBuildInfo(nextDir)?.base || wholeBuildOf(previousDir) !== wholeBuildOf(nextDir)) return 'all';
    return [...new Set([...layerPaths(previousDir), ...layerPaths(nextDir)])].sort();
  } catch {
    return 'all';
  }
}
