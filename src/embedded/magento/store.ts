/**
 * The store view every resource answers for (Magento's default store view of website 1): its currency
 * and its time zone. Cart price rules' dates are days in that zone (`Timezone::scopeDate`).
 */

export interface StoreSettings {
  /** ISO currency of the store, e.g. GBP. */
  readonly currency: string;
  /** The store's `general/locale/timezone`, e.g. Europe/London. */
  readonly timezone: string;
}

/** The website the store view belongs to (Magento's "Main Website"). */
export const WEBSITE_ID = 1;

/** Today in the store's time zone, `YYYY-MM-DD`: the day a rule's `from_date`/`to_date` are compared with. */
export function storeToday(timezone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
