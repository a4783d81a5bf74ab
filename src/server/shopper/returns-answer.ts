/**
 * What the customer's and the guest's returns routes share (returns.ts, returns-guest.ts): their
 * dependencies, the body limit, and the answer to a return asked for.
 */
import type { CustomerOrderWire } from '../../magento/wire/order.ts';
import { MagentoGraphqlError } from '../../magento/graphql.ts';
import { type ReturnRequest, returnTexts as t } from '../../features/returns/index.ts';
import {
  createReturn,
  ReturnBusy,
  ReturnRefused,
  type ReturnAsker,
  type ReturnsDeps,
} from '../../features/returns/index.server.ts';
import {
  HttpError,
  jsonReply,
  SessionEnded,
  type FailureCounter,
  type TrustedProxies,
} from '../../http/index.ts';

export const MAX_BODY = 16 * 1024;

export interface ReturnsRouteDeps extends ReturnsDeps {
  readonly trustedProxies: TrustedProxies;
  readonly perClient: FailureCounter;
  readonly perOrder: FailureCounter;
}

/** An order that is not the asker's, or none: the same 404. */
export const orderNotFound = () => new HttpError(404, t.orderNotFound);

/** A return that is not the asker's, or none: the same 404. */
export const returnNotFound = () => new HttpError(404, t.notFound);

/** A return created (201), or the rules' or Magento's refusal with the fields at fault (422). */
export async function createAnswer(
  deps: ReturnsRouteDeps,
  asker: ReturnAsker,
  order: CustomerOrderWire,
  request: ReturnRequest,
): Promise<Response> {
  try {
    return jsonReply(201, await createReturn(deps, asker, order, request));
  } catch (error) {
    if (error instanceof ReturnRefused)
      return jsonReply(422, {
        message: error.problems[0]?.message ?? t.problemsTitle,
        problems: error.problems,
      });
    if (error instanceof ReturnBusy) throw new HttpError(409, t.busy);
    if (error instanceof MagentoGraphqlError && error.kind === 'refused') {
      const message = t.refused(error.magentoMessage ?? error.message);
      return jsonReply(422, { message, problems: [{ field: 'lines', message }] });
    }
    // Magento ran it as nobody: a customer's token has ended; a guest's order was not theirs after all.
    if (error instanceof MagentoGraphqlError && error.kind === 'unauthorized')
      throw asker.kind === 'customer' ? new SessionEnded(t.signIn) : orderNotFound();
    throw error;
  }
}
