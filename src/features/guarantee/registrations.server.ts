/**
 * Guarantee registrations in the shop's own store (PostgreSQL or SQLite, src/store/shared-store.ts), keyed by
 * the Magento customer id. They are not kept in Magento: a customer attribute holds one text of up to 255
 * characters (as `my_machines` does), not a list of records with dates, terms and a receipt file, and
 * Magento has no entity for registrations.
 *
 * A serial number is registered once per model across every customer (the unique index): a second
 * registration of it by the same customer answers the first (a double submit makes one), by another
 * customer it is refused. The receipt photo is kept in the row, so every replica can read it; the list and
 * the export say only its type and size.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Audience } from '../../catalogue/types.ts';
import { onceUntilFailure, type SharedStore } from '../../store/shared-store.ts';
import type { NoExtraYear } from './rules.ts';

/** One registration as the shopper, the certificate and the export see it. */
export const registrationSchema = z.object({
  /** The certificate number. @example "GC-7K2M9QX4TB" */
  certificate: z.string(),
  customerId: z.coerce.number().int(),
  sku: z.string(),
  model: z.string(),
  productName: z.string(),
  audience: z.enum(['home-garden', 'professional']),
  /** Kept as typed, in capitals without spaces. */
  serial: z.string(),
  purchasedOn: z.string(),
  deliveredOn: z.string(),
  registeredOn: z.string(),
  /** The order it was bought with here, or null when bought elsewhere. */
  orderNumber: z.string().nullable(),
  standardYears: z.coerce.number().int(),
  extraYears: z.coerce.number().int(),
  endsOn: z.string(),
  noExtraYear: z.enum(['professional', 'late']).nullable(),
  registerBy: z.string().nullable(),
  /** The receipt photo's type and size, or null when none was sent. */
  receipt: z.object({ type: z.string(), bytes: z.number().int() }).nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** What a new registration holds; the store gives its certificate number. */
export interface NewRegistration extends Omit<Registration, 'certificate' | 'receipt'> {
  readonly audience: Audience;
  readonly noExtraYear: NoExtraYear | null;
  readonly receipt: { readonly type: string; readonly content: Uint8Array } | null;
}

/** What registering answered: the customer's registration of the serial (new, or theirs already), or taken. */
export type Registered =
  | { readonly outcome: 'registered' | 'already'; readonly registration: Registration }
  | { readonly outcome: 'taken' };

export interface GuaranteeRecords {
  register(registration: NewRegistration): Promise<Registered>;
  /** The customer's registrations, newest first. */
  of(customerId: number): Promise<Registration[]>;
  /** The customer's registration with this certificate number; undefined when none (or another's). */
  one(customerId: number, certificate: string): Promise<Registration | undefined>;
  /** Removes every registration of the customer (their account's deletion). */
  forget(customerId: number): Promise<void>;
}

const schema = (store: SharedStore): string[] => [
  `CREATE TABLE IF NOT EXISTS guarantee_registrations (
    certificate TEXT PRIMARY KEY,
    customer_id BIGINT NOT NULL,
    sku TEXT NOT NULL,
    model TEXT NOT NULL,
    model_key TEXT NOT NULL,
    product_name TEXT NOT NULL,
    audience TEXT NOT NULL,
    serial TEXT NOT NULL,
    purchased_on TEXT NOT NULL,
    delivered_on TEXT NOT NULL,
    registered_on TEXT NOT NULL,
    order_number TEXT,
    standard_years INTEGER NOT NULL,
    extra_years INTEGER NOT NULL,
    ends_on TEXT NOT NULL,
    no_extra_year TEXT,
    register_by TEXT,
    receipt_type TEXT,
    receipt_bytes INTEGER,
    receipt ${store.dialect === 'postgres' ? 'BYTEA' : 'BLOB'},
    created_ms BIGINT NOT NULL
  )`,
  'CREATE UNIQUE INDEX IF NOT EXISTS guarantee_serial ON guarantee_registrations (model_key, serial)',
  'CREATE INDEX IF NOT EXISTS guarantee_customer ON guarantee_registrations (customer_id, created_ms)',
];

const COLUMNS = `certificate, customer_id AS "customerId", sku, model, product_name AS "productName", audience,
  serial, purchased_on AS "purchasedOn", delivered_on AS "deliveredOn", registered_on AS "registeredOn",
  order_number AS "orderNumber", standard_years AS "standardYears", extra_years AS "extraYears",
  ends_on AS "endsOn", no_extra_year AS "noExtraYear", register_by AS "registerBy",
  receipt_type AS "receiptType", receipt_bytes AS "receiptBytes"`;

const rowSchema = registrationSchema.omit({ receipt: true }).extend({
  receiptType: z.string().nullable(),
  receiptBytes: z.coerce.number().int().nullable(),
});

const fromRow = (row: unknown): Registration => {
  const { receiptType, receiptBytes, ...rest } = rowSchema.parse(row);
  return { ...rest, receipt: receiptType === null ? null : { type: receiptType, bytes: receiptBytes ?? 0 } };
};

/** Ten characters of Crockford's base 32: no I, L, O or U to misread on the phone. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const newCertificateNumber = (): string =>
  `GC-${[...randomBytes(10)].map((byte) => ALPHABET[byte % 32]).join('')}`;

/** The registrations in `store` (the table made on first use). */
export function guaranteeRecords(store: SharedStore, modelKey: (model: string) => string): GuaranteeRecords {
  const prepared = onceUntilFailure(() => store.ensure(schema(store)));
  const select = async (where: string, params: unknown[]) => {
    await prepared();
    const rows = await store.query(`SELECT ${COLUMNS} FROM guarantee_registrations WHERE ${where}`, params);
    return rows.map(fromRow);
  };
  return {
    async register(registration) {
      await prepared();
      const key = modelKey(registration.model);
      const r = registration;
      const certificate = newCertificateNumber();
      await store.run(
        `INSERT INTO guarantee_registrations (certificate, customer_id, sku, model, model_key, product_name,
           audience, serial, purchased_on, delivered_on, registered_on, order_number, standard_years,
           extra_years, ends_on, no_extra_year, register_by, receipt_type, receipt_bytes, receipt, created_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${store.clock})
         ON CONFLICT (model_key, serial) DO NOTHING`,
        [
          certificate,
          r.customerId,
          r.sku,
          r.model,
          key,
          r.productName,
          r.audience,
          r.serial,
          r.purchasedOn,
          r.deliveredOn,
          r.registeredOn,
          r.orderNumber,
          r.standardYears,
          r.extraYears,
          r.endsOn,
          r.noExtraYear,
          r.registerBy,
          r.receipt?.type ?? null,
          r.receipt?.content.byteLength ?? null,
          r.receipt ? Buffer.from(r.receipt.content) : null,
        ],
      );
      const [kept] = await select('model_key = ? AND serial = ?', [key, r.serial]);
      if (!kept) throw new Error(`The registration of ${r.model} ${r.serial} was neither written nor found.`);
      if (kept.customerId !== r.customerId) return { outcome: 'taken' };
      // Another certificate: this customer registered the serial before (a double submit), answered with it.
      return { outcome: kept.certificate === certificate ? 'registered' : 'already', registration: kept };
    },
    of: (customerId) => select('customer_id = ? ORDER BY created_ms DESC, certificate', [customerId]),
    one: async (customerId, certificate) =>
      (await select('customer_id = ? AND certificate = ?', [customerId, certificate]))[0],
    forget: async (customerId) => {
      await prepared();
      await store.run('DELETE FROM guarantee_registrations WHERE customer_id = ?', [customerId]);
    },
  };
}
