/** How-to guides' manuals by model: each model once, in name order, one document of each title, only machines with documents. */
import { describe, expect, it } from 'vitest';
import { manualsByModel } from './manuals.ts';

const manual = (model: string) => ({
  title: 'Operating manual',
  url: `https://docs.example.com/${model}.pdf`,
});
const sheet = { title: 'Product data sheet', url: 'https://docs.example.com/k5-sheet.pdf' };
const machine = (model: string | null, documents: { title: string; url: string }[]) => ({
  fit: { model, fits: [], type: null },
  documents,
});

describe('the manuals by model', () => {
  it('lists one document of each title per model, models in name order, parts and machines without documents left out', () => {
    const pages = [
      machine('K 5', [manual('k5'), sheet]),
      machine('HD 10/21', [manual('hd10')]),
      machine('k5', [manual('k5-premium'), { ...sheet, title: 'Product Data Sheet ' }]),
      machine('HD 6/15', [manual('hd6')]),
      machine('WD 3', []),
      machine(null, [manual('hose')]),
    ];
    expect(manualsByModel({ pages })).toEqual([
      { model: 'HD 6/15', documents: [manual('hd6')] },
      { model: 'HD 10/21', documents: [manual('hd10')] },
      { model: 'K 5', documents: [manual('k5'), sheet] },
    ]);
  });
});
