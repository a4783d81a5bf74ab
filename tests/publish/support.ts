/**
 * Support for the rebuild tests: a stand-in for `astro build` (for tests about publishing, not rendering),
 * a project folder for it, and signed hook requests.
 */
import { writeRows } from '../../src/catalogue/rows.ts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processEnvironment } from '../../src/config/env.ts';
import { signRebuildRequest } from '../../src/publish/rebuild/signature.ts';
import type { BuildSiteOptions } from '../../src/publish/render/build.ts';
import { page } from '../server/helpers.ts';

/**
 * Writes a small site into `--outDir`: home (with VERSION in it), 404, FAKE_PAGES product-like pages
 * (default 4), a hashed script (`_astro/app.{FAKE_ASSET or abc123}.js`) and a server entry. FAKE_BUILD_FAIL fails it, FAKE_LEAK writes that text
 * into a page, FAKE_NO_404 leaves the 404 page out.
 */
const FAKE_ASTRO = `
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const out = process.argv[process.argv.indexOf('--outDir') + 1];
const env = process.env;
if (env.FAKE_BUILD_FAIL) { console.error('fake build failed: ' + env.FAKE_BUILD_FAIL); process.exit(3); }
const page = (title) => ${JSON.stringify(page('TITLE'))}.replaceAll('TITLE', title);
const files = {
  'client/index.html': page('Home ' + (env.VERSION ?? '1')),
  ['client/_astro/app.' + (env.FAKE_ASSET ?? 'abc123') + '.js']: 'export const a = ' + JSON.stringify('z'.repeat(4000)) + ';',
  'server/entry.mjs': 'export const handler = (req, res, next) => next();',
};
if (!env.FAKE_NO_404) files['client/404.html'] = page('Page not found');
for (let i = 0; i < Number(env.FAKE_PAGES ?? 4); i++) files['client/product-' + i + '/index.html'] = page('Product ' + i);
if (env.FAKE_LEAK) files['client/product-0/index.html'] = page('Product 0 ' + env.FAKE_LEAK);
for (const [path, content] of Object.entries(files)) {
  mkdirSync(join(out, path, '..'), { recursive: true });
  writeFileSync(join(out, path), content);
}
console.log(' prerendering static routes ');
for (const path of Object.keys(files)) if (path.endsWith('.html')) console.log('  ├─ /' + path.slice(7));
`;

export interface FakeProject {
  readonly root: string;
  readonly options: BuildSiteOptions;
  /** Options for a build whose fake `astro build` gets these extra variables. */
  withEnv(extra: Record<string, string>): BuildSiteOptions;
}

export function fakeProject(): FakeProject {
  const root = mkdtempSync(join(tmpdir(), 'rebuild-test-'));
  writeFileSync(join(root, 'fake-astro.mjs'), FAKE_ASTRO);
  mkdirSync(join(root, 'src'));
  writeRows(join(root, 'catalogue.db'), { readAt: '2026-01-01T00:00:00.000Z', products: [{ sku: '1' }] });
  const options: BuildSiteOptions = {
    root,
    distDir: join(root, 'dist'),
    snapshotFile: join(root, 'catalogue.db'),
    configHash: 'config-1',
    command: [process.execPath, join(root, 'fake-astro.mjs')],
    env: { ...processEnvironment(), VERSION: '1' },
    secrets: [{ name: 'MAGENTO_TOKEN', value: 'very-secret-integration-token' }],
  };
  return {
    root,
    options,
    withEnv: (extra) => ({ ...options, env: { ...options.env, ...extra } }),
  };
}

/** POSTs a signed hook request (or a tampered one) and resolves with the status and JSON body. */
export async function postHook(
  url: string,
  secret: string,
  body: string,
  options: { now?: number; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: { message?: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...signRebuildRequest(secret, body, options.now),
      ...options.headers,
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}
