/** Which files a build compresses and scans, and which it takes as they are from the live build. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isHashedAsset, textFiles } from '../../src/publish/releases/content-types.ts';

const dir = mkdtempSync(join(tmpdir(), 'content-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (relative: string) => {
  mkdirSync(dirname(join(dir, relative)), { recursive: true });
  writeFileSync(join(dir, relative), '<!doctype html><html></html>');
};

describe('textFiles', () => {
  it("leaves out a reused page's own files, not the pages in folders below it", async () => {
    for (const file of [
      'index.html',
      'kettle/index.html',
      'kettle/index.html.br',
      'home-garden/pressure-washer/index.html',
      'home-garden/pressure-washer/page/2/index.html',
      'home-garden/pressure-washer/compact/index.html',
      'favicon.png',
    ])
      write(file);
    const skip = new Set(['kettle', 'home-garden/pressure-washer', 'home-garden/pressure-washer/page/2']);
    const found: string[] = [];
    for await (const file of textFiles(dir, skip)) found.push(file);
    expect(found.sort()).toEqual(['home-garden/pressure-washer/compact/index.html', 'index.html']);
  });
});

describe('isHashedAsset', () => {
  it('knows the folders whose file names carry their content hash', () => {
    expect(isHashedAsset('_astro/client.Cz1.js')).toBe(true);
    expect(isHashedAsset('listing-data/24.json')).toBe(false);
    expect(isHashedAsset('search/data/core.json')).toBe(false);
    expect(isHashedAsset('home-garden/index.html')).toBe(false);
  });
});
