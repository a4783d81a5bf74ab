/** What shoppers see of the shop's identity, from configuration (public, safe for pages). */
import { z } from 'zod';
import type { ShopSettings } from './env.ts';

/**
 * The shop's identity as a value handed to the pages of a build (in its render plan, or by the warm
 * renderer for a run): `siteUrl` is the origin the pages are rendered for.
 */
export const shopInfoSchema = z.object({
  name: z.string(),
  phone: z.string(),
  orderPhone: z.string(),
  email: z.string(),
  address: z.string(),
  siteUrl: z.string().min(1),
  /** ANALYTICS_TAG: the GTM container or GA4 measurement id loaded after consent; null for none. */
  analyticsTag: z.string().nullable(),
  /** PRIVACY_POLICY_VERSION: a stored consent given to another version is asked again. */
  policyVersion: z.string(),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

/** The shop's identity in the shop's settings. */
export function shopInfo(env: ShopSettings): ShopInfo {
  return {
    name: env.SHOP_NAME,
    phone: env.SHOP_PHONE,
    orderPhone: env.SHOP_ORDER_PHONE,
    email: env.SHOP_EMAIL,
    address: env.SHOP_ADDRESS,
    siteUrl: env.SITE_URL,
    analyticsTag: env.ANALYTICS_TAG ?? null,
    policyVersion: env.PRIVACY_POLICY_VERSION,
  };
}

/** The seller on every VAT invoice (issue 38): the shop's name and address, its VAT and company numbers. */
export function invoiceSeller(env: ShopSettings): {
  name: string;
  addressLines: string[];
  vatNumber: string;
  companyNumber?: string;
} {
  return {
    name: env.SHOP_NAME,
    addressLines: env.SHOP_ADDRESS.split(',')
      .map((line) => line.trim())
      .filter(Boolean),
    vatNumber: env.SHOP_VAT_NUMBER,
    ...(env.SHOP_COMPANY_NUMBER ? { companyNumber: env.SHOP_COMPANY_NUMBER } : {}),
  };
}
