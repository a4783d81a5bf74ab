/**
 * The compare page's sheet (sheet.ts), from the catalogue at build time: every attribute Magento marks
 * `is_comparable`, in Magento's attribute order, grouped as the product page groups them: technical data,
 * then the lists it shows in their own sections (equipment, applications). Empty groups are left out.
 */
import type { CatalogueAttribute } from '../../catalogue/types.ts';
import { splitUnit } from '../listing/index.ts';
import { LIST_ATTRIBUTES } from '../product-data/index.ts';
import { BETTER } from './better.ts';
import type { SheetAttribute, SheetGroup } from './sheet.ts';

/** The group headings, as the product page words them. */
export interface GroupLabels {
  technicalData: string;
  equipment: string;
  applications: string;
}

function sheetAttribute({ code, label }: CatalogueAttribute): SheetAttribute {
  const { unit } = splitUnit(label);
  const better = BETTER[code];
  return better ? { code, label, unit, better } : { code, label, unit };
}

export function buildSheet(attributes: readonly CatalogueAttribute[], labels: GroupLabels): SheetGroup[] {
  const comparable = attributes.filter((attribute) => attribute.comparable);
  const isList = (code: string) => code in LIST_ATTRIBUTES;
  const listGroup = (code: keyof typeof LIST_ATTRIBUTES): SheetGroup => ({
    label: labels[LIST_ATTRIBUTES[code]],
    attributes: comparable.filter((attribute) => attribute.code === code).map(sheetAttribute),
  });
  const groups: SheetGroup[] = [
    {
      label: labels.technicalData,
      attributes: comparable.filter(({ code }) => !isList(code)).map(sheetAttribute),
    },
    listGroup('equipmentAttr'),
    listGroup('applications_attrib'),
  ];
  return groups.filter((group) => group.attributes.length > 0);
}
