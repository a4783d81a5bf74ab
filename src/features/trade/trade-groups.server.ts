/**
 * Who is Trade, as the storefront server reads it from Magento: the customer groups "Trade (pending)" (an
 * applicant) and "Trade" (approved by the merchant moving the customer there), found by their codes through
 * `GET /V1/customerGroups/search` with the integration token (Magento's `GroupRepositoryInterface::getList`,
 * Customer/etc/webapi.xml, ACL `Magento_Customer::group`), kept for a while, and ids 4 and 5 when Magento
 * cannot say (no such route, no such groups, or down). A customer's state comes from the `group_id` of the
 * customer the session's own token names (`GET /V1/customers/me`), read through the orders' helper.
 */
import { z } from 'zod';
import { magentoFetch, searchCriteria, type IntegrationConfig } from '../../magento/client.ts';
import { sessionCustomer } from '../account/index.server.ts';

/** The codes the merchant's groups go by (the shared decision of issue 38). */
export const TRADE_GROUP_CODES = { pending: 'Trade (pending)', trade: 'Trade' } as const;

/** The two groups' ids. */
export interface TradeGroups {
  readonly pending: number;
  readonly trade: number;
}

/** The ids the embedded back end seeds them with, used when Magento cannot say. */
export const FALLBACK_TRADE_GROUPS: TradeGroups = { pending: 4, trade: 5 };

export type { TradeState } from './trade-status.ts';
import type { TradeState } from './trade-status.ts';

/** A customer's trade state from their group: Trade, Trade (pending), or anything else (none). */
export function tradeStateOf(
  customer: { readonly group_id?: number | null | undefined },
  groups: TradeGroups = FALLBACK_TRADE_GROUPS,
): TradeState {
  if (customer.group_id === groups.trade) return 'trade';
  if (customer.group_id === groups.pending) return 'pending';
  return 'none';
}

/** `customerGroups/search`'s answer (`Customer\Api\Data\GroupSearchResultsInterface`), only what is read. */
const groupSearchSchema = z.looseObject({
  items: z
    .array(z.looseObject({ id: z.number(), code: z.string() }))
    .nullable()
    .optional(),
});

/** How long the ids Magento gave are kept, and how long the fallback is before Magento is asked again. */
const KEEP_FOUND_MS = 10 * 60_000;
const KEEP_FALLBACK_MS = 60_000;

const known = new WeakMap<IntegrationConfig, { groups: Promise<TradeGroups>; until: number }>();

async function searchGroups(magento: IntegrationConfig): Promise<{ groups: TradeGroups; found: boolean }> {
  try {
    const codes = Object.values(TRADE_GROUP_CODES).join(',');
    const criteria = searchCriteria({ filters: [{ field: 'code', value: codes, conditionType: 'in' }] });
    const { items } = await magentoFetch(magento, {
      path: `/customerGroups/search?${criteria}`,
      schema: groupSearchSchema,
    });
    const idOf = (code: string) =>
      items?.find((group) => group.code.toLowerCase() === code.toLowerCase())?.id;
    const pending = idOf(TRADE_GROUP_CODES.pending);
    const trade = idOf(TRADE_GROUP_CODES.trade);
    if (pending === undefined || trade === undefined) return { groups: FALLBACK_TRADE_GROUPS, found: false };
    return { groups: { pending, trade }, found: true };
  } catch {
    return { groups: FALLBACK_TRADE_GROUPS, found: false };
  }
}

/**
 * The Trade groups' ids in this Magento, asked once per ten minutes (once a minute while it could not say,
 * when ids 4 and 5 stand in). Never fails.
 */
export function tradeGroups(magento: IntegrationConfig, now = Date.now()): Promise<TradeGroups> {
  const kept = known.get(magento);
  if (kept && now < kept.until) return kept.groups;
  const asked = searchGroups(magento);
  const entry = { groups: asked.then(({ groups }) => groups), until: now + KEEP_FALLBACK_MS };
  known.set(magento, entry);
  void asked.then(({ found }) => {
    if (found) entry.until = now + KEEP_FOUND_MS;
  });
  return entry.groups;
}

/**
 * The trade state of the customer whose token this is and the Trade group's id (the price file to serve).
 * Throws `SessionEnded` when Magento no longer accepts the token, and Magento's error when it is down.
 */
export async function customerTradeGroup(
  magento: IntegrationConfig,
  customerToken: string,
): Promise<{ state: TradeState; group: number }> {
  const [customer, groups] = await Promise.all([
    sessionCustomer(magento, customerToken),
    tradeGroups(magento),
  ]);
  return { state: tradeStateOf(customer, groups), group: groups.trade };
}
