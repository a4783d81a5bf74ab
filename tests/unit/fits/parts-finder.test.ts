/**
 * The parts finder's lookup (features/parts-finder/lookup.ts), over fit files worked out from a small
 * catalogue as the build works them out (fit index → models.json, labels.json and skus.json): a model in any
 * typing, a machine's whole name (with the brand, as the demo catalogue names machines, or without), its SKU
 * and the part number on its label in any typing, the start of a name or label, and text that names no
 * machine. The same rule runs in the browser and on the storefront server.
 */
import { describe, expect, it } from 'vitest';
import { labelEntries, modelEntries } from '../../../src/catalogue/fit-files.ts';
import { fitIndex, modelSlug } from '../../../src/catalogue/fits.ts';
import type { Product } from '../../../src/catalogue/types.ts';
import { answerHtml, finderFormHtml } from '../../../src/components/fits/finder-form.ts';
import { isLabels, isModels } from '../../../src/features/fits/fit-data.ts';
import { familyOf, finderKinds } from '../../../src/features/parts-finder/groups.ts';
import {
  finderAnswer,
  finderMatches,
  looksLikeLabel,
  mayBeSku,
  type FinderAnswer,
} from '../../../src/features/parts-finder/lookup.ts';
import { skuEntries } from '../../../src/features/parts-finder/skus.ts';
import { index, product } from '../catalogue/fixtures.ts';

const WASHERS = 24;
const WINDOW_VACS = 29;

const machine = (sku: string, name: string, model: string, label: string, category = WASHERS): Product =>
  product({ sku, name, modelNumber: label, categoryIds: [category], fit: { model, fits: [], type: null } });

const part = (sku: string, name: string, fits: string[], type = 'Hoses'): Product =>
  product({ sku, name, modelNumber: null, categoryIds: [WASHERS], fit: { model: null, fits, type } });

/**
 * K 2 and K 5 (two machines, two labels), K 7 (nothing fits it), HD 6/15, a window vac WV 5 whose label
 * number starts as the K 5's does, and K 50, which only a part names (no machine of it is sold).
 */
const PRODUCTS = [
  machine('HG-PW-00002', 'Clearwater K 2 Compact Pressure Washer', 'K 2', '1.673-200.0'),
  machine('HG-PW-00005', 'Clearwater K 5 Premium Power Control Pressure Washer', 'K 5', '1.673-600.0'),
  machine('HG-PW-00006', 'Clearwater K 5 Compact Pressure Washer', 'K 5', '1.630-750.0'),
  machine('HG-PW-00007', 'Clearwater K 7 Smart Control Pressure Washer', 'K 7', '1.317-400.0'),
  machine(
    'PRO-PW-00015',
    'Clearwater Professional HD 6/15 C Plus Cold Water Pressure Washer',
    'HD 6/15',
    '1.150-600.0',
  ),
  machine('HG-WV-00030', 'Clearwater WV 5 Plus Window Vac', 'WV 5', '1.673-610.0', WINDOW_VACS),
  part('HG-AC-00101', 'Clearwater PremiumFlex Hose 10 m', ['K 2', 'K 5', 'K 50']),
  part('PRO-AC-00102', 'Clearwater Professional Trigger Gun Lance', ['HD 6/15'], 'Nozzles and lances'),
  part('HG-AC-00103', 'Clearwater Window Vac Pads', ['WV 5'], 'Brushes and pads'),
];

const fits = fitIndex(index(PRODUCTS));
const models = modelEntries(fits);
const labels = labelEntries(fits);
const skus = skuEntries(fits);

/** What the browser and the server do: the labels read for a label number, the SKUs for a code naming no model. */
const answer = (typed: string): FinderAnswer => {
  const data = looksLikeLabel(typed) ? labels : undefined;
  return finderAnswer(typed, finderMatches(typed, models, data, mayBeSku(typed, models) ? skus : undefined));
};
/** Where Enter with `typed` lands: the model's slug, or what the answer says instead. */
const landsOn = (typed: string): string => {
  const found = answer(typed);
  return found.kind === 'found' ? found.model.slug : found.kind;
};

