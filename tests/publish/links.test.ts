/**
 * The link check (src/publish/render/links.ts, the pages read by page-links.ts) over small built sites in
 * temporary folders: a planted dead link is found and named, good ones (files, folders' pages, the
 * server's own routes) are not, and a layered build is checked through its layers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/publish/render/build.ts';
import { checkLinks, deadLinkProblems, layeredLocate, layeredPages } from '../../src/publish/render/links.ts';
import { linksOf, pageReader, srcsetUrls } from '../../src/publish/render/page-links.ts';
import { linkCollector } from '../../src/publish/render/site-links.ts';
import { readBuildInfo } from '../../src/publish/releases/build-info.ts';
import { fakeProject } from './support.ts';

const SITE = 'https://shop.example';

const html = (body: string, head = '') =>
  `<!doctype html><html lang="en-GB"><head><title>t</title>${head}</head><body>${body}</body></html>`;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'links-test-'));
  folders.push(root);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  return root;
}

/** Pages every fixture has: home, 404, a listing, the search and account pages the server rewrites to. */
const BASE: Record<string, string> = {
  'index.html': html('<h1>Home</h1>'),
  '404.html': html('<a href="/">Home</a>'),
  'professional/dry-ice-cleaning/index.html': html('<h1>Dry Ice Cleaning</h1><a href="/">Home</a>'),
  'search/index.html': html('<h1>Search</h1>'),
  'customer/manage/index.html': html('<h1>Account</h1>'),
  '_astro/app.abc123.js': 'export {};',
  '_astro/app.abc123.css': 'body{}',
  'favicon.svg': '<svg/>',
  'ib-7-80/index.html': html('<h1>IB 7/80</h1>'),
};

