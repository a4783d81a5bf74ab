/**
 * How a partial build takes the unchanged product and listing pages from the live build: hard links (copies across
 * file systems) to the live build's files, which no build ever writes to again.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SUFFIX } from '../releases/encoding.ts';
import { ReuseError } from './errors.ts';
import { linkFiles } from '../releases/files.ts';
import { locateIn, type Layers } from '../releases/layers.ts';

/**
 * Takes the unchanged pages (with their `.br`/`.gz`) from the live build. The site build starts
 * this while `astro build` still bundles and renders (it writes only the pages that changed, elsewhere):
 * at 50,000 products the links took 4.7 s, most of it creating the pages' folders.
 */
export async function reusePages(live: Layers, client: string, urlKeys: readonly string[]): Promise<void> {
  const names = ['index.html', ...Object.values(SUFFIX).map((suffix) => `index.html${suffix}`)];
  let next = 0;
  const worker = async () => {
    for (let key = urlKeys[next++]; key !== undefined; key = urlKeys[next++]) {
      const page = await locateIn(live, `${key}/index.html`);
      if (!page) throw new ReuseError(`The live build has no page /${key} to reuse; a full build is needed.`);
      const from = dirname(page.path);
      await linkFiles(
        from,
        join(client, key),
        names.filter((name) => existsSync(join(from, name))),
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * Links any hashed asset of the live build the new one lacks (old pages, and browsers holding them, still
 * ask for those), written since `since` (ms; links keep the time a file was first written, so assets
 * carried from build to build age out). After `astro build`, which writes the new build's assets.
 */
export async function reuseAssets(liveClient: string, client: string, since = 0): Promise<void> {
  const liveAssets = join(liveClient, '_astro');
  if (!existsSync(liveAssets)) return;
  const present = new Set(await readdir(join(client, '_astro')).catch(() => []));
  const missing = (await readdir(liveAssets)).filter(
    (name) => !present.has(name) && (since === 0 || statSync(join(liveAssets, name)).mtimeMs >= since),
  );
  await linkFiles(liveAssets, join(client, '_astro'), missing);
}