describe('the parts finder by model', () => {
  it.each(['K 5', 'k5', 'K5', 'k 5', ' K-5 ', 'K.5', 'ｋ５'])('finds the K 5 from "%s"', (typed) => {
    expect(landsOn(typed)).toBe('k-5');
  });

  it.each(['K 5 Premium Power Control', 'k5 premium', 'K 5 Compact'])(
    'finds the K 5 from a machine’s name, "%s"',
    (typed) => {
      expect(landsOn(typed)).toBe('k-5');
    },
  );

  it('tells a K 50 from a K 5, and a model with a slash in any typing', () => {
    expect(landsOn('K 50')).toBe('k-50');
    expect(landsOn('k50 hose')).toBe('k-50');
    expect(landsOn('HD 6/15')).toBe('hd-6-15');
    expect(landsOn('hd 6-15 c plus')).toBe('hd-6-15');
  });

  it('goes to the one model the start of a name can mean', () => {
    expect(landsOn('hd 6')).toBe('hd-6-15');
    expect(landsOn('WV')).toBe('wv-5');
  });

  it('offers the models the start of a name can mean, with a parts page, when there are several', () => {
    const found = answer('k');
    expect(found.kind).toBe('several');
    expect(found.kind === 'several' && found.models.map(({ name }) => name)).toEqual(['K 2', 'K 5', 'K 50']);
  });

  it('names a model it knows that nothing fits, rather than saying there is none', () => {
    expect(answer('K 7')).toMatchObject({ kind: 'noParts', model: { name: 'K 7' } });
    expect(finderMatches('K 7', models, undefined).models).toEqual([]);
  });

  it('suggests the model typed first, then the others it starts', () => {
    expect(finderMatches('k5', models, undefined).models.map(({ name }) => name)).toEqual(['K 5', 'K 50']);
    expect(finderMatches('k 5 premium', models, undefined).models.map(({ name }) => name)).toEqual(['K 5']);
  });
});

describe('the parts finder by a machine’s full product name, brand and all', () => {
  const machines = PRODUCTS.filter((product) => product.fit.model !== null && product.sku !== 'HG-PW-00007');

  it.each(machines.map((product) => [product.name, modelSlug(product.fit.model ?? '')]))(
    'finds "%s" (its name as the shop lists it)',
    (typed, slug) => {
      expect(landsOn(typed)).toBe(slug);
    },
  );

  it('finds a name in any typing, cut short, or without the brand', () => {
    expect(landsOn('clearwater k5 premium')).toBe('k-5');
    expect(landsOn('CLEARWATER PROFESSIONAL HD 6-15')).toBe('hd-6-15');
    expect(landsOn('Professional HD 6/15 C Plus')).toBe('hd-6-15');
    expect(landsOn('Clearwater K 7 Smart Control Pressure Washer')).toBe('noParts');
  });

  it('suggests the models the model part of a name starts, and still tells a K 50 from a K 5', () => {
    expect(
      finderMatches('Clearwater Professional HD 6', models, undefined).models.map(({ name }) => name),
    ).toEqual(['HD 6/15']);
    expect(landsOn('Clearwater K 50')).toBe('k-50');
    expect(landsOn('Clearwater K 5000')).toBe('none');
    expect(landsOn('Clearwater')).toBe('none');
  });
});

describe('the parts finder by a machine’s SKU', () => {
  it.each([
    ['PRO-PW-00015', 'hd-6-15'],
    ['pro-pw-00015', 'hd-6-15'],
    ['PRO PW 00015', 'hd-6-15'],
    [' propw00015 ', 'hd-6-15'],
    ['HG-PW-00006', 'k-5'],
    ['hg pw 00002', 'k-2'],
    ['HG-WV-00030', 'wv-5'],
  ])('finds "%s"', (typed, slug) => {
    expect(landsOn(typed)).toBe(slug);
  });

  it('knows no SKU but a machine’s, and reads the SKUs only for a code that names no model', () => {
    expect(landsOn('HG-AC-00101')).toBe('none');
    expect(landsOn('HG-PW-99999')).toBe('none');
    expect(mayBeSku('PRO-PW-00015', models)).toBe(true);
    expect(mayBeSku('K 5', models)).toBe(false);
    expect(mayBeSku('1.673-600.0', models)).toBe(false);
    expect(mayBeSku('hoover', models)).toBe(false);
  });
});

