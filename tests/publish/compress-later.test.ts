/**
 * Siblings made after a build is live (src/publish/releases/compress-later.ts), while builds are pruned:
 * a run's files get their siblings in the newest build holding them, an older build removed meanwhile is
 * neither an error nor written into again (issue 51: "old builds could not be removed: ENOTEMPTY"), and
 * nothing is compressed while a sync or a run is under way.
 */
import { existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressBuild, siblingsLater } from '../../src/publish/releases/compress-later.ts';
import { FAST_BUILD_LEVELS } from '../../src/publish/releases/encoding.ts';

const levels = FAST_BUILD_LEVELS;
const page = (n: number) => `<!doctype html><title>Page ${n}</title>${'<p>A pressure washer. '.repeat(200)}`;
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'compress-later-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function build(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'client', file)), { recursive: true });
    writeFileSync(join(dir, 'client', file), text);
  }
  return dir;
}

const siblingsOf = (dir: string, file: string) =>
  ['.br', '.gz'].filter((suffix) => existsSync(join(dir, 'client', file + suffix)));

describe('siblings made after a build is live', () => {
  it("go to the newest build holding a run's files, and a build pruned meanwhile is left alone", async () => {
    let open: () => void = () => undefined;
    let busy = true;
    const quiet = () => (busy ? new Promise<void>((resolve) => (open = resolve)) : Promise.resolve());
    const logged: string[] = [];
    const later = siblingsLater(quiet, (line) => logged.push(line));

    const first = build('b1', { 'a/index.html': page(1), 'b/index.html': page(2) });
    later.add({ dir: first, levels }, ['a/index.html', 'b/index.html']);
    // The next run: b rewritten, a carried over as a hard link, then the first build pruned.
    const second = build('b2', { 'b/index.html': page(3) });
    mkdirSync(join(second, 'client', 'a'), { recursive: true });
    linkSync(join(first, 'client', 'a/index.html'), join(second, 'client', 'a/index.html'));
    later.add({ dir: second, levels }, ['b/index.html']);
    rmSync(first, { recursive: true, force: true });
    expect(siblingsOf(second, 'a/index.html')).toEqual([]);

    busy = false;
    open();
    await later.idle();
    expect(siblingsOf(second, 'a/index.html')).toEqual(['.br', '.gz']);
    expect(siblingsOf(second, 'b/index.html')).toEqual(['.br', '.gz']);
    expect(existsSync(first)).toBe(false);
    expect(logged).toEqual([]);
  });

  it('of a whole build, stop quietly when the build is pruned half-way, and skip files that have them', async () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, n) => [`p${n}/index.html`, page(n)]));
    const dir = build('whole', files);
    expect(await compressBuild({ dir, levels }, async () => undefined)).toBe(6);
    expect(await compressBuild({ dir, levels }, async () => undefined)).toBe(0);

    const other = build('pruned', files);
    let asked = 0;
    const pruneOnThird = async () => {
      if (++asked === 3) rmSync(other, { recursive: true, force: true });
    };
    expect(await compressBuild({ dir: other, levels }, pruneOnThird)).toBe(2);
  });
});
