/**
 * A company as `Company\Save` holds it while it saves: the fields sent (a field left out is no field, an
 * explicit null is one), after `processAddress` (the street lines joined by a new line and trimmed, then
 * read back as lines; `region_id` or else `region` dropped) and `processSalesRepresentative` (none given
 * is the first admin user). Its checks, writes and answer all read this.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import type { CompanyInput } from './company-input.ts';
import type { CompanyValues } from './company-out.ts';

export type Saving = Omit<CompanyValues, 'id'> & {
  readonly id: number | undefined;
  /** The names of the fields the save writes (Magento's `hasData`). */
  sent: ReadonlySet<string>;
};

/** PHP's `empty()` of a value as the company model holds it. */
export const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === '0' ||
  value === 0 ||
  (Array.isArray(value) && value.length === 0);

const firstAdmin = (db: Database): number | undefined =>
  db.get(z.object({ id: sqlNumber }), 'SELECT id FROM admins ORDER BY id LIMIT 1')?.id;

function street(lines: readonly (string | null)[] | null | undefined): readonly string[] | null | undefined {
  if (lines === undefined || lines === null) return lines;
  if (lines.length === 0) return [];
  return lines
    .map((line) => line ?? '')
    .join('\n')
    .trim()
    .split('\n');
}

/** The fields sent (all but the extension attributes) as the model holds them once `Company\Save` processed them. */
export function savingOf(db: Database, fields: Omit<CompanyInput, 'extension_attributes'>): Saving {
  const sent = new Set(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key]) => key),
  );
  const regionId = isEmpty(fields.region_id) ? null : (fields.region_id ?? null);
  const salesRepresentative = isEmpty(fields.sales_representative_id)
    ? (firstAdmin(db) ?? null)
    : fields.sales_representative_id;
  // Processing sets these three whatever was sent, so every save writes them.
  for (const key of ['region', 'region_id', 'sales_representative_id']) sent.add(key);
  return {
    ...fields,
    id: fields.id ?? undefined,
    street: street(fields.street),
    region_id: regionId,
    region: regionId === null ? fields.region : null,
    sales_representative_id: salesRepresentative,
    sent,
  };
}
