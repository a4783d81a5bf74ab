/**
 * Product attribute metadata (COVERAGE.md D): one attribute, a searchCriteria list, and an attribute's
 * options, serialized with the wire types of Magento's getters (`is_filterable` boolean although the
 * column holds 0/1/2, `is_filterable_in_search` boolean, `is_comparable` and `is_searchable` the string
 * "0"/"1", `entity_type_id` the string "4").
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';

const attributeRow = z.object({
  attribute_id: sqlNumber,
  code: z.string(),
  label: z.string(),
  frontend_input: z.string(),
  backend_type: z.string(),
  is_user_defined: sqlNumber,
  is_required: sqlNumber,
  position: sqlNumber,
  is_filterable: sqlNumber,
  is_filterable_in_search: sqlNumber,
  used_for_sort_by: sqlNumber,
  is_comparable: sqlNumber,
  is_searchable: sqlNumber,
});
type AttributeRow = z.output<typeof attributeRow>;

const optionRow = z.object({ option_id: sqlNumber, attribute_id: sqlNumber, label: z.string() });

/** `eav-data-attribute-option-interface` as Magento sends it: `label`, then `value` (a string). */
export interface AttributeOption {
  label: string;
  value: string;
}

const ATTRIBUTE_COLUMNS: Readonly<Record<string, string>> = {
  attribute_id: 'a.attribute_id',
  attribute_code: 'a.code',
  frontend_input: 'a.frontend_input',
  backend_type: 'a.backend_type',
  is_user_defined: 'a.is_user_defined',
  is_required: 'a.is_required',
  default_frontend_label: 'a.label',
  frontend_label: 'a.label',
  position: 'a.position',
  is_filterable: 'a.is_filterable',
  is_filterable_in_search: 'a.is_filterable_in_search',
  used_for_sort_by: 'a.used_for_sort_by',
  is_comparable: 'a.is_comparable',
  is_searchable: 'a.is_searchable',
};

const attributeFields: FieldMapping = { expression: (field) => ATTRIBUTE_COLUMNS[field] ?? 'NULL' };

/** Where an attribute's options come from (`source_model`); attributes without options have none. */
const TABLE_SOURCE = 'Magento\\Eav\\Model\\Entity\\Attribute\\Source\\Table';

/**
 * The system attributes whose options come from their own source model, not the options table
 * (`Catalog/Model/Product/Visibility::getAllOptions()`, `…/Attribute/Source/Status::getAllOptions()`):
 * no empty option, values as strings.
 */
const SOURCE_MODELS: Readonly<Record<string, { model: string; options: readonly AttributeOption[] }>> = {
  visibility: {
    model: 'Magento\\Catalog\\Model\\Product\\Visibility',
    options: [
      { label: 'Not Visible Individually', value: '1' },
      { label: 'Catalog', value: '2' },
      { label: 'Search', value: '3' },
      { label: 'Catalog, Search', value: '4' },
    ],
  },
  status: {
    model: 'Magento\\Catalog\\Model\\Product\\Attribute\\Source\\Status',
    options: [
      { label: 'Enabled', value: '1' },
      { label: 'Disabled', value: '2' },
    ],
  },
};

/** A user-defined select or multiselect takes its options from the options table (`Source\Table`). */
const usesOptionTable = (row: AttributeRow): boolean =>
  row.is_user_defined === 1 && (row.frontend_input === 'select' || row.frontend_input === 'multiselect');

/**
 * `$attribute->getOptions()`: for the options table, Magento's empty option (a single space, so a form
 * can show "nothing chosen") first, then every option in sort order; a source model's own list; else [].
 */
function optionsOf(
  row: AttributeRow,
  stored: readonly { option_id: number; label: string }[],
): AttributeOption[] {
  if (usesOptionTable(row)) {
    return [
      { label: ' ', value: '' },
      ...stored.map((option) => ({ label: option.label, value: String(option.option_id) })),
    ];
  }
  return [...(SOURCE_MODELS[row.code]?.options ?? [])];
}

