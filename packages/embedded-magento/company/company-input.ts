/**
 * The `company` body of `POST /V1/company/` and `PUT /V1/company/:companyId` bound as Magento binds a
 * `CompanyInterface` (`../input.ts`): each field cast to its declared type, an unknown one refused. Its
 * extension attributes are Magento_CompanyPayment's, Magento_NegotiableQuote's and Magento_PurchaseOrder's.
 */
import type { z } from 'zod';
import { m } from '../input.ts';

const quoteConfig = m.dto({
  company_id: m.string(),
  is_quote_enabled: m.bool(),
  extension_attributes: m.mixed(),
});

export const companyExtensionDto = m.dto({
  applicable_payment_method: m.int(),
  available_payment_methods: m.string(),
  use_config_settings: m.int(),
  quote_config: quoteConfig,
  is_purchase_order_enabled: m.bool(),
});

export const companyDto = m.dto({
  id: m.int(),
  status: m.int(),
  company_name: m.string(),
  legal_name: m.string(),
  company_email: m.string(),
  vat_tax_id: m.string(),
  reseller_id: m.string(),
  comment: m.string(),
  street: m.array(m.string()),
  city: m.string(),
  country_id: m.string(),
  region: m.string(),
  region_id: m.string(),
  postcode: m.string(),
  telephone: m.string(),
  customer_group_id: m.int(),
  sales_representative_id: m.int(),
  reject_reason: m.string(),
  rejected_at: m.string(),
  super_user_id: m.int(),
  extension_attributes: companyExtensionDto,
});

export type CompanyInput = z.output<typeof companyDto>;

export const companyBody = m.params({ company: companyDto });
