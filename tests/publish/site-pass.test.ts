/**
 * The site pass (src/publish/render/site-pass.ts): the secret check, the CSP scan and the precompression of a
 * build's files, started while `astro build` still renders. It must give what the separate whole-folder
 * steps gave, handle a file again when it changed after it was read, never write through a link into the
 * live build, and really run beside the render. It also gathers the pages' links for the link check.
 */
import { writeRows } from '../../src/catalogue/rows.ts';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv, processEnvironment } from '../../src/config/env.ts';
import { pageLineReader } from '../../src/publish/render/astro-run.ts';
import { buildSite } from '../../src/publish/render/build.ts';
import { checkSiteLinks, findSecrets } from '../../src/publish/render/checks.ts';
import { ReuseError } from '../../src/publish/render/errors.ts';
import { pageReuse, reusedPages } from '../../src/publish/render/finish.ts';
import { folderLocate } from '../../src/publish/render/links.ts';
import { scanInlineScripts } from '../../src/publish/render/inline-scripts.ts';
import { precompressSite } from '../../src/publish/releases/precompress.ts';
import { startSitePass } from '../../src/publish/render/site-pass.ts';
import { filler, page } from '../server/helpers.ts';

const SECRET = { name: 'MAGENTO_TOKEN', value: 'very-secret-token-1234' };

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'storefront-site-pass-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function writeSite(dir: string): void {
  mkdirSync(join(dir, 'a'), { recursive: true });
  mkdirSync(join(dir, '_astro'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), page('Home', '<script>window.x=1</script>'));
  writeFileSync(join(dir, 'a', 'index.html'), page('A', '<button onclick="go()">Go</button>'));
  writeFileSync(join(dir, 'data.json'), JSON.stringify({ text: filler('json'), token: SECRET.value }));
  writeFileSync(join(dir, '_astro', 'app.js'), `export const a = ${JSON.stringify('z'.repeat(4000))};`);
  writeFileSync(join(dir, 'tiny.css'), 'body{margin:0}');
}

describe('pageLineReader', () => {
  const read = (lines: string[]) => {
    const written: string[] = [];
    const reader = pageLineReader((file) => written.push(file));
    const finished = lines.reduce((sum, line) => sum + reader.line(line), 0);
    return { written, finished };
  };

  it("reads the files from Astro's finished page lines", () => {
    expect(
      read([
        '16:47:40   ├─ /basket/index.html (+8ms) ',
        '16:47:40   └─ /search/data/d/0.json (+1.20s) ',
        '  ├─ /empty.json (+2ms) (file not created, response body was empty)',
        '16:46:21 [vite] ✓ built in 530ms',
      ]),
    ).toEqual({ written: ['basket/index.html', 'search/data/d/0.json'], finished: 3 });
  });

  it('takes pages rendered side by side (build.concurrency) as finished in the order they started', () => {
    expect(
      read([
        '16:47:40   ├─ /a/index.html16:47:40   ├─ /b/index.html (+5ms) ',
        ' (+6ms) ',
        '   ├─ /c/index.html',
      ]),
    ).toEqual({ written: ['a/index.html', 'b/index.html'], finished: 2 });
  });
});

