/**
 * Magento's attribute metadata mapped to the catalogue's attributes (labels, options), and the lookup that
 * mapping a product reads them through (map.ts). Pure.
 */
import type { MagentoAttribute, MagentoAttributeOption } from '../magento/wire/catalogue.ts';
import type { CatalogueAttribute } from './types.ts';

/** An attribute's admin label, else its first store label, trimmed; '' when it has none. */
export const attributeLabel = (attribute: MagentoAttribute): string =>
  (attribute.default_frontend_label ?? attribute.frontend_labels?.[0]?.label ?? '').trim();

/**
 * An attribute's metadata and, for a select or multiselect, its options (from the options route), with
 * Magento's empty first option and blank labels left out.
 */
export function toAttribute(
  attribute: MagentoAttribute,
  options: readonly MagentoAttributeOption[] = [],
): CatalogueAttribute {
  return {
    id: attribute.attribute_id ?? '',
    code: attribute.attribute_code.trim(),
    label: attributeLabel(attribute),
    input: attribute.frontend_input ?? 'text',
    backendType: attribute.backend_type ?? 'varchar',
    filterable: attribute.is_filterable,
    sortable: attribute.used_for_sort_by,
    comparable: attribute.is_comparable,
    searchable: attribute.is_searchable,
    filterableInSearch: attribute.is_filterable_in_search,
    searchWeight: attribute.search_weight,
    position: attribute.position ?? 0,
    options: options
      .filter((option) => option.value !== '' && option.label.trim() !== '')
      .map((option) => ({ id: option.value, label: option.label.trim() })),
  };
}

/** What mapping a product reads of the attribute metadata: labels, and option labels by option id. */
export interface AttributeLookup {
  labels: ReadonlyMap<string, string>;
  /** The attributes by Magento's attribute id (configurable options name them so). */
  byId: ReadonlyMap<string, CatalogueAttribute>;
  options: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The codes of the select (single-choice) attributes: a configurable varies by those. */
  selects: ReadonlySet<string>;
}

export const attributeLookup = (attributes: readonly CatalogueAttribute[]): AttributeLookup => ({
  labels: new Map(attributes.map((attribute) => [attribute.code, attribute.label])),
  byId: new Map(attributes.map((attribute) => [attribute.id, attribute])),
  options: new Map(
    attributes
      .filter((attribute) => attribute.options.length > 0)
      .map((attribute) => [
        attribute.code,
        new Map(attribute.options.map((option) => [option.id, option.label])),
      ]),
  ),
  selects: new Set(
    attributes.filter((attribute) => attribute.input === 'select').map((attribute) => attribute.code),
  ),
});
