/**
 * The parts finder's form without JavaScript (server/parts-finder.ts), over HTTP: a small built site with the
 * finder's page and the fit files as the build writes them. What names a machine (its model, its name with
 * the brand, its SKU, its label number) answers 303 to its parts page; anything else the finder's page again,
 * with what was typed in the box and why it led nowhere; no Magento is asked (none runs here).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelEntries, modelEntries } from '../../src/catalogue/fit-files.ts';
import { fitIndex } from '../../src/catalogue/fits.ts';
import { skuEntries } from '../../src/features/parts-finder/skus.ts';
import type { Product } from '../../src/catalogue/types.ts';
import { FINDER_FORM_END, FINDER_FORM_START, finderFormHtml } from '../../src/components/fits/finder-form.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { index, product } from '../unit/catalogue/fixtures.ts';
import { filler, makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const machine = (sku: string, name: string, model: string, label: string): Product =>
  product({ sku, name, modelNumber: label, categoryIds: [24], fit: { model, fits: [], type: null } });
const PRODUCTS = [
  machine('HG-PW-00005', 'Clearwater K 5 Premium Power Control Pressure Washer', 'K 5', '1.673-600.0'),
  machine('HG-PW-00002', 'Clearwater K 2 Compact Pressure Washer', 'K 2', '1.673-200.0'),
  machine('HG-PW-00007', 'Clearwater K 7 Smart Control Pressure Washer', 'K 7', '1.317-400.0'),
  product({
    sku: 'HOSE',
    name: 'Hose',
    categoryIds: [24],
    fit: { model: null, fits: ['K 2', 'K 5'], type: 'Hoses' },
  }),
];
const fits = fitIndex(index(PRODUCTS));

/** The finder's page as the build lays it out: title, an inline script, the form between its markers. */
const PAGE =
  '<!doctype html><html lang="en-GB"><head><title>Parts finder | Clean Co</title>' +
  "<script>document.documentElement.dataset.js='on'</script></head><body><h1>Parts finder</h1>" +
  `${FINDER_FORM_START}${finderFormHtml()}${FINDER_FORM_END}<h2>Pick your machine</h2>${filler('finder')}</body></html>`;

let site: FakeSite;
let server: RunningStorefront;

const write = (relative: string, text: string) => {
  const path = join(site.clientDir, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
};

beforeAll(async () => {
  site = makeFakeSite();
  write('parts-finder/index.html', PAGE);
  write('fit-data/models.json', JSON.stringify(modelEntries(fits)));
  write('fit-data/labels.json', JSON.stringify(labelEntries(fits)));
  write('fit-data/skus.json', JSON.stringify(skuEntries(fits)));
  server = await startFakeSite(site);
});

afterAll(async () => {
  await server.close();
  rmSync(site.root, { recursive: true, force: true });
});

const find = (typed: string, headers: Record<string, string> = {}) =>
  raw(server.url, `/parts-finder/find?q=${encodeURIComponent(typed)}`, { headers });

describe('the parts finder without JavaScript', () => {
  it.each([
    ['K 5', '/parts-finder/k-5'],
    ['k5', '/parts-finder/k-5'],
    ['K 5 Premium Power Control', '/parts-finder/k-5'],
    ['Clearwater K 5 Premium Power Control Pressure Washer', '/parts-finder/k-5'],
    ['clearwater k2 compact', '/parts-finder/k-2'],
    ['HG-PW-00005', '/parts-finder/k-5'],
    ['hg pw 00002', '/parts-finder/k-2'],
    ['1.673-600.0', '/parts-finder/k-5'],
    ['1673-6000', '/parts-finder/k-5'],
    ['1 673 200 0', '/parts-finder/k-2'],
  ])('sends "%s" on to its parts page', async (typed, location) => {
    const reply = await find(typed);
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(location);
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('answers with the finder again when nothing matched: what was typed in the box, and why', async () => {
    const reply = await find('Z 9 <turbo>', { 'Accept-Encoding': 'br' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['x-robots-tag']).toBe('noindex');
    expect(reply.headers['cache-control']).toBe('no-store');
    const html = brotliDecompressSync(reply.body).toString('utf8');
    expect(html).toContain('<title>No machine matched “Z 9 &#60;turbo&#62;” | Clean Co</title>');
    expect(html).toContain('value="Z 9 &#60;turbo&#62;"');
    expect(html).toContain('No machine matched “Z 9 &#60;turbo&#62;”. Check the model');
    expect(html).not.toContain('<turbo>');
    // The rest of the page, its inline script included (the CSP's hash), as the build wrote it.
    expect(html).toContain("<script>document.documentElement.dataset.js='on'</script>");
    expect(html).toContain('<h2>Pick your machine</h2>');
  });

  it('lists the models the start of a name can mean', async () => {
    const html = (await find('k')).body.toString('utf8');
    expect(html).toContain('Several machines match “k”');
    expect(html).toContain('<a href="/parts-finder/k-2">K 2</a>');
    expect(html).toContain('<a href="/parts-finder/k-5">K 5</a>');
    expect(html).toContain('<title>Parts finder | Clean Co</title>');
  });

  it('names a machine it knows that nothing fits', async () => {
    const html = (await find('1.317-400.0')).body.toString('utf8');
    expect(html).toContain('We have no accessories or parts listed for the K 7 yet.');
  });

  it('sends an empty box back to the finder', async () => {
    const reply = await find('  ');
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/parts-finder');
  });

  it('says it could not look up when the fit files cannot be read, and finds again once they can', async () => {
    const models = join(site.clientDir, 'fit-data', 'models.json');
    writeFileSync(models, '{"not":"models"}');
    const reply = await find('K 5');
    expect(reply.status).toBe(503);
    expect(reply.body.toString('utf8')).toContain('We could not look that up just now.');
    write('fit-data/models.json', JSON.stringify(modelEntries(fits)));
    expect((await find('K 5')).headers.location).toBe('/parts-finder/k-5');
  });

  it('answers without SKUs from a build that has none, and knows them once it has', async () => {
    const skus = join(site.clientDir, 'fit-data', 'skus.json');
    rmSync(skus);
    expect((await find('HG-PW-00005')).body.toString('utf8')).toContain('No machine matched “HG-PW-00005”');
    expect((await find('K 5')).headers.location).toBe('/parts-finder/k-5');
    write('fit-data/skus.json', JSON.stringify(skuEntries(fits)));
    expect((await find('HG-PW-00005')).headers.location).toBe('/parts-finder/k-5');
  });
});
