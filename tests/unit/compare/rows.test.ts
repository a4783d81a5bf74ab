/** The compare table's rows (features/compare/rows.ts): grouping, missing values, differences and "better". */
import { describe, expect, it } from 'vitest';
import { bestValues, compareRows, type CompareValue } from '../../../src/features/compare/rows.ts';
import type { SheetAttribute, SheetGroup } from '../../../src/features/compare/sheet.ts';

const weight: SheetAttribute = { code: 'weight_kg', label: 'Weight (kg)', unit: 'kg', better: 'lower' };
const flow: SheetAttribute = {
  code: 'flow_rate_lh',
  label: 'Max. flow rate (l/h)',
  unit: 'l/h',
  better: 'higher',
};
const power: SheetAttribute = { code: 'power_w', label: 'Power (W)', unit: 'W' };
const colour: SheetAttribute = { code: 'colour', label: 'Colour', unit: '' };

const sheet: SheetGroup[] = [
  { label: 'Technical data', attributes: [weight, flow, power, colour] },
  { label: 'Equipment', attributes: [{ code: 'equipmentAttr', label: 'Equipment', unit: '' }] },
  { label: 'Applications', attributes: [{ code: 'applications_attrib', label: 'Applications', unit: '' }] },
];

const specs = (values: Record<string, string | string[]>) => ({ specs: values });

describe('compare rows', () => {
  const products = [
    specs({ weight_kg: '6.8', power_w: '650', colour: 'Yellow', equipmentAttr: ['Hose', 'Trigger gun'] }),
    specs({ weight_kg: '23.6', power_w: '650', equipmentAttr: ['Hose reel'] }),
    specs({ weight_kg: '8.9', power_w: '650', colour: 'Yellow' }),
  ];
  const groups = compareRows(sheet, products);

  it('follow the sheet: its groups and order, rows no product has a value for left out, empty groups too', () => {
    expect(groups.map((group) => group.label)).toEqual(['Technical data', 'Equipment']);
    expect(groups[0]?.rows.map((row) => row.label)).toEqual(['Weight (kg)', 'Power (W)', 'Colour']);
  });

  it('hold one value per product in column order, missing as null, lists as lists', () => {
    expect(groups[0]?.rows[2]?.values).toEqual(['Yellow', null, 'Yellow']);
    expect(groups[1]?.rows[0]?.values).toEqual([['Hose', 'Trigger gun'], ['Hose reel'], null]);
  });

  it('mark rows whose values are all the same, and groups whose rows all are', () => {
    expect(groups[0]?.rows.map((row) => row.same)).toEqual([false, true, false]);
    expect(groups.map((group) => group.same)).toEqual([false, false]);
    const twins = compareRows(sheet, [
      specs({ power_w: '650', equipmentAttr: ['Hose'] }),
      specs({ power_w: '650', equipmentAttr: ['Hose'] }),
    ]);
    expect(twins.map((group) => group.same)).toEqual([true, true]);
  });

  it('tell lists apart by their items and order', () => {
    const lists = compareRows(sheet, [
      specs({ equipmentAttr: ['Hose', 'Gun'] }),
      specs({ equipmentAttr: ['Gun', 'Hose'] }),
    ]);
    expect(lists[0]?.rows[0]?.same).toBe(false);
  });

  it('mark the best value of a row whose attribute says which is better', () => {
    expect(groups[0]?.rows[0]?.best).toEqual([true, false, false]);
    // Power has no "better": never highlighted, whatever the figures.
    expect(
      compareRows(sheet, [specs({ power_w: '650' }), specs({ power_w: '2980' })])[0]?.rows[0]?.best,
    ).toEqual([false, false]);
  });

  it('compare no products as no rows', () => {
    expect(compareRows(sheet, [])).toEqual([]);
  });
});

describe('the best value of a row', () => {
  const best = (attribute: SheetAttribute, values: CompareValue[]) => bestValues(values, attribute);

  it('is the highest where higher is better, the lowest where lower is', () => {
    expect(best(flow, ['470', '1290', '620'])).toEqual([false, true, false]);
    expect(best(weight, ['6.8', '23.6', '8.9'])).toEqual([true, false, false]);
  });

  it('goes to every product that ties for it', () => {
    expect(best(flow, ['620', '1290', '1290'])).toEqual([false, true, true]);
  });

  it('goes to none when all are equal', () => {
    expect(best(flow, ['620', '620', '620'])).toEqual([false, false, false]);
  });

  it('goes to none with a single product, or a single value to rank', () => {
    expect(best(flow, ['620'])).toEqual([false]);
    expect(best(flow, ['620', null, null])).toEqual([false, false, false]);
  });

  it('is never a value that is not a plain number, nor a missing one; the others are still ranked', () => {
    expect(best(flow, ['20 - 150', '620', '480', null])).toEqual([false, true, false, false]);
    expect(best(weight, ['5 kg', '6.8', '8.9'])).toEqual([false, true, false]);
    expect(best(flow, ['about 600', 'n/a'])).toEqual([false, false]);
  });

  it('is none for an attribute without a unit or without a "better", or for lists', () => {
    expect(best({ ...flow, unit: '' }, ['470', '1290'])).toEqual([false, false]);
    expect(best(power, ['650', '2980'])).toEqual([false, false]);
    expect(best(flow, [['470'], ['1290']])).toEqual([false, false]);
  });

  it('reads negative and decimal figures', () => {
    expect(best(weight, ['-1.5', '0.25', '2'])).toEqual([true, false, false]);
  });
});
