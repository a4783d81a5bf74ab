/** What the checkout is configured with: the store's currency and time zone, and its delivery carriers. */
import type { StoreSettings } from '../store-view.ts';
import type { CarriersConfig } from './carrier-config.ts';

export interface CheckoutSettings extends StoreSettings {
  /** The carriers by code, as Magento's `carriers/*` configuration (`carrier-config.ts`). */
  readonly carriers: CarriersConfig;
}
