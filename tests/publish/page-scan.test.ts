/**
 * A warm run's files, written and checked in the thread beside its rendering
 * (src/publish/render/page-scan-thread.ts): every file on disk when the run's scan is taken, the same
 * findings as made in place (a secret named, the CSP's hashes and handlers, the links for the link
 * check), each run on its own, and a file that cannot be written fails the run.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageScan } from '../../src/publish/render/page-scan.ts';
import { pageScanThread } from '../../src/publish/render/page-scan-thread.ts';
import type { WarmScan } from '../../src/publish/render/warm.ts';

const SITE = 'http://127.0.0.1:4321';
const secrets = [{ name: 'MAGENTO_TOKEN', value: 'tok-3f9a2c1d-secret' }];

const page = (body: string) =>
  `<!doctype html><html><head><link rel="stylesheet" href="/_astro/Base.Ab12.css"></head>` +
  `<body><header><a href="/home-garden">Home &amp; Garden</a></header>${body}</body></html>`;

const files: [string, string][] = [
  [
    'k-5/index.html',
    page('<a href="/k-5-hose">Hose</a><img src="/img/k5.webp" srcset="/img/k5-320.webp 320w">'),
  ],
  ['k-5-hose/index.html', page('<script>window.x=1</script><button onclick="go()">Go</button>')],
  ['leaky/index.html', page('<p>tok-3f9a2c1d-secret</p><a href="/gone">Gone</a>')],
  ['listing-data/12.json', '{"skus":["HG-1"]}'],
];

const encoded = (text: string) => Buffer.from(text, 'utf8');

/** The links a scan gathered for the publisher to check. */
function gathered(scan: WarmScan) {
  if (scan.links.checked) throw new Error('the scan checked its links itself');
  return scan.links.gathered;
}
let client: string;

beforeEach(() => {
  client = mkdtempSync(join(tmpdir(), 'page-scan-'));
});
afterEach(() => rmSync(client, { recursive: true, force: true }));

describe('the page scan beside the renderer', () => {
  it('writes every file and finds what a scan in place finds: secrets, inline scripts and handlers, assets, links', async () => {
    const inPlace = pageScan({ secrets, siteUrl: SITE });
    for (const [file, text] of files) inPlace.add(file, encoded(text));
    const thread = pageScanThread();
    const run = thread.begin({ client, secrets, siteUrl: SITE });
    for (const [file, text] of files) await run.add(file, encoded(text));
    const scan = await run.finish();
    for (const [file, text] of files) expect(readFileSync(join(client, file), 'utf8')).toBe(text);

    expect(scan).toEqual(await inPlace.result());
    expect(scan.secretProblems).toEqual([
      'leaky/index.html contains the value of MAGENTO_TOKEN: a secret must never be in the site.',
    ]);
    expect(scan.inlineHandlers).toEqual(['k-5-hose/index.html']);
    expect(scan.scriptHashes).toHaveLength(1);
    expect(scan.assets).toEqual(['/_astro/Base.Ab12.css']);
    expect(scan.htmlFiles).toBe(3);
    expect(gathered(scan).targets.map((target) => target.path)).toEqual(
      expect.arrayContaining(['/home-garden', '/k-5-hose', '/img/k5.webp', '/img/k5-320.webp', '/gone']),
    );
  });

  it('hashes an inline script and reads a link as the browser reads the page, characters beyond Latin-1 too', async () => {
    const script = "window.say='Dyson’s £5 – off'";
    const link = '/search/café–crème';
    const scan = pageScan({ secrets, siteUrl: SITE });
    scan.add('offer/index.html', encoded(page(`<script>${script}</script><a href="${link}">Offer’s</a>`)));
    const result = await scan.result();

    const utf8 = createHash('sha256').update(Buffer.from(script, 'utf8')).digest('base64');
    expect(result.scriptHashes).toEqual([`'sha256-${utf8}'`]);
    expect(gathered(result).targets.map((target) => target.url)).toContain(link);
  });

  it('starts each run afresh: what an earlier run read is not in the next one', async () => {
    const thread = pageScanThread();
    const first = thread.begin({ client, secrets, siteUrl: SITE });
    await first.add('leaky/index.html', encoded(files[2]?.[1] ?? ''));
    expect((await first.finish()).secretProblems).toHaveLength(1);

    const second = thread.begin({ client, secrets, siteUrl: SITE });
    await second.add('k-5/index.html', encoded(files[0]?.[1] ?? ''));
    const scan = await second.finish();
    expect(scan.secretProblems).toEqual([]);
    expect(gathered(scan).pages.map((links) => links.page)).toEqual(['k-5/index.html']);
  });

  it("checks the links itself when told the build's folders, the bundle's under its own: only the dead ones come back", async () => {
    const bundle = mkdtempSync(join(tmpdir(), 'page-scan-bundle-'));
    try {
      for (const file of ['home-garden', 'img', '_astro']) mkdirSync(join(bundle, file));
      writeFileSync(join(bundle, '_astro', 'Base.Ab12.css'), '');
      writeFileSync(join(bundle, 'home-garden', 'index.html'), page(''));
      for (const image of ['k5.webp', 'k5-320.webp']) writeFileSync(join(bundle, 'img', image), '');
      const run = pageScanThread().begin({ client, secrets, siteUrl: SITE });
      for (const [file, text] of files) await run.add(file, encoded(text));
      const { links } = await run.finish([client, bundle]);

      expect(links.checked).toBe(true);
      if (!links.checked) return;
      expect(links.report.pages).toBe(3);
      expect(links.report.dead).toEqual([{ page: '/leaky', link: '/gone', path: '/gone' }]);
    } finally {
      rmSync(bundle, { recursive: true, force: true });
    }
  });

  it('takes a whole build of pages, waiting for the thread when it falls behind: every page written, none lost', async () => {
    const thread = pageScanThread();
    const run = thread.begin({ client, secrets, siteUrl: SITE });
    const page = files[0]?.[1] ?? '';
    for (let at = 0; at < 400; at += 1) await run.add(`p-${at}/index.html`, encoded(page));
    const scan = await run.finish();
    expect(scan.htmlFiles).toBe(400);
    for (const at of [0, 199, 399])
      expect(readFileSync(join(client, `p-${at}`, 'index.html'), 'utf8')).toBe(page);
  });

  it('fails the run when a file cannot be written, and the next run goes on', async () => {
    const thread = pageScanThread();
    // A file where the page's folder should be.
    writeFileSync(join(client, 'k-5'), 'not a folder');
    const failing = thread.begin({ client, secrets, siteUrl: SITE });
    await failing.add('k-5/index.html', encoded(files[0]?.[1] ?? ''));
    await expect(failing.finish()).rejects.toThrow(/page scan failed/);

    const next = thread.begin({ client, secrets, siteUrl: SITE });
    await next.add('k-5-hose/index.html', encoded(files[1]?.[1] ?? ''));
    expect((await next.finish()).htmlFiles).toBe(1);
  });
});
