/** The compare page's sheet of attributes: built from Magento's metadata, read back in the browser. */
import { describe, expect, it } from 'vitest';
import type { CatalogueAttribute } from '../../../src/catalogue/types.ts';
import { TECHNICAL_ATTRIBUTES } from '@cleaning-shop/embedded-magento/seed/data/attributes.ts';
import { BETTER } from '../../../src/features/compare/better.ts';
import { buildSheet } from '../../../src/features/compare/build-sheet.ts';
import { sheetReader } from '../../../src/features/compare/sheet.ts';

const attribute = (code: string, label: string, comparable = true): CatalogueAttribute => ({
  id: '',
  code,
  label,
  input: 'text',
  backendType: 'decimal',
  filterable: false,
  sortable: false,
  comparable,
  searchable: false,
  filterableInSearch: false,
  searchWeight: null,
  position: 0,
  options: [],
});

const labels = { technicalData: 'Technical data', equipment: 'Equipment', applications: 'Applications' };

describe('the compare sheet', () => {
  // Magento's order: the lists come first among the attributes, as in the demo.
  const attributes = [
    attribute('equipmentAttr', 'Equipment'),
    attribute('applications_attrib', 'Applications'),
    attribute('weight_kg', 'Weight (kg)'),
    attribute('supplier_code', 'Model n', false),
    attribute('sound_pressure_db', 'Sound pressure level (dB(A))'),
    attribute('power_w', 'Power (W)'),
    attribute('colour', 'Colour'),
  ];

  it('groups the comparable attributes as the product page does, in Magento’s order within a group', () => {
    const sheet = buildSheet(attributes, labels);
    expect(sheet.map((group) => [group.label, group.attributes.map(({ code }) => code)])).toEqual([
      ['Technical data', ['weight_kg', 'sound_pressure_db', 'power_w', 'colour']],
      ['Equipment', ['equipmentAttr']],
      ['Applications', ['applications_attrib']],
    ]);
  });

  it('labels each as Magento does, with the unit its label names and which figure is better', () => {
    const [technical] = buildSheet(attributes, labels);
    expect(technical?.attributes).toEqual([
      { code: 'weight_kg', label: 'Weight (kg)', unit: 'kg', better: 'lower' },
      { code: 'sound_pressure_db', label: 'Sound pressure level (dB(A))', unit: 'dB(A)', better: 'lower' },
      { code: 'power_w', label: 'Power (W)', unit: 'W' },
      { code: 'colour', label: 'Colour', unit: '' },
    ]);
  });

  it('leaves out a group with no comparable attribute', () => {
    const sheet = buildSheet(
      attributes.filter(({ code }) => code !== 'applications_attrib'),
      labels,
    );
    expect(sheet.map((group) => group.label)).toEqual(['Technical data', 'Equipment']);
  });

  it('reads back as written, and refuses another shape', () => {
    const sheet = buildSheet(attributes, labels);
    expect(sheetReader.safeParse(JSON.parse(JSON.stringify(sheet)))).toEqual({ success: true, data: sheet });
    for (const bad of [
      {},
      [{ label: 'Technical data' }],
      [{ label: 'Technical data', attributes: [{ code: 'a', label: 'A' }] }],
      [{ label: 'Technical data', attributes: [{ code: 'a', label: 'A', unit: '', better: 'more' }] }],
    ])
      expect(sheetReader.safeParse(bad).success).toBe(false);
  });
});

describe('"better", declared once (features/compare/better.ts)', () => {
  it('names only numeric attributes with a unit in the demo catalogue, so every declaration can apply', () => {
    const byCode = new Map(TECHNICAL_ATTRIBUTES.map((definition) => [definition.code, definition]));
    for (const code of Object.keys(BETTER)) {
      const definition = byCode.get(code);
      expect(definition?.kind, code).toBe('decimal');
      expect(definition?.label, code).toMatch(/\)$/);
    }
  });
});
