import { createHash } from 'node:crypto';
import { writeRows } from '../../src/catalogue/rows.ts';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processEnvironment } from '../../src/config/env.ts';
import { readBuildInfo, snapshotHash, whyStale } from '../../src/publish/releases/build-info.ts';
import { BuildError, buildSite, type BuildSiteOptions } from '../../src/publish/render/build.ts';
import { precompressSite } from '../../src/publish/releases/precompress.ts';
import { filler, page } from '../server/helpers.ts';

/**
 * Stands in for `astro build`: writes a small site into `--outDir`, or fails when FAKE_BUILD_FAIL is
 * set. VERSION goes into the home page, so two builds differ.
 */
const FAKE_ASTRO = `
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const out = process.argv[process.argv.indexOf('--outDir') + 1];
if (process.env.FAKE_BUILD_FAIL) { console.error('fake build failed'); process.exit(3); }
const files = {
  'client/index.html': ${JSON.stringify(page('Home', '<script>window.x=1</script>'))}.replace('Home', 'Home ' + process.env.VERSION),
  'client/404.html': ${JSON.stringify(page('Page not found'))},
  'client/_astro/app.abc123.js': 'export const a = ' + JSON.stringify('z'.repeat(4000)) + ';',
  'client/robots.txt': 'User-agent: *',
  'server/entry.mjs': 'export const handler = (req, res, next) => next();',
};
for (const [path, content] of Object.entries(files)) {
  mkdirSync(join(out, path, '..'), { recursive: true });
  writeFileSync(join(out, path), content);
}
`;

let root: string;
let options: BuildSiteOptions;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'storefront-build-'));
  writeFileSync(join(root, 'fake-astro.mjs'), FAKE_ASTRO);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'page.astro'), '---\n---');
  writeRows(join(root, 'catalogue.db'), { readAt: '2026-01-01T00:00:00.000Z', products: [{ sku: '1' }] });
  options = {
    root,
    distDir: join(root, 'dist'),
    snapshotFile: join(root, 'catalogue.db'),
    configHash: 'config-1',
    command: [process.execPath, join(root, 'fake-astro.mjs')],
    env: { ...processEnvironment(), VERSION: '1' },
  };
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildSite', () => {
  it('builds into dist with precompressed text and build-info.json', async () => {
    const info = await buildSite(options);
    const client = join(root, 'dist', 'client');
    expect(readFileSync(join(client, 'index.html'), 'utf8')).toContain('Home 1');
    const html = readFileSync(join(client, 'index.html'));
    expect(brotliDecompressSync(readFileSync(join(client, 'index.html.br'))).equals(html)).toBe(true);
    expect(gunzipSync(readFileSync(join(client, 'index.html.gz'))).equals(html)).toBe(true);
    expect(existsSync(join(client, '_astro/app.abc123.js.br'))).toBe(true);
    expect(existsSync(join(client, 'robots.txt.br'))).toBe(false); // too small to be worth it

    // The file is written before the swap; the build's answer adds how long the swap took.
    const { swap, ...written } = info.timings ?? {};
    expect(readBuildInfo(join(root, 'dist'))).toEqual({ ...info, timings: written });
    expect(swap).toBeGreaterThanOrEqual(0);
    expect(info.pages).toBe(2);
    expect(info.snapshotHash).toBe(snapshotHash(join(root, 'catalogue.db')));
    expect(info.scriptHashes).toEqual([
      `'sha256-${createHash('sha256').update('window.x=1').digest('base64')}'`,
    ]);
    // dist is a link to the build's own folder in dist.builds/
    expect(lstatSync(join(root, 'dist')).isSymbolicLink()).toBe(true);
    expect(readdirSync(join(root, 'dist.builds'))).toEqual([info.id]);
  });

  it('switches dist to a new build and keeps the old one for rollback, reusing unchanged siblings', async () => {
    const first = await buildSite(options);
    const info = await buildSite({ ...options, env: { ...processEnvironment(), VERSION: '2' } });
    expect(readFileSync(join(root, 'dist', 'client', 'index.html'), 'utf8')).toContain('Home 2');
    expect(readFileSync(join(root, 'dist.builds', first.id ?? '', 'client', 'index.html'), 'utf8')).toContain(
      'Home 1',
    );
    expect(info.compression.reused).toBe(2); // 404.html and the script: unchanged
    expect(info.compression.files).toBe(3);
    // The siblings taken are not older than the file, or the server would compress it afresh per request.
    const script = join(root, 'dist', 'client', '_astro/app.abc123.js');
    for (const suffix of ['.br', '.gz'])
      expect(statSync(script + suffix).mtimeMs).toBeGreaterThanOrEqual(statSync(script).mtimeMs);
  });

  it('fails loudly and leaves the live build untouched when the build fails', async () => {
    const live = await buildSite(options);
    const before = readFileSync(join(root, 'dist', 'build-info.json'), 'utf8');
    const failing = buildSite({ ...options, env: { ...processEnvironment(), FAKE_BUILD_FAIL: '1' } });
    await expect(failing).rejects.toBeInstanceOf(BuildError);
    await expect(failing).rejects.toThrow(/exited with 3.*live site .* was kept[^]*fake build failed/);
    expect(readFileSync(join(root, 'dist', 'build-info.json'), 'utf8')).toBe(before);
    expect(readdirSync(join(root, 'dist.builds')).filter((name) => !name.startsWith('.'))).toEqual([live.id]);
  });

  it('fails with a message when the build command cannot start', async () => {
    await expect(buildSite({ ...options, command: [join(root, 'no-such-program')] })).rejects.toThrow(
      /Could not start the site build/,
    );
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });
});

describe('whyStale', () => {
  const input = () => ({
    distDir: join(root, 'dist'),
    snapshotFile: join(root, 'catalogue.db'),
    configHash: 'config-1',
    sources: [join(root, 'src'), join(root, 'astro.config.mjs')],
  });

  it('asks for a build when there is none', () => {
    expect(whyStale(input())).toBe('no previous build');
  });

  it('is fresh after a build, and stale when the catalogue, settings or sources change', async () => {
    await buildSite(options);
    expect(whyStale(input())).toBeUndefined();

    // A sync that read the same catalogue again (only readAt differs) changes nothing.
    writeRows(join(root, 'catalogue.db'), { readAt: '2026-02-02T00:00:00.000Z', products: [{ sku: '1' }] });
    expect(whyStale(input())).toBeUndefined();

    expect(whyStale({ ...input(), configHash: 'config-2' })).toBe('the site settings changed');

    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src', 'page.astro'), later, later);
    expect(whyStale(input())).toMatch(/page\.astro changed$/);

    writeRows(join(root, 'catalogue.db'), {
      readAt: '2026-02-02T00:00:00.000Z',
      products: [{ sku: '1' }, { sku: '2' }],
    });
    expect(whyStale(input())).toBe('the catalogue changed');
  });
});

describe('precompressSite', () => {
  it('writes siblings only for text files worth compressing', async () => {
    const dir = join(root, 'site');
    mkdirSync(join(dir, 'a'), { recursive: true });
    writeFileSync(join(dir, 'a', 'index.html'), page('A'));
    writeFileSync(join(dir, 'data.json'), JSON.stringify({ text: filler('json') }));
    writeFileSync(join(dir, 'tiny.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'photo.jpg'), Buffer.alloc(4096, 7));
    const result = await precompressSite(dir);
    expect(result).toMatchObject({ files: 2, reused: 0, brotliQuality: 11 });
    expect(existsSync(join(dir, 'a', 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'data.json.gz'))).toBe(true);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'photo.jpg.br'))).toBe(false);
  });
});
