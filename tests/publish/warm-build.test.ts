/**
 * Warm builds, with a stand-in for the warm renderer (the real one runs in tests/publish/site.test.ts):
 * a warm build holds only what the renderer wrote, as a layer over the live build, served through it;
 * a change to the site's code makes a full build, never a warm one; a renderer that fails half-way leaves
 * the live site as it was; saves that arrive during a run all reach the next one.
 */
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSite, BuildError } from '../../src/publish/render/build.ts';
import { COMPACT_AFTER_FILES } from '../../src/publish/render/warm-build.ts';
import type { WarmRendererClient } from '../../src/publish/render/warm-client.ts';
import type { WarmJob, WarmOutcome } from '../../src/publish/render/warm.ts';
import { PAGES_MANIFEST_FILE, readPagesManifest } from '../../src/publish/plan/plan-files.ts';
import { defaultSources } from '../../src/publish/plan/render-plan.ts';
import { createRebuilder, type RunContext } from '../../src/publish/rebuild/rebuilder.ts';
import { readBuildInfo, sourceHash } from '../../src/publish/releases/build-info.ts';
import { layersOf, locateIn } from '../../src/publish/releases/layers.ts';
import { linkCollector, NO_LINKS } from '../../src/publish/render/site-links.ts';
import { fakeProject, type FakeProject } from './support.ts';

let project: FakeProject;

beforeEach(() => {
  project = fakeProject();
});
afterEach(() => rmSync(project.root, { recursive: true, force: true }));

/** The fake site's pages with a fingerprint each, as a real build's `pages.json` records them. */
function recordFingerprints(keys: Record<string, string>): void {
  const manifest = { version: 1, shared: 's', pages: keys, rendered: [], partial: false };
  writeFileSync(join(project.root, 'dist', PAGES_MANIFEST_FILE), JSON.stringify(manifest));
}

/** The outcome with the links of the pages it wrote, as the real renderer reads them while it renders. */
function withLinks(job: WarmJob, result: WarmOutcome): WarmOutcome {
  const links = linkCollector(job.shop.siteUrl);
  for (const file of result.written.filter((written) => written.endsWith('.html')))
    links.add(file, readFileSync(join(job.dir, 'client', file), 'utf8'));
  return { ...result, scan: { ...result.scan, links: { checked: false, gathered: links.siteLinks() } } };
}

/** What a stand-in run says it came to: its outcome, and the fingerprints it records as the renderer does. */
type StandInRun = WarmOutcome & { readonly keys: Record<string, string> };

/**
 * A stand-in renderer made from the project's sources as they are now, rendering what `render` says and,
 * as the real one does, writing the new build's `pages.json` beside the files.
 */
function renderer(render: (job: WarmJob) => Promise<StandInRun>, hash?: string) {
  const jobs: WarmJob[] = [];
  const client: WarmRendererClient = {
    sourceHash: hash ?? sourceHash(defaultSources(project.root)),
    starting: false,
    bundle: undefined,
    start: async () => undefined,
    sync: () => Promise.reject(new Error('not in these tests')),
    flush: async () => undefined,
    compressLater: () => undefined,
    lostSync: false,
    run: async (job) => {
      jobs.push(job);
      const { keys, ...result } = await render(job);
      const manifest = {
        version: 1,
        shared: 's',
        pages: keys,
        rendered: [],
        partial: job.live !== undefined,
      };
      mkdirSync(job.dir, { recursive: true });
      writeFileSync(join(job.dir, PAGES_MANIFEST_FILE), JSON.stringify(manifest));
      return withLinks(job, result);
    },
    close: () => undefined,
  };
  return { client, jobs };
}

const outcome = (written: string[], keys: Record<string, string>, removed: string[] = []): StandInRun => ({
  keys,
  written,
  smokePages: ['index.html', '404.html'],
  removed,
  paths: Object.keys(keys).length,
  prices: { total: 0, upcoming: [] },
  scan: {
    scriptHashes: [],
    secretProblems: [],
    inlineHandlers: [],
    assets: [],
    htmlFiles: written.filter((file) => file.endsWith('.html')).length,
    links: { checked: false, gathered: NO_LINKS },
  },
  planMs: 1,
  renderMs: 1,
});