describe('startSitePass', () => {
  it('finds what the separate secret check, CSP scan and precompression find', async () => {
    const one = join(root, 'one');
    const two = join(root, 'two');
    writeSite(one);
    writeSite(two);
    const pass = startSitePass(one, { secrets: [SECRET] });
    pass.add('index.html');
    pass.add('a/index.html');
    const result = await pass.finish();

    const compression = await precompressSite(two);
    const scan = await scanInlineScripts(two);
    expect(result.compression).toMatchObject({ ...compression, ms: expect.any(Number) });
    expect(result.scriptHashes).toEqual(scan.hashes);
    expect(result.inlineHandlers).toEqual(scan.inlineHandlers);
    expect(result.htmlFiles).toBe(scan.htmlFiles);
    expect(result.secretProblems).toEqual(await findSecrets(two, [SECRET]));
    expect(result.secretProblems).toEqual([
      'data.json contains the value of MAGENTO_TOKEN: a secret must never be in the site.',
    ]);
    for (const file of ['index.html', 'a/index.html', 'data.json', '_astro/app.js'])
      expect(readFileSync(join(one, `${file}.br`)).equals(readFileSync(join(two, `${file}.br`)))).toBe(true);
    expect(existsSync(join(one, 'tiny.css.br'))).toBe(false);
  });

  it('handles a file again when it changed after it was read, without writing into the live build', async () => {
    const live = join(root, 'live');
    const next = join(root, 'next');
    writeSite(live);
    await precompressSite(live);
    const liveSibling = readFileSync(join(live, 'index.html.br'));
    writeSite(next);
    // Enough text for the fast levels to be known at once, so the page is compressed while "Astro runs".
    writeFileSync(join(next, 'big.html'), page('Big', filler('x'.repeat(80_000))));
    const pass = startSitePass(next, { previousClientDir: live, secrets: [] });
    pass.add('big.html');
    pass.add('index.html'); // identical to the live page: its siblings are linked from the live build
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statSync(join(next, 'index.html.br')).ino).toBe(statSync(join(live, 'index.html.br')).ino);

    const changed = page('Home again', '<script>window.y=2</script>');
    writeFileSync(join(next, 'index.html'), changed);
    const result = await pass.finish();
    expect(result.early).toBeGreaterThanOrEqual(1);
    expect(brotliDecompressSync(readFileSync(join(next, 'index.html.br'))).toString()).toBe(changed);
    expect(gunzipSync(readFileSync(join(next, 'index.html.gz'))).toString()).toBe(changed);
    expect(readFileSync(join(live, 'index.html.br')).equals(liveSibling)).toBe(true);
    expect(result.scriptHashes).toHaveLength(1); // the old page's script is gone with it
  });

  it("finds a planted dead link from its own list of the pages' links, naming the page", async () => {
    writeSite(root);
    const links =
      '<a href="/a">A</a><a href="/no-such-page">planted</a><a href="https://shop.example/nowhere">own</a>';
    mkdirSync(join(root, 'b'));
    writeFileSync(join(root, 'b', 'index.html'), page('B', links));
    // A page read, then gone before the build ends: its links go with it.
    mkdirSync(join(root, 'c'));
    writeFileSync(join(root, 'c', 'index.html'), page('C', '<a href="/gone-with-c">gone</a>'));
    const pass = startSitePass(root, { secrets: [], siteUrl: 'https://shop.example' });
    for (const file of ['index.html', 'a/index.html', 'b/index.html', 'c/index.html']) pass.add(file);
    rmSync(join(root, 'c'), { recursive: true });
    const result = await pass.finish();

    // The check is handed the list and how to find a file: it reads no page.
    const { problems, report } = await checkSiteLinks(result.links, (await folderLocate(root)).locate);
    expect(report).toMatchObject({ pages: 3, links: 3, paths: 3 });
    expect(report.dead).toEqual([
      { page: '/b', link: '/no-such-page', path: '/no-such-page' },
      { page: '/b', link: 'https://shop.example/nowhere', path: '/nowhere' },
    ]);
    expect(problems).toEqual([
      '2 links lead nowhere (2 distinct URLs on 1 page; 3 pages checked): every link the site draws must resolve.',
      '  /b → /no-such-page',
      '  /b → https://shop.example/nowhere (/nowhere)',
    ]);
  });

  it('finishes a small site whose pages were reported before the levels were known', async () => {
    writeSite(root);
    const pass = startSitePass(root, { secrets: [] });
    pass.add('index.html');
    pass.add('a/index.html');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const result = await Promise.race([
      pass.finish(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('finish never settled')), 2_000)),
    ]);
    expect(result.htmlFiles).toBe(2);
    expect(gunzipSync(readFileSync(join(root, 'a', 'index.html.gz'))).toString()).toContain('Go');
  });
});

/**
 * A stand-in for `astro build` that prints Astro's page lines and, after the first, waits (up to 10 s)
 * for that page's `.br` sibling before writing the rest: it records whether the sibling came while it ran.
 */
