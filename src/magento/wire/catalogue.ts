/**
 * Magento's wire shapes for the catalogue, as real Magento sends them: ids as numbers or numeric strings,
 * absent nulls, custom attribute values as a string or a list (CONTRACT.md §5.2, §7). Only the fields the
 * shop reads are declared; everything else passes through untouched.
 */
import { z } from 'zod';

const id = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);

export const magentoCustomAttribute = z.object({
  attribute_code: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])), z.null()]),
});
export type MagentoCustomAttribute = z.infer<typeof magentoCustomAttribute>;

export const magentoMediaEntry = z
  .object({
    id: id.optional(),
    media_type: z.string().optional(),
    label: z.string().nullable().optional(),
    position: z.number().nullable().optional(),
    disabled: z.boolean().optional(),
    types: z.array(z.string()).optional(),
    file: z.string(),
  })
  .loose();
export type MagentoMediaEntry = z.infer<typeof magentoMediaEntry>;

export const magentoProductLink = z
  .object({
    sku: z.string().optional(),
    link_type: z.string(),
    linked_product_sku: z.string(),
    position: z.number().nullable().optional(),
  })
  .loose();

/** A product as `GET /V1/products` returns it. */
export const magentoProduct = z
  .object({
    id: id,
    sku: z.string().min(1),
    name: z.string().min(1),
    price: z.number().nullable().optional(),
    /**
     * Kilograms, top-level on the product, not a custom attribute (CONTRACT.md: a float, omitted when
     * null). A negative one is a data fault and reads as none.
     */
    weight: z
      .number()
      .nullable()
      .optional()
      .transform((kg) => (kg === null || kg === undefined || kg < 0 ? null : kg)),
    status: z.union([z.number(), z.string()]).transform(Number).optional(),
    visibility: z.union([z.number(), z.string()]).transform(Number).optional(),
    type_id: z.string().optional(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
    extension_attributes: z
      .object({
        category_links: z
          .array(z.object({ category_id: id, position: z.number().nullable().optional() }).loose())
          .optional(),
        stock_item: z
          .object({ qty: z.number().nullable().optional(), is_in_stock: z.boolean() })
          .loose()
          .optional(),
        /** A configurable's options (COMMERCE-BASICS §3.1): `attribute_id` is a string, values option ids. */
        configurable_product_options: z
          .array(
            z
              .object({
                attribute_id: z.union([z.number(), z.string()]).transform(String),
                label: z.string().nullable().optional(),
                position: z.number().nullable().optional(),
                values: z.array(z.object({ value_index: z.number() }).loose()).optional(),
              })
              .loose(),
          )
          .nullable()
          .optional(),
        /** A configurable's children, by entity id. */
        configurable_product_links: z.array(z.number()).nullable().optional(),
      })
      .loose()
      .optional(),
    /** COMMERCE-BASICS §4.1: per customer group (32000 ALL GROUPS), `value` the unit price from `qty`. */
    tier_prices: z
      .array(z.object({ customer_group_id: z.number(), qty: z.number(), value: z.number() }).loose())
      .nullable()
      .optional(),
    product_links: z.array(magentoProductLink).optional(),
    media_gallery_entries: z.array(magentoMediaEntry).optional(),
    custom_attributes: z.array(magentoCustomAttribute).optional(),
  })
  .loose();
export type MagentoProduct = z.infer<typeof magentoProduct>;

/** Products are parsed one by one so one bad record is reported, not the whole page lost. */
export const magentoProductPage = z.object({
  items: z.array(z.unknown()),
  total_count: z.number(),
});

export interface MagentoCategoryTree {
  id: number;
  parent_id: number;
  name: string;
  is_active: boolean | null;
  position: number;
  level: number;
  product_count: number;
  children_data: MagentoCategoryTree[];
}

export const magentoCategoryTree: z.ZodType<MagentoCategoryTree> = z.lazy(() =>
  z.object({
    id: id,
    parent_id: id,
    name: z.string(),
    is_active: z
      .boolean()
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    position: z.number().optional().default(0),
    level: z.number().optional().default(0),
    product_count: z.number().optional().default(0),
    children_data: z.array(magentoCategoryTree).optional().default([]),
  }),
) as z.ZodType<MagentoCategoryTree>;

/** `GET /V1/categories/:id`: where url_key lives. */
export const magentoCategory = z
  .object({
    id: id,
    name: z.string(),
    custom_attributes: z.array(magentoCustomAttribute).optional(),
  })
  .loose();
export type MagentoCategory = z.infer<typeof magentoCategory>;

/**
 * A 0/1 flag of Magento's attribute metadata. The getters type some as bool and some as string
 * (`is_comparable: "1"`), and `is_filterable` is 0, 1 or 2 in the database (COVERAGE.md D): any non-zero
 * value means yes. Absent means no.
 */
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((value) => value === true || (value !== undefined && value !== false && Number(value) > 0));

/**
 * `search_weight` (1–10: how much a match in this attribute counts in quick search). Magento keeps it in
 * catalog_eav_attribute but no getter of the attribute interface reads it, so stock REST never sends it;
 * a custom module may. Absent, empty, or not a number from 1 to 10 reads as null (no weight of its own):
 * one odd value from a module should not stop the catalogue from loading.
 */
const searchWeight = z
  .union([z.number(), z.string()])
  .nullable()
  .optional()
  .transform((value) => {
    const weight = value === null || value === undefined || value === '' ? NaN : Number(value);
    return weight >= 1 && weight <= 10 ? weight : null;
  });

/** One option of a select or multiselect attribute; the first is Magento's empty option (`" "`, `""`). */
export const magentoAttributeOption = z
  .object({ label: z.string(), value: z.union([z.string(), z.number()]).transform(String) })
  .loose();
export type MagentoAttributeOption = z.infer<typeof magentoAttributeOption>;
export const magentoAttributeOptions = z.array(magentoAttributeOption);

export const magentoAttribute = z
  .object({
    attribute_id: z.union([z.number(), z.string()]).transform(String).optional(),
    attribute_code: z.string(),
    default_frontend_label: z.string().nullable().optional(),
    frontend_labels: z
      .array(z.object({ store_id: z.number().optional(), label: z.string() }).loose())
      .optional(),
    frontend_input: z.string().nullable().optional(),
    backend_type: z.string().nullable().optional(),
    is_filterable: flag,
    used_for_sort_by: flag,
    is_comparable: flag,
    /** Quick search looks in its values; typed string (`"1"`) like is_comparable. */
    is_searchable: flag,
    /** A filter of the search results page too; typed bool. */
    is_filterable_in_search: flag,
    search_weight: searchWeight,
    is_user_defined: z.boolean().optional(),
    position: z.number().nullable().optional(),
  })
  .loose();
export type MagentoAttribute = z.infer<typeof magentoAttribute>;

export const magentoAttributePage = z.object({ items: z.array(magentoAttribute), total_count: z.number() });

/** What the sweep reads of every product (Magento's `fields` partial response). */
export const magentoProductStamp = z
  .object({
    sku: z.string().min(1),
    status: z.union([z.number(), z.string()]).transform(Number).optional(),
    visibility: z.union([z.number(), z.string()]).transform(Number).optional(),
    updated_at: z.string().optional(),
  })
  .loose();
export const magentoProductStampPage = z.object({
  items: z.array(magentoProductStamp).optional().default([]),
  total_count: z.number(),
});
export type ProductStamp = z.infer<typeof magentoProductStamp>;

/** `GET /V1/categories/:id/products`: the category's product links (`category_id` arrives as a string). */
export const magentoCategoryProductLinks = z.array(
  z.object({ sku: z.string(), position: z.number().nullable().optional(), category_id: id }).loose(),
);
