/** The shopper routes of the storefront server, from the validated environment. */
import type { Env } from '../../config/env.ts';
import { magentoClientConfig } from '../../config/magento.ts';
import type { RouteHandler } from '../http.ts';
import { createPaymentRoutesFromEnv } from '../../payments/config.ts';
import { createRestProxy, searchFormRoute } from './proxy.ts';
import { createSessionRoute } from './session.ts';

export function createShopperRoutes(env: Env, log?: (message: string) => void): RouteHandler[] {
  const { baseUrl } = magentoClientConfig(env);
  return [
    searchFormRoute,
    createSessionRoute({
      magento: { baseUrl },
      siteUrl: env.SITE_URL,
      tokenLifetime: env.CUSTOMER_TOKEN_LIFETIME,
      ...(log ? { log } : {}),
    }),
    createRestProxy({ magentoBaseUrl: baseUrl, siteUrl: env.SITE_URL, ...(log ? { log } : {}) }),
    createPaymentRoutesFromEnv(env, log),
  ];
}
