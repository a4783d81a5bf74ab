/**
 * The id of the build `dist` points at, for the `X-Build-Id` header: the `id` in its build-info.json, else
 * the name of the folder in `dist.builds/` the link names. A publish swaps the link at any moment, so the
 * link is followed on every call (one `realpath`, as site-files.ts does for each file) and the build's info
 * read once per build; a build-info.json rewritten in place is read again at most once a second.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { buildInfoPath, readBuildInfo } from '../publish/index.ts';

export function liveBuildId(distDir: string): () => string | undefined {
  const dist = resolve(distDir);
  let current: { target: string; modified: number | undefined; id: string | undefined } | undefined;
  let checkedAt = 0;

  const read = (target: string) => {
    const modified = statSync(buildInfoPath(target), { throwIfNoEntry: false })?.mtimeMs;
    const linked = lstatSync(dist, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    const id = readBuildInfo(target)?.id ?? (linked ? basename(target) : undefined);
    return { target, modified, id };
  };

  return () => {
    let target: string;
    try {
      target = realpathSync(dist);
    } catch {
      return undefined;
    }
    if (current?.target !== target) {
      current = read(target);
      checkedAt = Date.now();
    } else if (Date.now() - checkedAt >= 1000) {
      checkedAt = Date.now();
      const modified = statSync(buildInfoPath(target), { throwIfNoEntry: false })?.mtimeMs;
      if (modified !== current.modified) current = read(target);
    }
    return current.id;
  };
}
