/**
 * A model's fit files (catalogue/fit-files.ts `modelFiles`) as the browser reads them back
 * (features/fits/fit-data.ts `loadModelParts`): a model of many parts is a file naming its files of parts,
 * each made from its own parts only, and the browser reads every part back in order.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modelFiles, PARTS_PER_FILE } from '../../../src/catalogue/fit-files.ts';
import { loadModelParts } from '../../../src/features/fits/fit-data.ts';
import type { Product } from '../../../src/catalogue/types.ts';
import { product } from '../catalogue/fixtures.ts';

const parts = (count: number): Product[] =>
  Array.from({ length: count }, (_, at) =>
    product({
      sku: `HG-AC-${String(at).padStart(5, '0')}`,
      fit: { model: null, fits: ['K 5'], type: 'Hoses' },
    }),
  );

/** Serves the made files by path, as the build writes them: JSON. */
function serve(files: ReturnType<typeof modelFiles>): void {
  const bodies = new Map(files.map(([path, , data]) => [path, JSON.stringify(data())]));
  vi.stubGlobal('fetch', (url: string) => {
    const body = bodies.get(url);
    return Promise.resolve(new Response(body ?? 'missing', { status: body ? 200 : 404 }));
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('a model’s fit files', () => {
  it('are one list of its parts up to PARTS_PER_FILE', async () => {
    const all = parts(PARTS_PER_FILE);
    const files = modelFiles({ slug: 'k-5', parts: all }, new Map(all.map((p) => [p.sku, `/${p.urlKey}`])));
    expect(files.map(([path]) => path)).toEqual(['/fit-data/model-k-5.json']);
    serve(files);
    expect((await loadModelParts('k-5')).map(({ sku }) => sku)).toEqual(all.map(({ sku }) => sku));
  });

  it('name their files of parts when longer, each made of its own parts, read back whole and in order', async () => {
    const all = parts(PARTS_PER_FILE * 2 + 3);
    const hrefs = new Map(all.map((p) => [p.sku, `/${p.urlKey}`]));
    const files = modelFiles({ slug: 'k-7', parts: all }, hrefs);
    expect(files.map(([path]) => path)).toEqual([
      '/fit-data/model-k-7.json',
      '/fit-data/model-k-7.1.json',
      '/fit-data/model-k-7.2.json',
      '/fit-data/model-k-7.3.json',
    ]);
    // A part's file is made from that file's parts: another part's price leaves its inputs the same.
    const repriced = all.map((p, at) => (at === 0 ? { ...p, priceInclVat: 1.99 } : p));
    const again = modelFiles({ slug: 'k-7', parts: repriced }, hrefs);
    const same = (a: readonly unknown[], b: readonly unknown[]) => a.every((input, at) => input === b[at]);
    expect(again.map(([, inputs], at) => same(inputs, files[at]?.[1] ?? []))).toEqual([
      true,
      false,
      true,
      true,
    ]);
    serve(files);
    expect((await loadModelParts('k-7')).map(({ sku }) => sku)).toEqual(all.map(({ sku }) => sku));
  });
});