/** The stored options of these attributes, by attribute id, in sort order. */
function storedOptions(db: Database, attributeIds: readonly number[]) {
  const byAttribute = new Map<number, { option_id: number; label: string }[]>();
  if (attributeIds.length === 0) return byAttribute;
  const rows = db.all(
    optionRow,
    `SELECT option_id, attribute_id, label FROM attribute_options
     WHERE attribute_id IN (${attributeIds.map(() => '?').join(', ')}) ORDER BY sort_order, option_id`,
    ...attributeIds,
  );
  for (const row of rows) {
    const list = byAttribute.get(row.attribute_id) ?? [];
    list.push(row);
    byAttribute.set(row.attribute_id, list);
  }
  return byAttribute;
}

function sourceModel(row: AttributeRow): { source_model?: string } {
  const model = usesOptionTable(row) ? TABLE_SOURCE : SOURCE_MODELS[row.code]?.model;
  return model === undefined ? {} : { source_model: model };
}

const serializeAttribute = (row: AttributeRow, options: AttributeOption[]) => ({
  is_wysiwyg_enabled: false,
  is_html_allowed_on_front: row.frontend_input === 'textarea',
  used_for_sort_by: row.used_for_sort_by !== 0,
  // 1 "with results" and 2 "no results" both read as true: the getter is typed bool.
  is_filterable: row.is_filterable !== 0,
  is_filterable_in_search: row.is_filterable_in_search !== 0,
  is_used_in_grid: true,
  is_visible_in_grid: false,
  is_filterable_in_grid: true,
  position: row.position,
  apply_to: [],
  // `getIsSearchable()` is typed string (Catalog/Api/Data/EavAttributeInterface), like is_comparable.
  // Magento keeps `search_weight` in the same table (CatalogSearch/etc/db_schema.xml), but no getter of
  // the interface reads it, so REST never sends it: neither do we.
  is_searchable: row.is_searchable !== 0 ? '1' : '0',
  is_visible_in_advanced_search: '0',
  is_comparable: row.is_comparable !== 0 ? '1' : '0',
  is_used_for_promo_rules: '0',
  is_visible_on_front: row.is_user_defined ? '1' : '0',
  used_in_product_listing: '0',
  is_visible: true,
  scope: 'global',
  attribute_id: row.attribute_id,
  attribute_code: row.code,
  frontend_input: row.frontend_input,
  entity_type_id: '4',
  is_required: row.is_required === 1,
  options,
  is_user_defined: row.is_user_defined === 1,
  default_frontend_label: row.label,
  frontend_labels: [],
  backend_type: row.backend_type,
  // A null source model is left out, as every null getter is.
  ...sourceModel(row),
  is_unique: '0',
  validation_rules: [],
});

export function searchAttributes(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    {
      table: 'attributes',
      alias: 'a',
      mapping: attributeFields,
      tieBreak: 'a.attribute_id ASC',
      row: attributeRow,
    },
    criteria,
  );
  // Magento re-reads every item through get(), so each carries its options as the single read does.
  const options = storedOptions(
    db,
    rows.filter(usesOptionTable).map((row) => row.attribute_id),
  );
  return {
    items: rows.map((row) => serializeAttribute(row, optionsOf(row, options.get(row.attribute_id) ?? []))),
    search_criteria: criteria,
    total_count: total,
  };
}

function attributeByCode(db: Database, code: string): AttributeRow {
  const row = db.get(attributeRow, 'SELECT * FROM attributes WHERE code = ?', code);
  if (!row) throw errors.attributeNotFound(code);
  return row;
}

function optionsOfRow(db: Database, row: AttributeRow): AttributeOption[] {
  const stored = usesOptionTable(row)
    ? (storedOptions(db, [row.attribute_id]).get(row.attribute_id) ?? [])
    : [];
  return optionsOf(row, stored);
}

export function getAttribute(db: Database, code: string) {
  const row = attributeByCode(db, code);
  return serializeAttribute(row, optionsOfRow(db, row));
}

/** `GET /V1/products/attributes/:attributeCode/options` (`OptionManagement::getItems()`). */
export function getAttributeOptions(db: Database, code: string): AttributeOption[] {
  return optionsOfRow(db, attributeByCode(db, code));
}
