/**
 * `CompanyInterface` as Magento's web API writes it (`DataObjectProcessor`): the getters' order, each value
 * cast to its declared type (`region_id` is a string), a null left out where the getter may return null and
 * kept where it may not (`street`, `customer_group_id`, `sales_representative_id`, `reject_reason`,
 * `rejected_at`, `super_user_id`). The extension attributes are Magento_NegotiableQuote's `quote_config`
 * and Magento_PurchaseOrder's switch.
 */
import { z } from 'zod';
import type { Database } from '../db.ts';
import type { CompanyRow } from './company-row.ts';
import { purchaseOrdersEnabled } from './membership.ts';
import { quotesEnabled } from './quote-config.ts';

type Value = string | number | null | undefined;

/** The fields a company answers with, as stored or as a save holds them. */
export interface CompanyValues {
  readonly id: number;
  readonly status?: Value;
  readonly company_name?: Value;
  readonly legal_name?: Value;
  readonly company_email?: Value;
  readonly vat_tax_id?: Value;
  readonly reseller_id?: Value;
  readonly comment?: Value;
  readonly street?: readonly string[] | null | undefined;
  readonly city?: Value;
  readonly country_id?: Value;
  readonly region?: Value;
  readonly region_id?: Value;
  readonly postcode?: Value;
  readonly telephone?: Value;
  readonly customer_group_id?: Value;
  readonly sales_representative_id?: Value;
  readonly reject_reason?: Value;
  readonly rejected_at?: Value;
  readonly super_user_id?: Value;
}

const NULLABLE_TEXT = [
  'company_name',
  'legal_name',
  'company_email',
  'vat_tax_id',
  'reseller_id',
  'comment',
] as const;
const ADDRESS_TEXT = ['city', 'country_id', 'region', 'region_id', 'postcode', 'telephone'] as const;

const text = (value: Value) => (value === null || value === undefined ? null : String(value));
const int = (value: Value) => (value === null || value === undefined ? null : Math.trunc(Number(value)));

function optional(values: CompanyValues, keys: readonly (keyof CompanyValues)[]) {
  return Object.fromEntries(
    keys.flatMap((key) => {
      const value = text(values[key] as Value);
      return value === null ? [] : [[key, value]];
    }),
  );
}

/** The company as the web API writes it, with the extension attributes given. */
export function companyAnswer(values: CompanyValues, extension: Record<string, unknown>) {
  const status = int(values.status);
  return {
    id: values.id,
    ...(status === null ? {} : { status }),
    ...optional(values, NULLABLE_TEXT),
    street: values.street ? [...values.street] : null,
    ...optional(values, ADDRESS_TEXT),
    customer_group_id: int(values.customer_group_id),
    sales_representative_id: int(values.sales_representative_id),
    reject_reason: text(values.reject_reason),
    rejected_at: text(values.rejected_at),
    super_user_id: int(values.super_user_id),
    extension_attributes: extension,
  };
}

/** A stored company's fields (its street kept as a JSON list). */
export const valuesOfRow = (row: CompanyRow): CompanyValues => ({
  ...row,
  id: row.entity_id,
  street: z.array(z.string()).catch([]).parse(JSON.parse(row.street)),
});

/** `GET /V1/company/:id`: the quote switch with its company id (a string, as its interface declares). */
export const storedCompany = (db: Database, row: CompanyRow) =>
  companyAnswer(valuesOfRow(row), {
    quote_config: { company_id: String(row.entity_id), is_quote_enabled: quotesEnabled(db, row.entity_id) },
    is_purchase_order_enabled: purchaseOrdersEnabled(db, row.entity_id),
  });

/** A company of a search: the list joins the quote switch's column alone, so no company id in it. */
export const listedCompany = (db: Database, row: CompanyRow) =>
  companyAnswer(valuesOfRow(row), {
    quote_config: { is_quote_enabled: quotesEnabled(db, row.entity_id) },
    is_purchase_order_enabled: purchaseOrdersEnabled(db, row.entity_id),
  });
