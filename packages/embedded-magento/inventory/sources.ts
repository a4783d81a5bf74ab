/**
 * MSI's sources (`InventoryApi\Api\SourceRepositoryInterface`): read, searched and saved, each with
 * InventoryInStorePickup's extension attributes (`is_pickup_location_active`, `frontend_name`,
 * `frontend_description`: `LoadInStorePickupOnGetPlugin`, `SaveInStorePickupPlugin`). A save runs
 * `SourceValidatorChain` (Inventory's name, code, postcode and country validators, then
 * InventoryInStorePickup's city, street, phone and default-source ones) and is refused as
 * `ValidationException` "Validation Failed" with each message in `errors`.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import { m } from '../input.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';

/** `DefaultSourceProviderInterface::getCode()`. */
export const DEFAULT_SOURCE = 'default';

export const sourceRow = z.object({
  source_code: z.string(),
  name: z.string(),
  enabled: sqlNumber,
  description: z.string().nullable(),
  latitude: sqlNumber.nullable(),
  longitude: sqlNumber.nullable(),
  country_id: z.string(),
  region_id: sqlNumber.nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  contact_name: z.string().nullable(),
  fax: z.string().nullable(),
  use_default_carrier_config: sqlNumber,
  is_pickup_location_active: sqlNumber,
  frontend_name: z.string().nullable(),
  frontend_description: z.string().nullable(),
});
export type SourceRow = z.output<typeof sourceRow>;

/** Leaves out a null, as Magento's output leaves a `|null` getter's. */
const present = <K extends string, V>(key: K, value: V | null) =>
  value === null ? {} : ({ [key]: value } as Record<K, V>);

/** `SourceInterface` in its getters' order (`carrier_links` is empty: no per-source carriers here). */
export const serializeSource = (row: SourceRow) => ({
  source_code: row.source_code,
  name: row.name,
  ...present('email', row.email),
  ...present('contact_name', row.contact_name),
  enabled: row.enabled === 1,
  ...present('description', row.description),
  ...present('latitude', row.latitude),
  ...present('longitude', row.longitude),
  country_id: row.country_id,
  ...present('region_id', row.region_id),
  ...present('region', row.region),
  ...present('city', row.city),
  ...present('street', row.street),
  postcode: row.postcode,
  ...present('phone', row.phone),
  ...present('fax', row.fax),
  use_default_carrier_config: row.use_default_carrier_config === 1,
  carrier_links: [],
  extension_attributes: {
    is_pickup_location_active: row.is_pickup_location_active === 1,
    ...present('frontend_name', row.frontend_name),
    ...present('frontend_description', row.frontend_description),
  },
});

export const findSource = (db: Database, code: string): SourceRow | undefined =>
  db.get(sourceRow, 'SELECT * FROM inventory_sources WHERE source_code = ?', code);

/** `Source\Command\Get`: an unknown code is a NoSuchEntityException. */
export function getSource(db: Database, code: string): SourceRow {
  const source = findSource(db, code);
  if (!source) throw new MagentoError(404, 'Source with code "%value" does not exist.', { value: code });
  return source;
}

const SOURCE_COLUMNS = Object.keys(sourceRow.shape);
const sourceFields: FieldMapping = {
  expression: (field) => (SOURCE_COLUMNS.includes(field) ? `s.${field}` : `s.[${field.replace(/\W/g, '')}]`),
};

/** `GET /V1/inventory/sources`: `SourceSearchResultsInterface`. */
export function searchSources(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    {
      table: 'inventory_sources',
      alias: 's',
      mapping: sourceFields,
      tieBreak: 's.source_code',
      row: sourceRow,
    },
    criteria,
  );
  return { items: rows.map(serializeSource), search_criteria: criteria, total_count: total };
}

/** `SourceInterface` as a save binds it, with its extension attributes. */
export const sourceDto = m.dto({
  source_code: m.string(),
  name: m.string(),
  email: m.string(),
  contact_name: m.string(),
  enabled: m.bool(),
  description: m.string(),
  latitude: m.float(),
  longitude: m.float(),
  country_id: m.string(),
  region_id: m.int(),
  region: m.string(),
  city: m.string(),
  street: m.string(),
  postcode: m.string(),
  phone: m.string(),
  fax: m.string(),
  use_default_carrier_config: m.bool(),
  carrier_links: m.array(m.mixed()),
  extension_attributes: m.dto({
    is_pickup_location_active: m.bool(),
    frontend_name: m.string(),
    frontend_description: m.string(),
  }),
});
export type SourceInput = z.output<typeof sourceDto>;

