/** Product attribute metadata (frontend labels, options), searchable with searchCriteria. */
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
});
type AttributeRow = z.output<typeof attributeRow>;

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
};

const attributeFields: FieldMapping = { expression: (field) => ATTRIBUTE_COLUMNS[field] ?? 'NULL' };

const serializeAttribute = (row: AttributeRow) => ({
  is_wysiwyg_enabled: false,
  is_html_allowed_on_front: row.frontend_input === 'textarea',
  used_for_sort_by: false,
  is_filterable: false,
  is_filterable_in_search: false,
  is_used_in_grid: true,
  is_visible_in_grid: false,
  is_filterable_in_grid: true,
  position: row.position,
  apply_to: [],
  is_searchable: '0',
  is_visible_in_advanced_search: '0',
  is_comparable: '0',
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
  options: [],
  is_user_defined: row.is_user_defined === 1,
  default_frontend_label: row.label,
  frontend_labels: [],
  backend_type: row.backend_type,
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
  return { items: rows.map(serializeAttribute), search_criteria: criteria, total_count: total };
}

export function getAttribute(db: Database, code: string) {
  const row = db.get(attributeRow, 'SELECT * FROM attributes WHERE code = ?', code);
  if (!row) throw errors.attributeNotFound(code);
  return serializeAttribute(row);
}
