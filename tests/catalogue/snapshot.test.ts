/**
 * Every reader of the catalogue snapshot goes through src/catalogue/snapshot.ts, which checks the file is
 * a snapshot before any page or sync relies on it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWrittenSnapshot, readSnapshot, readWrittenSnapshot } from '../../src/catalogue/snapshot.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fileWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'snapshot-'));
  dirs.push(dir);
  const file = join(dir, 'catalogue.json');
  writeFileSync(file, text);
  return file;
}

describe('reading the catalogue snapshot', () => {
  it('refuses a file that is JSON but no snapshot, saying what is wrong and to sync again', () => {
    const file = fileWith(JSON.stringify({ products: [{ name: 'no sku' }] }));
    expect(() => readSnapshot(file)).toThrow(/catalogue\.json: Not a catalogue snapshot: .+npm run sync/);
    expect(() => readWrittenSnapshot(file)).toThrow(/Not a catalogue snapshot/);
  });

  it('says to sync first where there is no snapshot yet', () => {
    expect(() => readSnapshot(join(tmpdir(), 'no-such-dir', 'catalogue.json'))).toThrow(
      /No catalogue snapshot at .*npm run sync/,
    );
  });

  it('gives the sync no previous catalogue from a file that is not one, but still its hash', () => {
    const read = parseWrittenSnapshot(JSON.stringify({ audiences: {}, products: 'none' }));
    expect(read.catalogue).toBeUndefined();
    expect(read.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps a snapshot exactly as read: its products are the objects of the file, in their key order', () => {
    const product = { visibility: 4, sku: 'A-1', updatedAt: '2026-01-01', name: 'A' };
    const text = JSON.stringify({ audiences: {}, products: [product], readAt: 'x' });
    const read = parseWrittenSnapshot(text);
    expect(JSON.stringify(read.catalogue)).toBe(text);
  });
});
