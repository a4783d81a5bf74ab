/**
 * The signed-in customer's machines ("My machines", issue 39), kept in Magento as the customer attribute
 * `my_machines` (features/my-machines/my-machines.server.ts), as same-origin JSON routes: always the machines
 * of the customer whose token the session cookie holds. Writes are checked like the /rest proxy's (Origin,
 * bounded JSON bodies), reads refuse other sites; answers are never cached.
 *
 * - `GET /my-machines` → `{machines: ["K 5", "WD 3"]}`
 * - `GET /my-machines/ordered` → `{skus: [...]}`: the products of the customer's latest orders, newest first
 *   (read with the integration token, narrowed to the customer Magento names for the session's token, as the
 *   orders routes do); the browser finds the machines among them in the product facts
 * - `POST /my-machines` `{add?: [...], remove?: [...]}` → the machines as they now are; removals first, a model
 *   kept already (however typed: "K5" is "K 5") is not added twice. 400 when a name is not a model's name,
 *   409 when there is no room for them (more than MAX_MACHINES, or beyond Magento's 255 characters).
 *
 * No session: 401. Magento ran `customers/me` as nobody (expired or revoked token): 401, and the session
 * cookie goes. Magento down or unreadable: 503 with a line that says so.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  myMachinesTexts,
  isMachineName,
  MAX_MACHINE_NAME,
  MAX_MACHINES,
} from '../../features/my-machines/index.ts';
import {
  changeMachines,
  readMachines,
  TooManyMachines,
  type MachinesDeps,
} from '../../features/my-machines/index.server.ts';
import {
  customerSession,
  errorMessage,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  notCrossSite,
  sameOrigin,
  signedIn,
} from '../../http/index.ts';
import { customerIdOf, orderedSkus, type OrdersMagento } from '../../features/orders/index.server.ts';
import { processLock, type TryLock } from '../../store/locks.ts';

export interface MyMachinesRoutesConfig {
  /**
   * Magento as the integration: the customer's orders are read with it; the customer's own data with the
   * session's customer token (never the integration's credentials).
   */
  readonly magento: OrdersMagento;
  readonly siteUrl: string;
  /** The lock a customer's machines are changed under, shared with sign-in's carry-over (this process's by default). */
  readonly lock?: TryLock;
  readonly log?: (message: string) => void;
}

export const MY_MACHINES_TEXTS = {
  signIn: 'Please sign in to keep your machines in your account.',
  cannotShow: myMachinesTexts.unavailable,
  cannotChange: myMachinesTexts.notChanged,
  badBody: `Send the machines as {"add": [...]} or {"remove": [...]}: up to ${MAX_MACHINES} model names of up to ${MAX_MACHINE_NAME} characters.`,
  badName: (name: string) => `“${name}” is not a machine’s model. ${myMachinesTexts.badName}`,
  full: myMachinesTexts.full,
} as const;

const MAX_BODY = 4 * 1024;

const names = z.array(z.string().max(MAX_MACHINE_NAME)).max(MAX_MACHINES);
const changeBody = z
  .object({ add: names.optional(), remove: names.optional() })
  .refine(({ add, remove }) => (add?.length ?? 0) + (remove?.length ?? 0) > 0);

const answer = (machines: readonly string[]): Response => jsonReply(200, { machines });

/** `POST /my-machines`: removals first, then additions; 400 for a name that is not a model's. */
async function change(
  deps: MachinesDeps,
  token: string,
  { add = [], remove = [] }: z.infer<typeof changeBody>,
): Promise<Response> {
  const bad = add.find((name) => !isMachineName(name));
  if (bad !== undefined) throw new HttpError(400, MY_MACHINES_TEXTS.badName(bad));
  try {
    return answer(await changeMachines(deps, token, { add, remove }));
  } catch (error) {
    if (error instanceof TooManyMachines) throw new HttpError(409, MY_MACHINES_TEXTS.full);
    throw error;
  }
}

export function createMyMachinesRoutes(config: MyMachinesRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento, siteUrl } = config;
  const machinesDeps = { magento, lock: config.lock ?? processLock() };
  const customer = [customerSession({ siteUrl }), signedIn(MY_MACHINES_TEXTS.signIn)] as const;

  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      log(`My machines failed: ${errorMessage(error)}`);
      const reading = c.req.method === 'GET';
      return new HttpError(503, reading ? MY_MACHINES_TEXTS.cannotShow : MY_MACHINES_TEXTS.cannotChange);
    }),
  );

  routes.get('/my-machines', notCrossSite(siteUrl), ...customer, async (c) =>
    answer(await readMachines(magento, c.var.customerToken)),
  );
  routes.get('/my-machines/ordered', notCrossSite(siteUrl), ...customer, async (c) => {
    const skus = await orderedSkus(magento, await customerIdOf(magento, c.var.customerToken));
    return jsonReply(200, { skus });
  });
  routes.post(
    '/my-machines',
    sameOrigin(siteUrl),
    limitBody(MAX_BODY),
    jsonOnly,
    jsonBody(changeBody, MY_MACHINES_TEXTS.badBody),
    ...customer,
    (c) => change(machinesDeps, c.var.customerToken, c.req.valid('json')),
  );
  routes.all('/my-machines', methodNotAllowed('GET, HEAD, POST'));
  routes.all('/my-machines/ordered', methodNotAllowed('GET, HEAD'));
  return routes;
}