describe('checkLinks', () => {
  it('finds a planted dead link, naming the page and the link, and passes the good ones', async () => {
    const client = site({
      ...BASE,
      'index.html': html(
        [
          '<a href="/professional/dry-ice-cleaning">Dry Ice Cleaning</a>',
          '<a href="/professional/dry-ice-cleaning/">same, with a slash</a>',
          '<a href="/ib-7-80?colour=yellow#specs">product, query and fragment</a>',
          '<a href="/professional/no-such-category">planted</a>',
          '<a href="#main">fragment</a>',
          '<a href="mailto:shop@example.com">mail</a> <a href="tel:+441234">call</a>',
          '<a href="https://elsewhere.example/x">other origin</a>',
          `<a href="${SITE}/ib-7-80">own origin, absolute</a>`,
          '<img src="/img/480/webp/catalog/product/i/b/ib-7-80-1.jpg" alt="" srcset="/img/320/webp/catalog/product/i/b/ib-7-80-1.jpg 320w, /img/640/webp/catalog/product/i/b/ib-7-80-1.jpg 640w">',
          '<picture><source srcset="/missing-1x.webp 1x, /missing-2x.webp 2x"></picture>',
          '<form action="/search" method="get"><input name="q"></form>',
          '<form action="/basket/update" method="post"></form>',
          '<a href="/search/dry%20ice">a search</a> <a href="/customer/manage/addresses">account</a>',
          '<script type="application/json">{"href":"/not-a-link"}</script>',
        ].join(''),
        '<link rel="stylesheet" href="/_astro/app.abc123.css"><script type="module" src="/_astro/app.abc123.js"></script>' +
          `<link rel="icon" href="/favicon.svg"><link rel="canonical" href="${SITE}/">`,
      ),
    });
    const report = await checkLinks(client, { siteUrl: SITE });
    expect(report.dead).toEqual([
      { page: '/', link: '/professional/no-such-category', path: '/professional/no-such-category' },
      { page: '/', link: '/missing-1x.webp', path: '/missing-1x.webp' },
      { page: '/', link: '/missing-2x.webp', path: '/missing-2x.webp' },
    ]);
    expect(report.pages).toBe(6);
    expect(report.links).toBeGreaterThan(15);

    const problems = deadLinkProblems(report);
    expect(problems[0]).toMatch(/^3 links lead nowhere \(3 distinct URLs on 1 page; 6 pages checked\)/);
    expect(problems.slice(1)).toEqual([
      '  / → /professional/no-such-category',
      '  / → /missing-1x.webp',
      '  / → /missing-2x.webp',
    ]);
  });

  it('passes a site whose links all resolve', async () => {
    const client = site({
      ...BASE,
      'index.html': html('<a href="/professional/dry-ice-cleaning">Dry ice</a>'),
    });
    const report = await checkLinks(client);
    expect(report.dead).toEqual([]);
    expect(deadLinkProblems(report)).toEqual([]);
  });

  it('resolves relative links against the page, and refuses what the server refuses', async () => {
    const client = site({
      ...BASE,
      'professional/index.html': html(
        '<a href="professional/dry-ice-cleaning">relative to /professional</a><a href="./nowhere">dead</a>' +
          '<a href="/img/333/webp/catalog/product/a.jpg">a width the image route refuses</a>' +
          '<a href="/professional/dry-ice-cleaning/index.html.br">a sibling</a>',
      ),
    });
    const report = await checkLinks(client);
    expect(report.dead.map((link) => link.path)).toEqual([
      '/nowhere',
      '/img/333/webp/catalog/product/a.jpg',
      '/professional/dry-ice-cleaning/index.html.br',
    ]);
  });

  it('lists at most 20 dead links, each distinct URL first, and the count', () => {
    const dead = Array.from({ length: 30 }, (_, i) => ({
      page: `/p${i}`,
      link: i % 2 ? '/gone' : `/gone-${i}`,
      path: i % 2 ? '/gone' : `/gone-${i}`,
    }));
    const problems = deadLinkProblems({ pages: 100, links: 500, paths: 50, dead, ms: 1 });
    expect(problems[0]).toMatch(/^30 links lead nowhere \(16 distinct URLs on 30 pages; 100 pages checked\)/);
    expect(problems).toHaveLength(22);
    expect(problems.slice(1, 3)).toEqual(['  /p0 → /gone-0', '  /p1 → /gone']);
    expect(problems.at(-1)).toBe('  … and 10 more.');
  });

  it('checks only the pages it is given, against a layered build (a file may be in an older layer)', async () => {
    const base = site({
      ...BASE,
      'index.html': html('<a href="/old-product">old</a>'),
      'old-product/index.html': html('<h1>Old</h1>'),
      'gone-product/index.html': html('<h1>Gone</h1>'),
    });
    const layer = site({
      'professional/index.html': html(
        '<a href="/professional/dry-ice-cleaning">kept below</a><a href="/gone-product">removed</a>' +
          '<a href="/new-product">new</a>',
      ),
      'new-product/index.html': html('<a href="/old-product">below</a>'),
    });
    const layers = { clients: [layer, base], removed: new Set(['gone-product/index.html']) };
    const written = ['professional/index.html', 'new-product/index.html'];
    const report = await checkLinks(layer, { pages: written, locate: layeredLocate(layers) });
    expect(report.pages).toBe(2);
    expect(report.dead).toEqual([{ page: '/professional', link: '/gone-product', path: '/gone-product' }]);

    const whole = await checkLinks(layer, {
      pages: await layeredPages(layers),
      locate: layeredLocate(layers),
    });
    expect(whole.pages).toBe(Object.keys(BASE).filter((file) => file.endsWith('.html')).length + 3);
    expect(whole.dead.map((link) => link.path)).toEqual(['/gone-product']);
  });
});

describe('a build with a dead link', () => {
  it('is refused before it goes live, naming the page and the link, and the count', async () => {
    const project = fakeProject();
    folders.push(project.root);
    await buildSite(project.options);
    const live = readBuildInfo(project.options.distDir);
    // The fake build writes this into product 0's heading (tests/publish/support.ts).
    const dead = buildSite(
      project.withEnv({ FAKE_LEAK: '<a href="/product-9">a product no build has</a>', VERSION: '2' }),
    );
    await expect(dead).rejects.toThrow(
      /failed its checks, so it was not published[^]*1 link leads nowhere \(1 URL on 1 page; 6 pages checked\)[^]*\/product-0 → \/product-9/,
    );
    expect(readBuildInfo(project.options.distDir)).toEqual(live);
  });
});

