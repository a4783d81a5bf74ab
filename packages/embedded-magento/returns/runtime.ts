/**
 * What the returns module's resolvers and routes share: its settings, the store's clock (a return period
 * is counted back from it), the store as its e-mails name it, and the mailer.
 */
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import { SHOP_RETURN_SETTINGS } from './settings.ts';
import { NO_MAILER } from '../email/mailer.ts';
import { DEFAULT_STORE_CONTACT, type StoreContact } from '../email/message.ts';
import type { ReturnSettings } from './settings.ts';
import type { Mailer } from '../email/mailer.ts';

export interface ReturnsRuntime {
  readonly settings: ReturnSettings;
  readonly clock: Clock;
  readonly store: StoreContact;
  readonly mailer: Mailer;
  /**
   * The store's base URL (`web/secure/base_url`, the storefront's address) where e-mails' links go; the
   * purchase orders' e-mails link to their pages on it. Left out: links are relative.
   */
  readonly storeUrl?: string;
}

/** The shop's settings, sending nothing: for an app built without a configured returns module (unit tests). */
export const quietReturnsRuntime = (clock: Clock): ReturnsRuntime => ({
  settings: SHOP_RETURN_SETTINGS,
  clock,
  store: DEFAULT_STORE_CONTACT,
  mailer: NO_MAILER,
});
