/**
 * What the /compare page knows of the attributes it compares, embedded in the page by the build
 * (build-sheet.ts) so the page needs no back-end call: the attributes Magento marks `is_comparable`, in
 * groups as the product page shows them (technical data, equipment, applications), each with its label
 * from Magento's metadata, its unit (from the label, as the listing's filters read it) and which figure is
 * better (better.ts). Read by hand (parse/reader.ts), as every catalogue page's data.
 */
import { asListOf, asString, handReader, isRecord, type Reader } from '@cleaning-shop/kit/reader.ts';
import type { Better } from './better.ts';

export interface SheetAttribute {
  code: string;
  /** Magento's label, as the product page shows it: "Weight (kg)". */
  label: string;
  /** The unit in the label ("kg"), or '' when it names none. */
  unit: string;
  /** Which figure is better, where that is unambiguous (better.ts). */
  better?: Better;
}

export interface SheetGroup {
  /** The heading of the group's rows, the product page's: "Technical data". */
  label: string;
  attributes: SheetAttribute[];
}

/** The element of the page that holds the sheet (a JSON data block, which is not script to CSP). */
export const SHEET_ID = 'compare-sheet';

const readBetter = (value: unknown): Better | undefined | null =>
  value === undefined ? undefined : value === 'higher' || value === 'lower' ? value : null;

function readAttribute(value: unknown): SheetAttribute | undefined {
  if (!isRecord(value)) return undefined;
  const code = asString(value['code']);
  const label = asString(value['label']);
  const unit = asString(value['unit']);
  const better = readBetter(value['better']);
  if (code === undefined || label === undefined || unit === undefined || better === null) return undefined;
  return better ? { code, label, unit, better } : { code, label, unit };
}

function readGroup(value: unknown): SheetGroup | undefined {
  if (!isRecord(value)) return undefined;
  const label = asString(value['label']);
  const attributes = asListOf(value['attributes'], readAttribute);
  return label === undefined || !attributes ? undefined : { label, attributes };
}

export const sheetReader: Reader<SheetGroup[]> = handReader((value) => asListOf(value, readGroup));