const WAITING_ASTRO = `
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const out = process.argv[process.argv.indexOf('--outDir') + 1];
const client = join(out, 'client');
mkdirSync(join(client, 'first'), { recursive: true });
mkdirSync(join(out, 'server'), { recursive: true });
writeFileSync(join(out, 'server', 'entry.mjs'), 'export {};');
console.log(' prerendering static routes ');
writeFileSync(join(client, 'first', 'index.html'), ${JSON.stringify(page('First', filler('y'.repeat(80_000))))});
console.log('12:00:00   ├─ /first/index.html (+5ms) ');
const started = Date.now();
while (!existsSync(join(client, 'first', 'index.html.br')) && Date.now() - started < 10_000)
  await new Promise((resolve) => setTimeout(resolve, 20));
const early = existsSync(join(client, 'first', 'index.html.br'));
writeFileSync(join(client, 'index.html'), ${JSON.stringify(page('Home'))}.replace('Home', early ? 'early' : 'late'));
console.log('12:00:01   ├─ /index.html (+5ms) ');
writeFileSync(join(client, '404.html'), ${JSON.stringify(page('Page not found'))});
console.log('12:00:01   └─ /404.html (+5ms) ');
`;

describe('buildSite with the site pass', () => {
  it('compresses the pages Astro reports while it still renders', async () => {
    writeFileSync(join(root, 'waiting-astro.mjs'), WAITING_ASTRO);
    writeRows(join(root, 'catalogue.db'), { readAt: '2026-01-01T00:00:00.000Z', products: [{ sku: '1' }] });
    const info = await buildSite({
      root,
      distDir: join(root, 'dist'),
      snapshotFile: join(root, 'catalogue.db'),
      configHash: 'config-1',
      command: [process.execPath, join(root, 'waiting-astro.mjs')],
      env: processEnvironment(),
      smokePages: ['index.html', '404.html'],
      secrets: [],
    });
    const client = join(root, 'dist', 'client');
    expect(readFileSync(join(client, 'index.html'), 'utf8')).toContain('early');
    expect(existsSync(join(client, '404.html.br'))).toBe(true);
    expect(info.pages).toBe(3);
    expect(info.timings).toMatchObject({
      astroRender: expect.any(Number),
      'work.compress': expect.any(Number),
    });
  });
});

describe('loadEnv', () => {
  it('answers for the values it is given, also when it keeps the last parse', () => {
    const first = loadEnv({ SHOP_NAME: 'First shop' });
    first.SHOP_NAME = 'changed by a caller';
    expect(loadEnv({ SHOP_NAME: 'First shop' }).SHOP_NAME).toBe('First shop');
    expect(loadEnv({ SHOP_NAME: 'Second shop' }).SHOP_NAME).toBe('Second shop');
    expect(loadEnv({ SHOP_NAME: 'Second shop', UNRELATED: 'x' }).SHOP_NAME).toBe('Second shop');
    expect(() => loadEnv({ EMBEDDED_MAGENTO_PORT: 'not a port' })).toThrow(/EMBEDDED_MAGENTO_PORT/);
  });
});

describe('pageReuse', () => {
  it('links the unchanged pages from the live build once started, and says which page the live build lacks', async () => {
    const live = join(root, 'live');
    for (const key of ['kept-a', 'kept-b']) {
      mkdirSync(join(live, 'client', key), { recursive: true });
      writeFileSync(join(live, 'client', key, 'index.html'), page(key));
      writeFileSync(join(live, 'client', key, 'index.html.br'), 'br');
    }
    const manifest = {
      version: 1 as const,
      shared: 's',
      pages: { 'kept-a': '1', 'kept-b': '2', changed: '3' },
      rendered: ['changed'],
      partial: true,
    };
    const keys = reusedPages(manifest, live);
    expect(keys).toEqual(['kept-a', 'kept-b']);
    expect(reusedPages({ ...manifest, partial: false }, live)).toEqual([]);

    const next = join(root, 'next');
    mkdirSync(join(next, 'client'), { recursive: true });
    const reuse = pageReuse(live, next, keys);
    reuse.start();
    await reuse.done();
    const linked = join(next, 'client', 'kept-b', 'index.html.br');
    expect(statSync(linked).ino).toBe(statSync(join(live, 'client', 'kept-b', 'index.html.br')).ino);

    const missing = pageReuse(live, join(root, 'other'), ['gone']);
    missing.start();
    await missing.settled(); // a failure waits for done(), it never ends the process
    await expect(missing.done()).rejects.toThrow(ReuseError);
  });
});
