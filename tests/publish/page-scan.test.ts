/**
 * The checks a warm run makes of each file it writes, in the thread beside its rendering
 * (src/publish/render/page-scan-thread.ts): the same findings as made in place, a secret named, the CSP's
 * hashes and handlers, the links for the link check, and each run on its own.
 */
import { describe, expect, it } from 'vitest';
import { pageScan } from '../../src/publish/render/page-scan.ts';
import { pageScanThread } from '../../src/publish/render/page-scan-thread.ts';

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

describe('the page scan beside the renderer', () => {
  it('finds in a thread what it finds in place: secrets, inline scripts and handlers, assets and links', async () => {
    const inPlace = pageScan({ secrets, siteUrl: SITE });
    for (const [file, text] of files) inPlace.add(file, encoded(text));
    const thread = pageScanThread();
    const run = thread.begin({ secrets, siteUrl: SITE });
    for (const [file, text] of files) run.add(file, encoded(text));
    const scan = await run.finish();

    expect(scan).toEqual(inPlace.result());
    expect(scan.secretProblems).toEqual([
      'leaky/index.html contains the value of MAGENTO_TOKEN: a secret must never be in the site.',
    ]);
    expect(scan.inlineHandlers).toEqual(['k-5-hose/index.html']);
    expect(scan.scriptHashes).toHaveLength(1);
    expect(scan.assets).toEqual(['/_astro/Base.Ab12.css']);
    expect(scan.htmlFiles).toBe(3);
    expect(scan.links.targets.map((target) => target.path)).toEqual(
      expect.arrayContaining(['/home-garden', '/k-5-hose', '/img/k5.webp', '/img/k5-320.webp', '/gone']),
    );
  });

  it('starts each run afresh: what an earlier run read is not in the next one', async () => {
    const thread = pageScanThread();
    const first = thread.begin({ secrets, siteUrl: SITE });
    first.add('leaky/index.html', encoded(files[2]?.[1] ?? ''));
    expect((await first.finish()).secretProblems).toHaveLength(1);

    const second = thread.begin({ secrets, siteUrl: SITE });
    second.add('k-5/index.html', encoded(files[0]?.[1] ?? ''));
    const scan = await second.finish();
    expect(scan.secretProblems).toEqual([]);
    expect(scan.links.pages.map((links) => links.page)).toEqual(['k-5/index.html']);
  });
});
