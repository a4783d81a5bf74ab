/** What shoppers see of the shop's identity, from configuration (public, safe for pages). */
import { loadEnv, type ShopSettings } from './env.ts';

export interface ShopInfo {
  name: string;
  phone: string;
  orderPhone: string;
  email: string;
  address: string;
  siteUrl: string;
}

/** The shop's identity in `env` (default: this process's environment, as in the pages of a build). */
export function shopInfo(env: ShopSettings = loadEnv()): ShopInfo {
  return {
    name: env.SHOP_NAME,
    phone: env.SHOP_PHONE,
    orderPhone: env.SHOP_ORDER_PHONE,
    email: env.SHOP_EMAIL,
    address: env.SHOP_ADDRESS,
    siteUrl: env.SITE_URL,
  };
}
