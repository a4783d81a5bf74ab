/**
 * A build is whole (every file of the site in its `client/`) or, made by the warm renderer, a layer: the
 * files that changed since a whole build, in its `client/`, over that whole build, which it links as
 * `base` (and its `server` as `server`), minus the files it removed (`removed` in its build-info.json).
 * A warm build so costs what changed, not what the catalogue holds: no folder of unchanged pages is
 * recreated. Everything that reads a served file finds it through `locate`.
 */
import { realpathSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readBuildInfo } from './build-info.ts';

/** The link in a layered build to the whole build underneath. */
export const BASE_LINK = 'base';

export interface Layers {
  /** The client folders to look in, top first. */
  readonly clients: readonly string[];
  /** Files (relative to `client/`) the top layer removed from the one underneath. */
  readonly removed: ReadonlySet<string>;
}

/** The layers of the build in `buildDir` (`dist`, or a folder in `dist.builds/`). */
export function layersOf(buildDir: string): Layers {
  const info = readBuildInfo(buildDir);
  const clients = [join(buildDir, 'client')];
  if (info?.base) clients.push(join(buildDir, BASE_LINK, 'client'));
  return { clients, removed: new Set(info?.removed ?? []) };
}

const fileStats = (path: string): Promise<Stats | undefined> =>
  stat(path).then(
    (stats) => (stats.isFile() ? stats : undefined),
    () => undefined,
  );

/** The file `relative` (to `client/`, `/`-separated) in these layers: its path and stats, or undefined. */
export async function locateIn(
  layers: Layers,
  relative: string,
): Promise<{ path: string; stats: Stats } | undefined> {
  for (const [depth, client] of layers.clients.entries()) {
    if (depth > 0 && layers.removed.has(relative)) return undefined;
    const path = join(client, relative);
    const stats = await fileStats(path);
    if (stats) return { path, stats };
  }
  return undefined;
}

/**
 * The layers of whatever build `dist` points at now, read again only when it points elsewhere: the
 * server asks on every request, and a publish swaps the link at any moment.
 */
export function liveLayers(distDir: string): () => Layers {
  let current: { target: string; layers: Layers } | undefined;
  return () => {
    let target: string;
    try {
      target = realpathSync(distDir);
    } catch {
      return { clients: [join(distDir, 'client')], removed: new Set() };
    }
    if (current?.target !== target) current = { target, layers: layersOf(target) };
    return current.layers;
  };
}
