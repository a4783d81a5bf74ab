/**
 * Returns as the storefront server asks Magento's returns module for them (Mage-OS RMA). A customer's are
 * created, read and commented on through its GraphQL with the session's own token, so the module checks
 * they are theirs; a guest's through its guest operations with the order's number and e-mail, once the
 * order lookup's proof (number, billing e-mail and postcode) has found the order. The shop's rules are
 * checked again here before anything is sent (the browser's check is a convenience), under the order's
 * lock, so two requests at once cannot both return the last of a line. The module sends the return's
 * e-mails itself.
 */
import { magentoGraphql, MagentoGraphqlError, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import { magentoFetch, type IntegrationConfig } from '../../magento/client.ts';
import type { CustomerOrderWire } from '../../magento/wire/order.ts';
import {
  ADD_RETURN_COMMENT,
  CREATE_CUSTOMER_RETURN,
  CREATE_GUEST_RETURN,
  CUSTOMER_RETURN,
  CUSTOMER_RETURNS,
  GUEST_RETURN,
  RETURNS_PAGE_SIZE,
  returnCommentWire,
  type CustomerReturnWire,
} from '../../magento/wire/rma.ts';
import { lockWithin, type TryLock } from '../../store/locks.ts';
import { returnFacts } from './facts.server.ts';
import { toComment, toRecord, toSummary } from './record.ts';
import type { ReturnComment, ReturnProblem, ReturnRecord, ReturnRequest, ReturnSummary } from './returns.ts';
import { checkReturn, mergeLines } from './rules.ts';
import type { ReturnSettings } from './settings.ts';

export interface ReturnsDeps {
  /** Magento as the integration: orders, the store's lists, what is already in returns. */
  readonly magento: IntegrationConfig;
  /** Magento's GraphQL, called with the customer's token or as a guest. */
  readonly graphql: MagentoGraphqlConfig;
  readonly settings: ReturnSettings;
  readonly lock: TryLock;
  readonly now?: () => Date;
}

/** Who asks: the signed-in customer (their token), or a guest whose order the lookup found. */
export type ReturnAsker =
  { readonly kind: 'customer'; readonly token: string } | { readonly kind: 'guest'; readonly email: string };

/** The request breaks the shop's rules: each problem says which field and why. */
export class ReturnRefused extends Error {
  readonly problems: readonly ReturnProblem[];
  constructor(problems: readonly ReturnProblem[]) {
    super(problems.map((problem) => problem.message).join(' '));
    this.name = 'ReturnRefused';
    this.problems = problems;
  }
}

/** Another request for a return of this order holds its lock for longer than one waits. */
export class ReturnBusy extends Error {
  constructor(order: string) {
    super(`A return of order ${order} is being created already`);
    this.name = 'ReturnBusy';
  }
}

const LOCK_WAIT_MS = 5_000;

/** The module's e-mail check is exact, case aside: the order's own e-mail, which the lookup proved. */
const guestEmail = (order: CustomerOrderWire, asker: { email: string }): string =>
  order.customer_email ?? order.billing_address?.email ?? asker.email;

async function send(
  deps: ReturnsDeps,
  asker: ReturnAsker,
  order: CustomerOrderWire,
  request: ReturnRequest,
): Promise<CustomerReturnWire | null | undefined> {
  const common = {
    reason_id: request.reason,
    resolution_type_id: request.resolution,
    items: mergeLines(request.lines).map((line) => ({
      order_item_id: line.orderItemId,
      qty_requested: line.qty,
      ...(line.condition === null ? {} : { condition_id: line.condition }),
    })),
  };
  if (asker.kind === 'customer') {
    const input = { order_id: order.entity_id, ...common };
    const data = await magentoGraphql(deps.graphql, CREATE_CUSTOMER_RETURN, {
      token: asker.token,
      variables: { input },
    });
    return data.createCustomerReturn?.return;
  }
  const input = { order_number: order.increment_id, email: guestEmail(order, asker), ...common };
  const data = await magentoGraphql(deps.graphql, CREATE_GUEST_RETURN, { variables: { input } });
  return data.createGuestReturn?.return;
}

/**
 * A return of `order` as asked, once the shop's rules allow it (ReturnRefused otherwise); Magento's own
 * refusal comes back as MagentoGraphqlError `refused` with its message.
 */
export async function createReturn(
  deps: ReturnsDeps,
  asker: ReturnAsker,
  order: CustomerOrderWire,
  request: ReturnRequest,
): Promise<ReturnRecord> {
  const held = await lockWithin(deps.lock, `returns:${order.entity_id}`, LOCK_WAIT_MS);
  if (!held) throw new ReturnBusy(order.increment_id);
  try {
    const facts = await returnFacts(deps.magento, deps.settings, order, deps.now?.() ?? new Date());
    const problems = checkReturn(request, facts);
    if (problems.length > 0) throw new ReturnRefused(problems);
    const created = await send(deps, asker, order, request);
    const record = created && toRecord(created);
    if (!record) throw new MagentoGraphqlError('unavailable', 'Magento created a return it did not name');
    return record;
  } finally {
    await held.release();
  }
}

/** Pages of a customer's returns read at most. */
const MAX_PAGES = 10;

/** The customer's returns, newest first. */
export async function customerReturns(
  graphql: MagentoGraphqlConfig,
  token: string,
): Promise<ReturnSummary[]> {
  const found: ReturnSummary[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const data = await magentoGraphql(graphql, CUSTOMER_RETURNS, {
      token,
      variables: { pageSize: RETURNS_PAGE_SIZE, currentPage: page },
    });
    const items = data.customerReturns?.items ?? [];
    found.push(...items.flatMap((item) => (item ? (toSummary(item) ?? []) : [])));
    if (
      items.length < RETURNS_PAGE_SIZE ||
      page * RETURNS_PAGE_SIZE >= (data.customerReturns?.total_count ?? 0)
    )
      break;
  }
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/**
 * What the module answers for a return that is not the asker's (or none): its authorization and
 * no-such-entity refusals. The caller has checked the session first, so "unauthorized" here is "not yours".
 */
const notTheirs = (error: unknown): boolean =>
  error instanceof MagentoGraphqlError && (error.kind === 'unauthorized' || error.kind === 'refused');

/** One of the customer's returns; undefined when it is not theirs or does not exist. */
export async function customerReturn(
  graphql: MagentoGraphqlConfig,
  token: string,
  rmaId: number,
): Promise<ReturnRecord | undefined> {
  try {
    const data = await magentoGraphql(graphql, CUSTOMER_RETURN, { token, variables: { id: rmaId } });
    return data.customerReturn ? toRecord(data.customerReturn) : undefined;
  } catch (error) {
    if (notTheirs(error)) return undefined;
    throw error;
  }
}

/** A return of the guest's order (found by the lookup); undefined when it is another order's. */
export async function guestReturn(
  graphql: MagentoGraphqlConfig,
  order: CustomerOrderWire,
  email: string,
  rmaId: number,
): Promise<ReturnRecord | undefined> {
  try {
    const variables = { number: order.increment_id, email: guestEmail(order, { email }), id: rmaId };
    const data = await magentoGraphql(graphql, GUEST_RETURN, { variables });
    return data.guestReturn ? toRecord(data.guestReturn) : undefined;
  } catch (error) {
    if (notTheirs(error)) return undefined;
    throw error;
  }
}

/** The customer's comment on one of their returns; undefined when the return is not theirs. */
export async function addCustomerComment(
  graphql: MagentoGraphqlConfig,
  token: string,
  rmaId: number,
  comment: string,
): Promise<ReturnComment | undefined> {
  try {
    const data = await magentoGraphql(graphql, ADD_RETURN_COMMENT, {
      token,
      variables: { input: { rma_id: rmaId, comment } },
    });
    return data.addReturnComment ? toComment(data.addReturnComment) : undefined;
  } catch (error) {
    if (notTheirs(error)) return undefined;
    throw error;
  }
}

/**
 * A guest's comment on a return of their order: the module's GraphQL takes comments from customers only,
 * so it is saved through its REST API with the integration token, once `guestReturn` has shown the return
 * is the order's. Seen by the merchant as the customer's.
 */
export async function addGuestComment(
  magento: IntegrationConfig,
  order: CustomerOrderWire,
  rmaId: number,
  comment: string,
): Promise<ReturnComment> {
  const name = [order.billing_address?.firstname, order.billing_address?.lastname].filter(Boolean).join(' ');
  const saved = await magentoFetch(magento, {
    path: `/rma/${rmaId}/comments`,
    method: 'POST',
    body: {
      comment: {
        rma_id: rmaId,
        author_type: 'customer',
        author_name: name || 'Guest',
        comment,
        is_visible_to_customer: 1,
      },
    },
    schema: returnCommentWire.loose(),
  });
  return toComment(saved);
}
