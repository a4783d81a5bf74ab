/**
 * Purchase-order approvals (issue 68): two approvers of the demo company approve the same purchase order at
 * the same moment, each through a different replica, and Magento places one order for it, never two. The
 * buyer's purchase order is made straight at the back end (the buyer's cart over REST, then Adobe's
 * `placePurchaseOrder`), after the company's administrator wrote a rule that sends every order for approval;
 * the approvals go through the storefront's `/purchase-orders/approve`, as the approvers' browsers send them.
 * Three rounds, each a fresh purchase order.
 */
import { z } from 'zod';
import { DEMO_COMPANY } from '../../../packages/embedded-magento/seed/company.ts';
import { cookiesOf, describe, http, json, type Reply } from '../http.ts';
import type { Findings, Scenario, ScenarioContext } from '../scenario.ts';
import { buyableProducts, magentoOrders, type Buyable } from '../state.ts';
import type { Topology } from '../topology.ts';

const ROUNDS = 3;

const address = {
  firstname: DEMO_COMPANY.buyer.firstname,
  lastname: DEMO_COMPANY.buyer.lastname,
  street: ['1 Harbour Way'],
  city: 'Bristol',
  postcode: 'BS1 5TY',
  country_id: 'GB',
  telephone: '0117 496 0000',
  email: DEMO_COMPANY.buyer.email,
};

