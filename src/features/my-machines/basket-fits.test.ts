/**
 * The basket's "Fits your K 5": a line fits when its sku is in the fit file of one of the shopper's machines, or
 * when it is a configurable's child whose parent is (found by the parent's page); the first machine it fits is
 * named; a machine whose file cannot be had fits nothing, and the others still answer. Only the shopper's
 * machines' files are read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PartEntry } from '../../catalogue/fit-files.ts';
import { fitsOf } from './basket-fits.ts';

const part = (sku: string, href = `/${sku.toLowerCase()}`): PartEntry => ({
  sku,
  name: sku,
  href,
  type: 'Hoses',
  priceInclVat: 10,
  priceExclVat: 8.33,
  inStock: true,
});

const FILES: Record<string, PartEntry[]> = {
  '/fit-data/model-k-5.json': [part('HOSE-10'), part('SHAMPOO', '/car-shampoo')],
  '/fit-data/model-wd-3.json': [part('FILTER-WD'), part('HOSE-10')],
};

afterEach(() => vi.unstubAllGlobals());

function stubFiles(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const file = FILES[url];
    return Promise.resolve(
      file ? new Response(JSON.stringify(file)) : new Response('Not found', { status: 404 }),
    );
  });
  return asked;
}

describe('fitsOf', () => {
  it('names the first of the shopper’s machines a line fits, by sku or by its parent’s page', async () => {
    const asked = stubFiles();
    const fits = await fitsOf(['K 5', 'WD 3']);
    expect(fits.fitOf('HOSE-10', '/hose-10')).toBe('Fits your K 5');
    expect(fits.fitOf('FILTER-WD', null)).toBe('Fits your WD 3');
    expect(fits.fitOf('SHAMPOO-5L', '/car-shampoo?volume=5-l')).toBe('Fits your K 5');
    expect(fits.fitOf('DRILL', '/drill')).toBeUndefined();
    expect(asked.sort()).toEqual(['/fit-data/model-k-5.json', '/fit-data/model-wd-3.json']);
  });

  it('fits nothing for a machine without a file, and still answers for the others', async () => {
    stubFiles();
    const fits = await fitsOf(['NT 22/1', 'WD 3']);
    expect(fits.fitOf('FILTER-WD', undefined)).toBe('Fits your WD 3');
    expect(fits.fitOf('HOSE-10', undefined)).toBe('Fits your WD 3');
  });

  it('reads nothing for a shopper without machines', async () => {
    const asked = stubFiles();
    const fits = await fitsOf([]);
    expect(fits.fitOf('HOSE-10', undefined)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
