/**
 * What a company save does with its extension attributes: Magento_PurchaseOrder's switch when sent, and
 * Magento_NegotiableQuote's quote switch, which its plugin on the company repository saves after every
 * company save (the one sent, else the stored one) and puts on the company answered. A new company sent
 * none answers `false` (the plugin's empty config) while its row takes the column's default, on.
 * Magento_CompanyPayment's payment settings are not kept: its save handler erases them from the answer.
 */
import type { z } from 'zod';
import type { Database } from '../db.ts';
import type { companyExtensionDto } from './company-input.ts';
import { quotesEnabled, saveQuoteConfig } from './quote-config.ts';

type Extension = NonNullable<z.output<typeof companyExtensionDto>>;

export function savePurchaseOrderSwitch(
  db: Database,
  companyId: number,
  enabled: boolean | null | undefined,
) {
  if (enabled === null || enabled === undefined) return;
  db.run(
    `INSERT INTO purchase_order_company_config (company_entity_id, is_purchase_order_enabled) VALUES (?, ?)
     ON CONFLICT (company_entity_id) DO UPDATE SET is_purchase_order_enabled = excluded.is_purchase_order_enabled`,
    companyId,
    enabled ? 1 : 0,
  );
}

/** Saves the quote switch after a company save; answers `quote_config` as the save held it. */
export function quoteConfigAnswer(
  db: Database,
  companyId: number,
  given: Extension['quote_config'],
  isNew: boolean,
) {
  const sent = given?.is_quote_enabled ?? undefined;
  saveQuoteConfig(db, companyId, sent);
  const held = given ? (sent ?? false) : isNew ? false : quotesEnabled(db, companyId);
  return { company_id: String(companyId), is_quote_enabled: held };
}
