/** The seller the storefront's VAT invoices name in tests: the shop's defaults (src/config/env.ts). */
import { invoiceSeller } from '../../src/config/shop.ts';
import { loadEnv } from '../../src/config/env.ts';

export const TEST_SELLER = invoiceSeller(loadEnv({}));