type Phrase = { message: string; parameters?: Record<string, string> };
const field = (message: string, name: string): Phrase => ({ message, parameters: { field: name } });
const text = (value: string | null | undefined): string => value ?? '';

/** `NotAnEmptyString`, `NoWhitespaceInString`, `NoSpecialCharsInString` as the validators use them. */
const notEmpty = (name: string, value: string): Phrase[] =>
  value.trim() === '' ? [field('"%field" can not be empty.', name)] : [];

/** `SourceValidatorChain` with InventoryInStorePickup's validators, in di.xml's order. */
function sourceProblems(source: SourceRow): Phrase[] {
  const code = source.source_code;
  const pickup = source.is_pickup_location_active === 1;
  const forPickup = (name: string, value: string | null) =>
    pickup && text(value).trim() === ''
      ? [field('"%field" can not be empty for Pickup Location.', name)]
      : [];
  return [
    ...notEmpty('name', source.name),
    ...notEmpty('source_code', code),
    ...(/\s/.test(code) ? [field('"%field" can not contain whitespaces.', 'source_code')] : []),
    ...(/\$[:]*{(.)*}/.test(code) ? [{ message: 'Validation Failed' }] : []),
    ...notEmpty('postcode', source.postcode),
    ...notEmpty('country_id', source.country_id),
    ...forPickup('city', source.city),
    ...forPickup('street', source.street),
    ...forPickup('phone', source.phone),
    ...(code === DEFAULT_SOURCE && pickup
      ? [{ message: 'The Default Source can not be used for In-Store Pickup Delivery.' }]
      : []),
  ];
}

/** The row a save makes: the stored source (PUT of a known code) with what was sent laid over it. */
function mergedRow(stored: SourceRow | undefined, code: string, input: SourceInput): SourceRow {
  const pick = <T>(sent: T | null | undefined, old: T | null | undefined): T | null =>
    sent !== undefined ? sent : (old ?? null);
  const flag = (value: boolean | null | undefined) =>
    value === undefined || value === null ? undefined : value ? 1 : 0;
  const ext = input.extension_attributes ?? {};
  return {
    source_code: code,
    name: text(input.name ?? stored?.name),
    enabled: flag(input.enabled) ?? stored?.enabled ?? 1,
    description: pick(input.description, stored?.description),
    latitude: pick(input.latitude, stored?.latitude),
    longitude: pick(input.longitude, stored?.longitude),
    country_id: text(input.country_id ?? stored?.country_id),
    region_id: pick(input.region_id, stored?.region_id),
    region: pick(input.region, stored?.region),
    city: pick(input.city, stored?.city),
    street: pick(input.street, stored?.street),
    postcode: text(input.postcode ?? stored?.postcode),
    phone: pick(input.phone, stored?.phone),
    email: pick(input.email, stored?.email),
    contact_name: pick(input.contact_name, stored?.contact_name),
    fax: pick(input.fax, stored?.fax),
    use_default_carrier_config:
      flag(input.use_default_carrier_config) ?? stored?.use_default_carrier_config ?? 1,
    is_pickup_location_active: flag(ext.is_pickup_location_active) ?? stored?.is_pickup_location_active ?? 0,
    frontend_name: pick(ext.frontend_name, stored?.frontend_name),
    frontend_description: pick(ext.frontend_description, stored?.frontend_description),
  };
}

/**
 * `POST /V1/inventory/sources` and `PUT /V1/inventory/sources/:sourceCode` (`SourceRepository::save`,
 * void). The path's code wins over the body's on PUT, as the webapi binds the route parameter into the
 * entity.
 */
export function saveSource(db: Database, input: SourceInput, pathCode?: string): void {
  const code = pathCode ?? text(input.source_code);
  db.transaction(() => {
    const row = mergedRow(findSource(db, code), code, input);
    const problems = sourceProblems(row);
    if (problems.length > 0) throw new MagentoError(400, 'Validation Failed', undefined, problems);
    const columns = Object.keys(row);
    db.run(
      `INSERT INTO inventory_sources (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
       ON CONFLICT (source_code) DO UPDATE SET ${columns.map((column) => `${column} = excluded.${column}`).join(', ')}`,
      ...Object.values(row),
    );
  });
}
