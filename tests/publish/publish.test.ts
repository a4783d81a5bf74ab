/**
 * Publishing: every build in its own folder, checked, then switched live in one step; failures and
 * failed checks leave the live site serving; old builds kept for rollback, then pruned. A stand-in for
 * `astro build` writes the sites: these tests are about publishing, not rendering.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adoptLegacyDist,
  buildLayout,
  listBuilds,
  rollback,
  RollbackError,
} from '../../src/publish/releases/builds.ts';
import { readBuildInfo } from '../../src/publish/releases/build-info.ts';
import { BuildError, buildSite } from '../../src/publish/render/build.ts';
import { storefrontServerConfig } from '../../src/server/config.ts';
import { startStorefrontServer, type RunningStorefront } from '../../src/server/server.ts';
import { loadEnv } from '../../src/config/env.ts';
import { page } from '../server/helpers.ts';
import { fakeProject, type FakeProject } from './support.ts';

let project: FakeProject;
let shop: RunningStorefront | undefined;

beforeEach(() => {
  project = fakeProject();
});
afterEach(async () => {
  await shop?.close();
  shop = undefined;
  rmSync(project.root, { recursive: true, force: true });
});

const builds = () => readdirSync(join(project.root, 'dist.builds')).filter((name) => !name.startsWith('.'));
const home = () => readFileSync(join(project.root, 'dist', 'client', 'index.html'), 'utf8');

async function serve(): Promise<RunningStorefront> {
  const env = loadEnv({ IMAGE_CACHE_DIR: join(project.root, 'image-cache') });
  const config = await storefrontServerConfig(env, {
    distDir: join(project.root, 'dist'),
    routes: [],
    log: () => undefined,
  });
  shop = await startStorefrontServer(config, { host: '127.0.0.1', port: 0 });
  return shop;
}

describe('publishing a build', () => {
  it('builds into dist.builds/<id> and points dist at it', async () => {
    const info = await buildSite(project.options);
    expect(info.id).toMatch(/^\d{8}T\d{9}Z-[a-z0-9]{4}$/);
    expect(lstatSync(join(project.root, 'dist')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(project.root, 'dist'))).toBe(`dist.builds/${info.id}`);
    expect(info).toMatchObject({
      pages: 6,
      mode: 'full',
      fullBecause: 'there is no live build to start from',
    });
  });

  it("keeps serving the previous build's hashed scripts after a full build, for pages still cached", async () => {
    await buildSite(project.options);
    const { url } = await serve();
    await buildSite(project.withEnv({ VERSION: '2', FAKE_ASSET: 'def456' }));
    expect(await (await fetch(`${url}/`)).text()).toContain('Home 2');
    expect((await fetch(`${url}/_astro/app.def456.js`)).status).toBe(200);
    expect((await fetch(`${url}/_astro/app.abc123.js`)).status).toBe(200);
  });

  it('switches a running server to the new build at once, with no restart', async () => {
    await buildSite(project.options);
    const { url } = await serve();
    expect(await (await fetch(`${url}/`)).text()).toContain('Home 1');
    await buildSite(project.withEnv({ VERSION: '2' }));
    expect(await (await fetch(`${url}/`)).text()).toContain('Home 2');
    expect((await fetch(`${url}/product-3`)).status).toBe(200);
  });

  it('keeps the old site serving when the build fails, and says why', async () => {
    const live = await buildSite(project.options);
    const { url } = await serve();
    const failing = buildSite(project.withEnv({ FAKE_BUILD_FAIL: 'broken page' }));
    await expect(failing).rejects.toBeInstanceOf(BuildError);
    await expect(failing).rejects.toThrow(
      /exited with 3\)\. The live site .* was kept\.\n.*fake build failed: broken page/,
    );
    expect(builds()).toEqual([live.id]);
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Home 1');
  });

  it('refuses to publish a build that contains a configured secret, naming the variable only', async () => {
    await buildSite(project.options);
    const leaking = buildSite(project.withEnv({ FAKE_LEAK: 'very-secret-integration-token', VERSION: '2' }));
    await expect(leaking).rejects.toThrow(/product-0\/index\.html contains the value of MAGENTO_TOKEN/);
    await expect(leaking).rejects.not.toThrow(/very-secret-integration-token/);
    expect(home()).toContain('Home 1');
  });

  it('refuses a build with fewer than half the live pages, or without its 404 page', async () => {
    await buildSite(project.withEnv({ FAKE_PAGES: '20' }));
    await expect(buildSite(project.withEnv({ FAKE_PAGES: '5', VERSION: '2' }))).rejects.toThrow(
      /has 7 pages, fewer than half the live build's 22/,
    );
    await expect(
      buildSite(project.withEnv({ FAKE_PAGES: '20', FAKE_NO_404: '1', VERSION: '2' })),
    ).rejects.toThrow(/404\.html is missing/);
    expect(home()).toContain('Home 1');
    expect(builds()).toHaveLength(1);
  });

  it('refuses a smoke-test page that is not a whole HTML page', async () => {
    await expect(
      buildSite({
        ...project.options,
        smokePages: ['index.html', 'product-1/index.html', '_astro/app.abc123.js'],
      }),
    ).rejects.toThrow(/_astro\/app\.abc123\.js is not a whole HTML page/);
    expect(existsSync(join(project.root, 'dist'))).toBe(false);
  });
});

describe('keeping builds and rolling back', () => {
  it('keeps the last three builds and rolls back to the one before the live one', async () => {
    const ids: string[] = [];
    for (const version of ['1', '2', '3', '4'])
      ids.push((await buildSite(project.withEnv({ VERSION: version }))).id ?? '');
    expect(builds()).toEqual(ids.slice(1));
    const layout = buildLayout(join(project.root, 'dist'));
    const back = await rollback(layout);
    expect(back.id).toBe(ids[2]);
    expect(home()).toContain('Home 3');
    expect((await rollback(layout)).id).toBe(ids[1]);
    await expect(rollback(layout)).rejects.toThrow(RollbackError);
    expect((await rollback(layout, { to: ids[3] ?? '' })).id).toBe(ids[3]);
    expect(home()).toContain('Home 4');
    expect(
      listBuilds(layout)
        .filter((build) => build.live)
        .map((build) => build.id),
    ).toEqual([ids[3]]);
  });

  it('never prunes a protected build (the one a running server loaded its entry from)', async () => {
    const first = await buildSite(project.options);
    const protect = [join(project.root, 'dist.builds', first.id ?? '')];
    for (const version of ['2', '3', '4', '5'])
      await buildSite({ ...project.withEnv({ VERSION: version }), protect });
    expect(builds()).toContain(first.id);
    expect(builds()).toHaveLength(4);
  });

  it('moves a real dist folder (and dist.previous) of the old layout into dist.builds on the first publish', async () => {
    for (const name of ['dist', 'dist.previous']) {
      mkdirSync(join(project.root, name, 'client'), { recursive: true });
      writeFileSync(join(project.root, name, 'client', 'index.html'), page(`Old ${name}`));
    }
    await buildSite(project.options);
    expect(lstatSync(join(project.root, 'dist')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(project.root, 'dist.previous'))).toBe(false);
    expect(builds().filter((id) => id.endsWith('-legacy') || id.endsWith('-previous'))).toHaveLength(2);
    expect(readBuildInfo(join(project.root, 'dist'))?.pages).toBe(6);
  });

  it('adopts a real dist folder at start-up, before a server loads it, keeping what it serves', async () => {
    mkdirSync(join(project.root, 'dist', 'client'), { recursive: true });
    writeFileSync(join(project.root, 'dist', 'client', 'index.html'), page('Old home'));
    await adoptLegacyDist(buildLayout(join(project.root, 'dist')));
    expect(lstatSync(join(project.root, 'dist')).isSymbolicLink()).toBe(true);
    expect(home()).toContain('Old home');
    await adoptLegacyDist(buildLayout(join(project.root, 'dist'))); // a link already: nothing to do
    expect(builds()).toHaveLength(1);
  });
});
