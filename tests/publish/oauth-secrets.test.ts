/**
 * The integration's OAuth secrets are secrets of the build: a build whose pages contain one is refused and
 * the live site kept, naming the variable, never the value (a stand-in for `astro build` writes the site).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/publish/render/build.ts';
import { buildSecrets } from '../../src/publish/render/secrets.ts';
import { loadEnv } from '../../src/config/env.ts';
import { fakeProject, type FakeProject } from './support.ts';

const ACCESS_TOKEN_SECRET = '6af3468c3d8099ff59666a79f9c4cc24';

let project: FakeProject;
beforeEach(() => {
  project = fakeProject();
});
afterEach(() => rmSync(project.root, { recursive: true, force: true }));

describe('a build containing an OAuth secret', () => {
  it('is refused, naming MAGENTO_ACCESS_TOKEN_SECRET only, and the live site stays', async () => {
    const secrets = buildSecrets(
      loadEnv({
        MAGENTO_URL: 'https://magento.example.com',
        MAGENTO_CONSUMER_KEY: '9fbfa25dbdabcf4f31c79b8c6f907a53',
        MAGENTO_CONSUMER_SECRET: '0eed6e274075a8e88779f08f066b2783',
        MAGENTO_ACCESS_TOKEN: '9ed43c8fb9353e5ab3eae63951dee059',
        MAGENTO_ACCESS_TOKEN_SECRET: ACCESS_TOKEN_SECRET,
      }),
    );
    await buildSite({ ...project.options, secrets });
    const leaking = buildSite({
      ...project.withEnv({ FAKE_LEAK: `key=${ACCESS_TOKEN_SECRET}`, VERSION: '2' }),
      secrets,
    });
    await expect(leaking).rejects.toThrow(
      /product-0\/index\.html contains the value of MAGENTO_ACCESS_TOKEN_SECRET/,
    );
    await expect(leaking).rejects.not.toThrow(ACCESS_TOKEN_SECRET);
    expect(readFileSync(join(project.root, 'dist', 'client', 'index.html'), 'utf8')).toContain('Home 1');
  });
});

describe("the shared store's and the CDN's secrets", () => {
  it('are checked before a publish too: the database password, the sign-in key, the purge tokens', () => {
    const names = buildSecrets(
      loadEnv({
        DATABASE_URL: 'postgres://shop:pa%24%24word-of-the-db@db.internal:5432/shop',
        SIGN_IN_KEY: 'k'.repeat(40),
        CDN_PURGE: 'fastly',
        FASTLY_SERVICE_ID: 'service-1',
        FASTLY_API_TOKEN: 'fastly-token-0123456789',
      }),
    );
    expect(names.find((secret) => secret.name === 'the password in DATABASE_URL')?.value).toBe(
      'pa$$word-of-the-db',
    );
    expect(names.map((secret) => secret.name)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'SIGN_IN_KEY', 'FASTLY_API_TOKEN']),
    );
  });
});
