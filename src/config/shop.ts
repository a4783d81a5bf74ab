/** What shoppers see of the shop's identity, from configuration (public, safe for pages). */
import { loadEnv } from './env.ts';

export interface ShopInfo {
  name: string;
  phone: string;
  orderPhone: string;
  email: string;
  address: string;
  siteUrl: string;
}

export function shopInfo(): ShopInfo {
  const env = loadEnv();
  return {
    name: env.SHOP_NAME,
    phone: env.SHOP_PHONE,
    orderPhone: env.SHOP_ORDER_PHONE,
    email: env.SHOP_EMAIL,
    address: env.SHOP_ADDRESS,
    siteUrl: env.SITE_URL,
  };
}
