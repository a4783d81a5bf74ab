/**
 * Every reader of the catalogue snapshot goes through src/catalogue/snapshot.ts, which checks the rows are
 * a snapshot before any page or sync relies on them; a sync writes only the products it changed
 * (src/catalogue/rows.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueHash } from '../../src/catalogue/catalogue-hash.ts';
import { closeRows, readRows, writeRows } from '../../src/catalogue/rows.ts';
import {
  parseWrittenSnapshot,
  readSnapshot,
  readStoredSnapshot,
  readWrittenSnapshot,
} from '../../src/catalogue/snapshot.ts';

const files: string[] = [];
afterEach(() => {
  for (const file of files.splice(0)) {
    closeRows(file);
    rmSync(join(file, '..'), { recursive: true, force: true });
  }
});

function snapshotFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'snapshot-')), 'catalogue.db');
  files.push(file);
  return file;
}

const product = (sku: string, name: string) => ({ visibility: 4, sku, updatedAt: '2026-01-01', name });

describe('reading the catalogue snapshot', () => {
  it('refuses rows that are no snapshot, and a file that is no database, saying to sync again', () => {
    const file = snapshotFile();
    writeRows(file, { products: [{ sku: 'A', name: 'no stamp, no audiences' }] });
    expect(() => readSnapshot(file)).toThrow(/catalogue\.db: Not a catalogue snapshot: .+npm run sync/);
    expect(() => readWrittenSnapshot(file)).toThrow(/Not a catalogue snapshot/);
    const text = snapshotFile();
    writeFileSync(text, '{"products":[]}');
    expect(() => readSnapshot(text)).toThrow(/catalogue\.db: Not a catalogue snapshot .+npm run sync/);
  });

  it('says to sync first where there is no snapshot yet', () => {
    expect(() => readSnapshot(join(tmpdir(), 'no-such-dir', 'catalogue.db'))).toThrow(
      /No catalogue snapshot at .*npm run sync/,
    );
  });

  it('gives the sync no previous catalogue from rows that are not one, but still their hash', () => {
    const file = snapshotFile();
    writeRows(file, { audiences: {}, products: [{ sku: 'A' }] });
    const read = readStoredSnapshot(file);
    expect(read?.catalogue).toBeUndefined();
    expect(read?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(
      parseWrittenSnapshot(JSON.stringify({ audiences: {}, products: 'none' })).catalogue,
    ).toBeUndefined();
  });

  it('gives the catalogue back as written: every part in its order, each product in its key order, and its hash', () => {
    const file = snapshotFile();
    const catalogue = {
      readAt: 'x',
      audiences: { 'home-garden': { id: 2 } },
      products: [product('B-2', 'Second'), product('A-1', 'First')].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
      positions: { '3': ['B-2', 'A-1'] },
    };
    writeRows(file, catalogue);
    const read = readWrittenSnapshot(file);
    expect(JSON.stringify(read.catalogue)).toBe(
      JSON.stringify({
        readAt: 'x',
        audiences: catalogue.audiences,
        positions: catalogue.positions,
        products: catalogue.products,
      }),
    );
    expect(read.hash).toBe(catalogueHash(catalogue));
    expect(catalogueHash(read.catalogue)).toBe(read.hash);
  });
});

describe('writing the catalogue snapshot', () => {
  it('writes only the products a sync changed and drops those it removed, the other rows as they were', () => {
    const file = snapshotFile();
    writeRows(file, { audiences: {}, products: [product('A', 'a'), product('B', 'b'), product('C', 'c')] });
    // The catalogue in memory says B and C differ, but the change names only B, and D as new, A as gone.
    const next = { audiences: {}, products: [product('B', 'b2'), product('C', 'c2'), product('D', 'd')] };
    writeRows(file, next, { updated: ['B', 'D'], removed: ['A'] });
    const names = readRows(file)?.catalogue.products.map((row) => JSON.stringify(row));
    expect(names).toEqual(
      [product('B', 'b2'), product('C', 'c'), product('D', 'd')].map((row) => JSON.stringify(row)),
    );
  });

  it('writes to the file at its path again when it was removed (an operator starting afresh)', () => {
    const file = snapshotFile();
    writeRows(file, { audiences: {}, readAt: 'first', products: [product('A', 'a')] });
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    writeRows(file, { audiences: {}, readAt: 'second', products: [product('B', 'b')] });
    expect(readRows(file)?.catalogue).toMatchObject({ readAt: 'second', products: [product('B', 'b')] });
  });

  it('leaves the rows as they were when a write fails half way', () => {
    const file = snapshotFile();
    writeRows(file, { audiences: {}, readAt: 'first', products: [product('A', 'a')] });
    const before = readRows(file);
    expect(() =>
      writeRows(file, {
        audiences: {},
        readAt: 'second',
        products: [product('A', 'a2'), { name: 'no sku' }],
      }),
    ).toThrow(/no sku/);
    expect(readRows(file)).toEqual(before);
  });
});