/** One call to the embedded Magento's REST with a token; its JSON, or a thrown error naming the step. */
async function rest(
  topology: Topology,
  step: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
) {
  const reply = await http(`${topology.urls.magento}/rest/V1${path}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { body }),
  });
  if (reply.status !== 200) throw new Error(`${step}: ${describe(reply)}`);
  return json(reply);
}

const graphqlAnswer = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z.array(z.object({ message: z.string() })).optional(),
});

async function graphql(topology: Topology, step: string, token: string, query: string, variables = {}) {
  const reply = await http(`${topology.urls.magento}/graphql`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: { query, variables },
  });
  const answer = graphqlAnswer.parse(json(reply));
  if (answer.errors?.length || !answer.data)
    throw new Error(`${step}: ${answer.errors?.[0]?.message ?? describe(reply)}`);
  return answer.data;
}

const tokenOf = async (topology: Topology, email: string, password: string) =>
  z.string().parse(
    await rest(topology, `token of ${email}`, 'POST', '/integration/customer/token', undefined, {
      username: email,
      password,
    }),
  );

/** The administrator's rule: every order over £1 waits for the Approver role. */
async function writeRule(topology: Topology, adminToken: string): Promise<void> {
  const roles = z
    .object({
      company: z.object({
        roles: z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }),
      }),
    })
    .parse(
      await graphql(topology, 'read the roles', adminToken, '{ company { roles { items { id name } } } }'),
    );
  const approver = roles.company.roles.items.find((role) => role.name === DEMO_COMPANY.approver.role);
  if (!approver) throw new Error('the demo company has no Approver role');
  await graphql(
    topology,
    'write the rule',
    adminToken,
    `
      mutation ($input: PurchaseOrderApprovalRuleInput!) {
        createPurchaseOrderApprovalRule(input: $input) {
          uid
        }
      }
    `,
    {
      input: {
        name: `Replicas: everything waits ${Date.now()}`,
        status: 'ENABLED',
        applies_to: [],
        approvers: [approver.id],
        condition: { attribute: 'GRAND_TOTAL', operator: 'MORE_THAN', amount: { value: 1, currency: 'GBP' } },
      },
    },
  );
}

/** The buyer's cart with one line, delivered and paid on account, placed as a purchase order. */
async function placePurchaseOrder(topology: Topology, buyerToken: string, product: Buyable, round: number) {
  const quoteId = z.number().parse(await rest(topology, 'the buyer cart', 'POST', '/carts/mine', buyerToken));
  await rest(topology, 'add the line', 'POST', '/carts/mine/items', buyerToken, {
    cartItem: { sku: product.sku, qty: 1, quote_id: quoteId },
  });
  const methods = z.array(z.object({ carrier_code: z.string(), method_code: z.string().nullable() })).parse(
    await rest(topology, 'delivery methods', 'POST', '/carts/mine/estimate-shipping-methods', buyerToken, {
      address,
    }),
  );
  const method = methods[0];
  if (!method) throw new Error(`no delivery method for ${product.sku}`);
  await rest(topology, 'addresses', 'POST', '/carts/mine/shipping-information', buyerToken, {
    addressInformation: {
      shipping_address: address,
      billing_address: address,
      shipping_carrier_code: method.carrier_code,
      shipping_method_code: method.method_code ?? '',
    },
  });
  await rest(topology, 'pay on account', 'PUT', '/carts/mine/selected-payment-method', buyerToken, {
    method: { method: 'purchaseorder', po_number: `REPLICAS-${round}` },
  });
  const placed = z
    .object({
      placePurchaseOrder: z.object({ purchase_order: z.object({ uid: z.string(), status: z.string() }) }),
    })
    .parse(
      await graphql(
        topology,
        'placePurchaseOrder',
        buyerToken,
        `
          mutation ($cart: String!) {
            placePurchaseOrder(input: { cart_id: $cart }) {
              purchase_order {
                uid
                status
              }
            }
          }
        `,
        { cart: String(quoteId) },
      ),
    );
  return { quoteId, ...placed.placePurchaseOrder.purchase_order };
}

/** A storefront session on one replica: the cookie header its sign-in set. */
async function sessionOn(topology: Topology, base: string, email: string, password: string): Promise<string> {
  const reply = await http(`${base}/session`, {
    method: 'POST',
    headers: { Origin: new URL(topology.urls.varnish).origin },
    body: { email, password },
    agent: false,
  });
  if (reply.status !== 200) throw new Error(`sign-in of ${email}: ${describe(reply)}`);
  return [...cookiesOf(reply)].map(([name, value]) => `${name}=${value}`).join('; ');
}

const approve = (topology: Topology, base: string, cookie: string, uid: string): Promise<Reply> =>
  http(`${base}/purchase-orders/approve`, {
    method: 'POST',
    headers: { Origin: new URL(topology.urls.varnish).origin, Cookie: cookie, Accept: 'application/json' },
    body: { uid, comment: 'Approved by the replicas scenario' },
    agent: false,
  });

export const purchaseOrderApprovals: Scenario = {
  id: 'po',
  title: 'two approvers approving one purchase order at once, on two replicas, give one order',
  timeoutMs: 90_000,
  async run({ topology, log }: ScenarioContext, findings: Findings) {
    const [a, b] = topology.replicas;
    const product = buyableProducts(topology.magentoDb)[0];
    if (!a || !b || !product) throw new Error('needs two replicas and a product with stock');
    const adminToken = await tokenOf(topology, DEMO_COMPANY.admin.email, DEMO_COMPANY.admin.password);
    const buyerToken = await tokenOf(topology, DEMO_COMPANY.buyer.email, DEMO_COMPANY.buyer.password);
    await writeRule(topology, adminToken);
    const approverCookie = await sessionOn(
      topology,
      a.url,
      DEMO_COMPANY.approver.email,
      DEMO_COMPANY.approver.password,
    );
    const adminCookie = await sessionOn(
      topology,
      b.url,
      DEMO_COMPANY.admin.email,
      DEMO_COMPANY.admin.password,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      const po = await placePurchaseOrder(topology, buyerToken, product, round);
      if (
        !findings.check(
          po.status === 'APPROVAL_REQUIRED',
          `round ${round}: the purchase order waits (${po.status})`,
        )
      )
        return;
      log(`round ${round}: both approve ${po.uid} at once`);
      const replies = await Promise.all([
        approve(topology, a.url, approverCookie, po.uid),
        approve(topology, b.url, adminCookie, po.uid),
      ]);
      const orders = magentoOrders(topology.magentoDb).get(po.quoteId) ?? [];
      findings.check(
        orders.length === 1 && replies.some((reply) => reply.status === 200),
        `round ${round}: approvals answered ${a.id} ${replies[0]?.status}, ${b.id} ${replies[1]?.status}; orders for the purchase order's quote: ${orders.length} (${orders.map((o) => o.increment_id).join(', ') || 'none'})`,
      );
    }
  },
};