describe('pageReader', () => {
  const header =
    '<header class="site"><nav><a href="/professional/dry-ice-cleaning">Dry ice</a></nav></header>';
  const pages = [
    html(`${header}<main><a href="/a">a</a></main>`, '<link rel="canonical" href="/one">'),
    html(`${header}<main><a href="/b">b</a><header><a href="/inner">inner</a></header></main>`),
    // The header's text in a script before the real one: not where the parser finds a header tag.
    html(`<script>const x = '${header}';</script>${header}<a href="/c">c</a>`),
    html(`<!-- ${header} -->${header}<a href="/d">d</a>`),
    html(`<header class="other"><a href="/other">other</a></header><a href="/e">e</a>`),
    html(`${header}<a href="/f">f</a>`, '<base href="/shop/">'),
  ];

  it('finds what parsing each whole page finds, the shared header read once', () => {
    const read = pageReader();
    for (const page of pages) {
      const found: string[] = [];
      read(page, (url, base) => found.push(`${url} ${base ?? ''}`));
      expect(found).toEqual(linksOf(page).map((link) => `${link.url} ${link.base ?? ''}`));
    }
  });

  it('names a dead link of the shared header on every page that has it', async () => {
    const client = site({
      'index.html': html(`${header}<a href="/">home</a>`),
      'a/index.html': html(`${header}<a href="/">home</a>`),
      'b/index.html': html(`${header}<a href="/a">a</a>`),
    });
    const report = await checkLinks(client);
    expect(report.dead.map((link) => `${link.page} → ${link.link}`)).toEqual([
      '/a → /professional/dry-ice-cleaning',
      '/b → /professional/dry-ice-cleaning',
      '/ → /professional/dry-ice-cleaning',
    ]);
  });
});

describe('linkCollector', () => {
  it('gathers the same links from a page decoded as UTF-8 (the site pass) as from Latin-1 (read from disk)', () => {
    const header = '<header><a href="/caf\u00e9">Café</a><a href="/">Home</a></header>';
    const pages = {
      'index.html': html(`${header}<a href="ib-7-80?x#y">relative</a>`),
      'ib-7-80/index.html': html(`${header}<a href="/ib-7-80">self</a><a href="mailto:a@b.c">mail</a>`),
    };
    const gather = (latin1: boolean) => {
      const collector = linkCollector(SITE, { latin1 });
      for (const [page, text] of Object.entries(pages))
        collector.add(page, Buffer.from(text).toString(latin1 ? 'latin1' : 'utf8'));
      return collector.siteLinks();
    };
    const links = gather(false);
    expect(gather(true)).toEqual(links);
    // The header's links, read on the first page, are one run for every page after it.
    expect(links.shared).toEqual([[0, 1]]);
    expect(links.targets.slice(0, 2)).toEqual([
      { path: '/caf%C3%A9', url: '/café' },
      { path: '/', url: '/' },
    ]);
    expect(links.pages.map((page) => [page.page, page.links.length, page.count])).toEqual([
      ['ib-7-80/index.html', 2, 3],
      ['index.html', 3, 3],
    ]);
  });
});

describe('linksOf', () => {
  it('reads href, src, srcset, poster, GET form actions, a refresh and Open Graph URLs, not script text', () => {
    const found = linksOf(
      html(
        '<a href="/a">a</a><video poster="/poster.jpg" src="/v.mp4"></video><form action="/search"></form>' +
          '<form method="POST" action="/post"></form><script>const x = "<a href=\\"/no\\">";</script>' +
          '<svg><use xlink:href="/sprite.svg#i"></use></svg><a href="/a&amp;b">entity</a>',
        '<meta http-equiv="refresh" content="0; url=/moved"><meta property="og:image" content="https://shop.example/og.jpg">',
      ),
    ).map((link) => link.url);
    expect(found).toEqual([
      '/moved',
      'https://shop.example/og.jpg',
      '/a',
      '/poster.jpg',
      '/v.mp4',
      '/search',
      '/sprite.svg#i',
      '/a&b',
    ]);
  });

  it('splits srcset into its URLs', () => {
    expect(srcsetUrls('/a.jpg 320w, /b.jpg 640w,/c.jpg')).toEqual(['/a.jpg', '/b.jpg', '/c.jpg']);
    expect(srcsetUrls('  /a.jpg,  /b.jpg 2x ')).toEqual(['/a.jpg', '/b.jpg']);
  });
});
