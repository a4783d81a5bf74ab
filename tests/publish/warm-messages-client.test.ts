/**
 * The publisher's side of the warm renderer (warm-client.ts) parses every reply, and its value against
 * what the request it answers returns: one that does not parse rejects that request with a
 * WarmRendererError saying so, logged; a run whose reply does not parse is built with astro build instead.
 * The renderer here is a stand-in (warm-messages-fake-worker.ts) whose answers do not parse.
 */
import { realpathSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processEnvironment } from '../../src/config/env.ts';
import { buildSite } from '../../src/publish/render/build.ts';
import {
  WarmRendererError,
  warmRendererClient,
  type WarmRendererClient,
} from '../../src/publish/render/warm-client.ts';
import { PAGES_MANIFEST_FILE } from '../../src/publish/plan/plan-files.ts';
import { defaultSources } from '../../src/publish/plan/render-plan.ts';
import { sourceHash } from '../../src/publish/releases/build-info.ts';
import { layersOf, locateIn } from '../../src/publish/releases/layers.ts';
import { fakeProject, type FakeProject } from './support.ts';
import { warmJob } from './warm-job.ts';

const FAKE_WORKER = fileURLToPath(new URL('./warm-messages-fake-worker.ts', import.meta.url));

let project: FakeProject;
let client: WarmRendererClient | undefined;
let log: string[];

beforeEach(() => {
  project = fakeProject();
  log = [];
});
afterEach(() => {
  client?.close();
  rmSync(project.root, { recursive: true, force: true });
});

const job = warmJob();

/** A client of the stand-in renderer, started as made from `hash`. */
async function started(hash = 'sources-1'): Promise<WarmRendererClient> {
  client = warmRendererClient({
    root: project.root,
    env: processEnvironment(),
    log: (line) => log.push(line),
    worker: FAKE_WORKER,
  });
  await client.start({
    sourceHash: hash,
    pricedAt: Date.now(),
    scratch: join(project.root, '.warm'),
    shop: job.shop,
  });
  expect(client.sourceHash).toBe(hash);
  return client;
}

async function until(found: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!found()) {
    if (Date.now() > deadline) throw new Error(`not seen; the log:\n${log.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a reply of the warm renderer that does not parse', () => {
  it('rejects its run with a WarmRendererError saying what was wrong, logged', async () => {
    const warm = await started();
    const error = await warm.run(job).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(WarmRendererError);
    const message = error instanceof WarmRendererError ? error.message : '';
    expect(message).toMatch(/^The warm renderer's reply to run did not parse: /);
    expect(message).toContain('expected array, received undefined → at smokePages');
    expect(message).toContain('expected array, received string → at written');
    expect(log).toContain(message);
  });

  it("rejects a sync whose result lacks the catalogue's hash, and an error reply that lacks a field", async () => {
    const warm = await started();
    await expect(warm.sync({ incremental: true })).rejects.toThrow(
      /^The warm renderer's reply to sync did not parse: .*→ at hash/,
    );
    warm.compressLater('no-transient', { brotli: 6, gzip: 6 });
    await until(() => log.some((line) => line.startsWith('Compressing no-transient failed')));
    expect(log).toContainEqual(expect.stringMatching(/reply did not parse: .*→ at transient/));
    // The renderer is kept: its replies still carry their ids.
    expect(warm.sourceHash).toBe('sources-1');
  });

  it('without an id rejects what was waiting and stops the renderer, whose answers cannot be told apart', async () => {
    const warm = await started();
    warm.compressLater('no-id', { brotli: 6, gzip: 6 });
    await until(() => log.some((line) => line.startsWith('Compressing no-id failed')));
    expect(log).toContainEqual(
      expect.stringMatching(/^Compressing no-id failed: The warm renderer's reply did not parse: .*→ at id/),
    );
    await until(() => warm.sourceHash === undefined);
  });

  it('to a run makes that run a full astro build, and the log says why', async () => {
    const whole = await buildSite(project.options);
    const manifest = { version: 1, shared: 's', pages: { 'product-0': 'a0' }, rendered: [], partial: false };
    writeFileSync(join(project.root, 'dist', PAGES_MANIFEST_FILE), JSON.stringify(manifest));
    const warm = await started(sourceHash(defaultSources(project.root)));

    const info = await buildSite({
      ...project.withEnv({ VERSION: '2' }),
      warm,
      log: (line) => log.push(line),
    });

    expect(info.mode).not.toBe('warm');
    expect(info.id).not.toBe(whole.id);
    const home = await locateIn(layersOf(realpathSync(join(project.root, 'dist'))), 'index.html');
    expect(home && readFileSync(home.path, 'utf8')).toContain('Home 2');
    expect(log).toContainEqual(
      expect.stringMatching(
        /^The warm renderer failed \(The warm renderer's reply to run did not parse: .*→ at written.*\); building with astro build\.$/,
      ),
    );
  });
});