function write(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, 'client', file)), { recursive: true });
  writeFileSync(join(dir, 'client', file), text);
}

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${title}</body></html>`;

const served = async (file: string): Promise<string | undefined> => {
  const found = await locateIn(layersOf(realpathSync(join(project.root, 'dist'))), file);
  return found && readFileSync(found.path, 'utf8');
};

describe('a warm build', () => {
  it('holds only the pages whose fingerprint changed, over the live build, and serves the rest from it', async () => {
    const whole = await buildSite(project.options);
    recordFingerprints({ 'product-0': 'a0', 'product-1': 'a1', 'product-2': 'a2', 'product-3': 'a3' });
    const { client, jobs } = renderer(async (job) => {
      // The renderer is told the live build, reads its fingerprints and writes what differs: product-1's
      // price changed.
      const live = readPagesManifest(join(job.live ?? '', PAGES_MANIFEST_FILE));
      expect(live?.pages).toMatchObject({ 'product-1': 'a1' });
      write(job.dir, 'product-1/index.html', page('Product 1 at £99'));
      return outcome(
        ['product-1/index.html'],
        {
          'product-0': 'a0',
          'product-1': 'b1',
          'product-2': 'a2',
        },
        ['product-3/index.html'],
      );
    });
    const info = await buildSite({ ...project.options, warm: client });

    expect(jobs).toHaveLength(1);
    expect(info).toMatchObject({ mode: 'warm', base: whole.id, removed: ['product-3/index.html'] });
    expect(await served('product-1/index.html')).toContain('£99');
    expect(await served('product-0/index.html')).toContain('Product 0');
    expect(await served('product-3/index.html')).toBeUndefined();
    expect(info.pages).toBe(whole.pages - 1);
    // The layer is the rendered page and nothing else of the site's.
    const layer = realpathSync(join(project.root, 'dist'));
    expect(readFileSync(join(layer, 'client', 'product-1', 'index.html'), 'utf8')).toContain('£99');
    expect(() => readFileSync(join(layer, 'client', 'product-0', 'index.html'))).toThrow();
    expect(JSON.parse(readFileSync(join(layer, PAGES_MANIFEST_FILE), 'utf8')).pages).toEqual({
      'product-0': 'a0',
      'product-1': 'b1',
      'product-2': 'a2',
    });

    // The next warm build carries the live layer's page over, over the same whole build.
    const second = renderer(async (job) => {
      write(job.dir, 'product-2/index.html', page('Product 2 at £5'));
      return outcome(['product-2/index.html'], { 'product-0': 'a0', 'product-1': 'b1', 'product-2': 'b2' });
    });
    const next = await buildSite({ ...project.options, warm: second.client });
    expect(next).toMatchObject({ mode: 'warm', base: whole.id });
    expect(await served('product-1/index.html')).toContain('£99');
    expect(await served('product-2/index.html')).toContain('£5');
    expect(await served('product-3/index.html')).toBeUndefined();
  });

  it('is refused when a page it wrote links to a page the new build does not have, and the live site stays', async () => {
    const whole = await buildSite(project.options);
    recordFingerprints({ 'product-0': 'a0', 'product-1': 'a1', 'product-3': 'a3' });
    const linking = (target: string) =>
      `<!doctype html><html><head><title>P1</title></head><body><a href="/${target}">x</a></body></html>`;
    // product-1 links to product-0 (still there) and is fine; then to product-3, which this run removes.
    const fine = renderer(async (job) => {
      write(job.dir, 'product-1/index.html', linking('product-0'));
      return outcome(['product-1/index.html'], { 'product-0': 'a0', 'product-1': 'b1', 'product-3': 'a3' });
    });
    expect(await buildSite({ ...project.options, warm: fine.client })).toMatchObject({ mode: 'warm' });
    const dead = renderer(async (job) => {
      write(job.dir, 'product-1/index.html', linking('product-3'));
      return outcome(['product-1/index.html'], { 'product-0': 'a0', 'product-1': 'c1' }, [
        'product-3/index.html',
      ]);
    });
    const refused = buildSite({ ...project.options, warm: dead.client });
    await expect(refused).rejects.toThrow(BuildError);
    await expect(refused).rejects.toThrow('/product-3');
    expect(readBuildInfo(join(project.root, 'dist'))?.base).toBe(whole.id);
    expect(await served('product-3/index.html')).toContain('Product 3');
  });

  it('folds a layer grown past COMPACT_AFTER_FILES into a whole build', async () => {
    const whole = await buildSite(project.options);
    recordFingerprints({ 'product-0': 'a0' });
    const many = Array.from({ length: COMPACT_AFTER_FILES + 1 }, (_, at) => `data/${at}.json`);
    const big = renderer(async (job) => {
      for (const file of many) write(job.dir, file, `{"n":${file.length}}`);
      return outcome(many, { 'product-0': 'a0' }, ['product-3/index.html']);
    });
    expect(await buildSite({ ...project.options, warm: big.client })).toMatchObject({ base: whole.id });
    const next = renderer(async (job) => {
      write(job.dir, 'product-0/index.html', page('Product 0 at £7'));
      return outcome(['product-0/index.html'], { 'product-0': 'b0' });
    });
    const folded = await buildSite({ ...project.options, warm: next.client });
    expect(folded.base).toBeUndefined();
    const dir = realpathSync(join(project.root, 'dist'));
    expect(readFileSync(join(dir, 'client', 'product-0', 'index.html'), 'utf8')).toContain('£7');
    expect(readFileSync(join(dir, 'client', 'product-1', 'index.html'), 'utf8')).toContain('Product 1');
    expect(readFileSync(join(dir, 'client', 'data', '7.json'), 'utf8')).toBe('{"n":11}');
    expect(() => readFileSync(join(dir, 'client', 'product-3', 'index.html'))).toThrow();
    expect(readFileSync(join(dir, 'server', 'entry.mjs'), 'utf8')).toContain('handler');
    expect(await served('index.html')).toContain('Home 1');
  });

  it('carries no compressed sibling of a page it rewrote, from the live layer or from the base', async () => {
    await buildSite(project.options);
    recordFingerprints({ 'product-1': 'a1' });
    const first = renderer(async (job) => {
      write(job.dir, 'product-1/index.html', page('Product 1 at £99'));
      // As the renderer's process compresses a page once its build is live.
      write(job.dir, 'product-1/index.html.br', 'old brotli');
      return outcome(['product-1/index.html'], { 'product-1': 'b1' });
    });
    await buildSite({ ...project.options, warm: first.client });
    const second = renderer(async (job) => {
      write(job.dir, 'product-1/index.html', page('Product 1 at £98'));
      return outcome(['product-1/index.html'], { 'product-1': 'c1' });
    });
    await buildSite({ ...project.options, warm: second.client });
    const layer = join(realpathSync(join(project.root, 'dist')), 'client', 'product-1');
    expect(readFileSync(join(layer, 'index.html'), 'utf8')).toContain('£98');
    // The base's .br of the page sits beside the base's own file, never beside the layer's.
    expect(() => readFileSync(join(layer, 'index.html.br'))).toThrow();
    expect(() => readFileSync(join(layer, 'index.html.gz'))).toThrow();
  });

  it('whose renderer fails leaves the work to astro build, in a folder of its own', async () => {
    await buildSite(project.options);
    recordFingerprints({ 'product-0': 'a0' });
    let warmDir = '';
    const crashing = renderer(async (job) => {
      warmDir = job.dir;
      write(job.dir, 'product-0/index.html', page('half a page'));
      throw new Error('the renderer process died');
    });
    const info = await buildSite({ ...project.withEnv({ VERSION: '2' }), warm: crashing.client });
    expect(info.mode).not.toBe('warm');
    expect(join(realpathSync(project.root), 'dist.builds', info.id ?? '')).not.toBe(warmDir);
    expect(() => readFileSync(join(warmDir, 'client', 'product-0', 'index.html'))).toThrow();
    expect(await served('index.html')).toContain('Home 2');
    expect(await served('product-0/index.html')).toContain('Product 0');
  });

  it('is not made when the site code changed since the live build: that build renders everything', async () => {
    await buildSite(project.options);
    recordFingerprints({ 'product-0': 'a0' });
    const stale = renderer(
      () => Promise.reject(new Error('must not render')),
      sourceHash(defaultSources(project.root)),
    );
    writeFileSync(join(project.root, 'src', 'page.css'), 'h1 { color: red }');
    const info = await buildSite({ ...project.options, warm: stale.client });
    expect(stale.jobs).toHaveLength(0);
    expect(info).toMatchObject({ mode: 'full', fullBecause: 'the site sources changed' });
    expect(info.rendered).toBe(info.pages);
  });

  it('is refused when the renderer found a secret in a page it wrote, and the live site is kept', async () => {
    const live = await buildSite(project.options);
    recordFingerprints({ 'product-0': 'a0' });
    const leaking = renderer(async (job) => {
      write(job.dir, 'product-0/index.html', page('Product 0'));
      return {
        ...outcome(['product-0/index.html'], { 'product-0': 'b0' }),
        scan: {
          scriptHashes: [],
          secretProblems: ['product-0/index.html contains the value of MAGENTO_TOKEN'],
          inlineHandlers: [],
          assets: [],
          htmlFiles: 1,
          links: { checked: false, gathered: NO_LINKS },
        },
      };
    });
    // The renderer is handed the values to look for.
    const refused = buildSite({ ...project.options, warm: leaking.client });
    await expect(refused).rejects.toThrow(
      /client\/product-0\/index.html contains the value of MAGENTO_TOKEN/,
    );
    expect(leaking.jobs[0]?.secrets).toEqual(project.options.secrets);
    expect(realpathSync(join(project.root, 'dist'))).toBe(
      join(realpathSync(project.root), 'dist.builds', live.id ?? ''),
    );
  });

  it('that fails half-way leaves the live site as it was', async () => {
    const live = await buildSite(project.options);
    recordFingerprints({ 'product-0': 'a0' });
    const before = readFileSync(join(project.root, 'dist', 'build-info.json'), 'utf8');
    const crashing = renderer(async (job) => {
      write(job.dir, 'product-0/index.html', page('half a page'));
      throw new Error('the renderer process died');
    });
    // The run falls back to astro build, which fails here too: nothing may change.
    const failing = buildSite({
      ...project.withEnv({ FAKE_BUILD_FAIL: 'also down' }),
      warm: crashing.client,
    });
    await expect(failing).rejects.toBeInstanceOf(BuildError);
    expect(crashing.jobs).toHaveLength(1);
    expect(readFileSync(join(project.root, 'dist', 'build-info.json'), 'utf8')).toBe(before);
    expect(realpathSync(join(project.root, 'dist'))).toBe(
      join(realpathSync(project.root), 'dist.builds', live.id ?? ''),
    );
    expect(await served('product-0/index.html')).toContain('Product 0');
    expect(readBuildInfo(join(project.root, 'dist'))?.mode).toBe('full');
  });
});

describe('saves during a run', () => {
  it('are batched into the next run, every product named, none lost and none waiting behind two runs', async () => {
    const runs: RunContext[] = [];
    let release: () => void = () => undefined;
    const rebuilder = createRebuilder({
      debounceMs: 0,
      task: async (context) => {
        runs.push(context);
        if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return { outcome: 'unchanged' };
      },
    });
    const first = rebuilder.trigger('product A saved', { skus: ['A'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toHaveLength(1);
    const during = ['B', 'C', 'D'].map((sku) => rebuilder.trigger(`product ${sku} saved`, { skus: [sku] }));
    release();
    const summaries = await Promise.all([first, ...during]);
    await rebuilder.close();
    expect(runs.map((run) => run.skus)).toEqual([['A'], ['B', 'C', 'D']]);
    expect(runs.every((run) => run.targeted)).toBe(true);
    expect(new Set(summaries.slice(1).map((summary) => summary.startedAt)).size).toBe(1);
  });

  it('read the whole catalogue when one of them named no product', async () => {
    const runs: RunContext[] = [];
    const rebuilder = createRebuilder({
      debounceMs: 50,
      task: async (context) => {
        runs.push(context);
        return { outcome: 'unchanged' };
      },
    });
    await Promise.all([rebuilder.trigger('product A saved', { skus: ['A'] }), rebuilder.trigger('poll')]);
    await rebuilder.close();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ skus: ['A'], targeted: false });
  });
});