describe('the parts finder by the part number on the label', () => {
  it.each(['1.673-600.0', '1673-6000', '1 673 600 0', '16736000', ' 1.673.600.0 ', '1673600-0'])(
    'finds the K 5 from "%s"',
    (typed) => {
      expect(landsOn(typed)).toBe('k-5');
    },
  );

  it("finds every machine's model by its own label", () => {
    expect(landsOn('1.630-750.0')).toBe('k-5');
    expect(landsOn('1.150-600.0')).toBe('hd-6-15');
    expect(landsOn('1.673-610.0')).toBe('wv-5');
    expect(landsOn('1.317-400.0')).toBe('noParts');
  });

  it('goes to the one model the start of a label can mean, and offers several when it can mean more', () => {
    expect(landsOn('1.150-6')).toBe('hd-6-15');
    const found = answer('1.673-6');
    expect(found.kind === 'several' && found.models.map(({ name }) => name)).toEqual(['K 5', 'WV 5']);
  });

  it('reads labels only for what looks like a label number', () => {
    expect(looksLikeLabel('1.673-600.0')).toBe(true);
    expect(looksLikeLabel('1673')).toBe(false);
    expect(looksLikeLabel('HD 6/15')).toBe(false);
    expect(looksLikeLabel('K 5 1.673-600.0')).toBe(false);
    expect(finderMatches('1.673-600.0', models, labels).byLabel).toBe(true);
  });
});

describe('the parts finder with text that names no machine', () => {
  it.each(['Z 9', 'hoover', 'K 9', '1.999-999.9', '!!!', 'K 5000'])('finds nothing for "%s"', (typed) => {
    expect(landsOn(typed)).toBe('none');
  });

  it('asks for something when nothing was typed', () => {
    expect(landsOn('')).toBe('empty');
    expect(landsOn('   ')).toBe('empty');
  });

  it('says so, with what was typed, escaped, and keeps it in the box', () => {
    const typed = 'K <b>9</b> "x"';
    expect(answerHtml(typed, { kind: 'none' })).toContain(
      'No machine matched “K &#60;b&#62;9&#60;/b&#62; &#34;x&#34;”',
    );
    const form = finderFormHtml(typed, { kind: 'none' });
    expect(form).toContain('value="K &#60;b&#62;9&#60;/b&#62; &#34;x&#34;"');
    expect(form).toContain('aria-invalid="true"');
    expect(form).not.toContain('<b>');
  });

  it('links the models when the text could mean several', () => {
    const several = answer('k');
    if (several.kind !== 'several') throw new Error('expected several');
    expect(answerHtml('k', several)).toContain('<a href="/parts-finder/k-2">K 2</a>');
  });
});

describe('the fit files as the finder reads them', () => {
  it('reads what the build writes, and refuses what is not of its shape', () => {
    expect(isModels(JSON.parse(JSON.stringify(models)))).toBe(true);
    expect(isLabels(JSON.parse(JSON.stringify(labels)))).toBe(true);
    expect(isLabels(JSON.parse(JSON.stringify(skus)))).toBe(true);
    expect(isModels([{ name: 'K 5', slug: 'k-5' }])).toBe(false);
    expect(isModels({})).toBe(false);
    expect(isLabels({ '16736000': 5 })).toBe(false);
    expect(isLabels([])).toBe(false);
  });
});

describe('the machines to pick from', () => {
  it('lists every model with a parts page by kind, then family, the kindless last', () => {
    expect(
      finderKinds(models).map(({ kind, families }) => [
        kind,
        families.map(({ letters, models: listed }) => [letters, listed.map(({ name }) => name)]),
      ]),
    ).toEqual([
      [
        'Pressure Washers',
        [
          ['HD', ['HD 6/15']],
          ['K', ['K 2', 'K 5']],
        ],
      ],
      ['Window Vacs', [['WV', ['WV 5']]]],
      [null, [['K', ['K 50']]]],
    ]);
  });

  it("names a model's family by its letters", () => {
    expect(familyOf('HD 6/15')).toBe('HD');
    expect(familyOf('K 5')).toBe('K');
    expect(familyOf('NT 22/1')).toBe('NT');
    expect(familyOf('Puzzi')).toBe('Puzzi');
    expect(familyOf('2000 Plus')).toBe('2000 Plus');
  });
});
