/**
 * Magento_NegotiableQuote's per-company switch (`negotiable_quote_company_config`), answered and saved as a
 * company's `extension_attributes.quote_config`. Magento's column defaults to 1 and its company save
 * writes the row for every company, so a company without a row here (registered or seeded before the
 * switch was kept) reads as enabled.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

const configRow = z.object({ is_quote_enabled: sqlNumber });

/** The company's stored switch, or undefined when Magento would have written none yet. */
export function storedQuoteConfig(db: Database, companyId: number): boolean | undefined {
  const row = db.get(
    configRow,
    'SELECT is_quote_enabled FROM negotiable_quote_company_config WHERE company_entity_id = ?',
    companyId,
  );
  return row === undefined ? undefined : row.is_quote_enabled === 1;
}

/**
 * Whether the company's users may ask for negotiable quotes (Magento_NegotiableQuote's
 * `Validator\Customer` and `Helper\Quote::isEnabled` read the same switch).
 */
export const quotesEnabled = (db: Database, companyId: number): boolean =>
  storedQuoteConfig(db, companyId) ?? true;

/** Writes the switch; `undefined` keeps a stored one, else writes Magento's column default (on). */
export function saveQuoteConfig(db: Database, companyId: number, enabled: boolean | undefined): void {
  db.run(
    `INSERT INTO negotiable_quote_company_config (company_entity_id, is_quote_enabled) VALUES (?, ?)
     ON CONFLICT (company_entity_id) DO UPDATE SET is_quote_enabled = coalesce(?, is_quote_enabled)`,
    companyId,
    enabled === false ? 0 : 1,
    enabled === undefined ? null : enabled ? 1 : 0,
  );
}
