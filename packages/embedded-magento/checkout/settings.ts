/**
 * What the checkout is configured with: the store's currency and time zone, its delivery carriers and its
 * payment methods besides Check / Money order.
 */
import type { StoreSettings } from '../store-view.ts';
import type { CarriersConfig } from './carrier-config.ts';
import type { PaymentsConfig } from './payment-config.ts';

export interface CheckoutSettings extends StoreSettings {
  /** The carriers by code, as Magento's `carriers/*` configuration (`carrier-config.ts`). */
  readonly carriers: CarriersConfig;
  /** Pay on account and who may use it, as `payment/*` (`payment-config.ts`); the demo shop's when left out. */
  readonly payments?: PaymentsConfig;
}
