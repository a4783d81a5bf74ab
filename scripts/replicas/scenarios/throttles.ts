/**
 * T4 throttles, shared by the replicas:
 * - 20 wrong passwords for one account through the balancer: exactly 5 reach Magento (its failed sign-in
 *   counter) and Magento's own lock (6 failures) never engages;
 * - a "known browser" cookie minted by replica A lets its owner sign in on B while the account is
 *   throttled for other browsers, and again after both replicas restarted;
 * - 5 wrong guest order lookups for one order number, then the 6th is answered 429 by A and by B.
 * Each client is told apart by X-Forwarded-For (the replicas trust loopback proxies), so the per-client
 * limits of one check do not spill into the next.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { cookiesOf, describe, header, http, type Reply } from '../http.ts';
import type { Findings, Scenario, ScenarioContext } from '../scenario.ts';
import { loginFailures } from '../state.ts';
import type { Topology } from '../topology.ts';

const PASSWORD = 'Scrub!Brush42';

const tally = (replies: readonly Reply[]): string => {
  const counts = new Map<string, number>();
  for (const reply of replies) {
    const key = `${reply.status}${header(reply, 'x-served-by') ? ` ${header(reply, 'x-served-by')}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key} ×${n}`).join(', ');
};

function signIn(
  topology: Topology,
  base: string,
  email: string,
  password: string,
  client: string,
  cookie?: string,
) {
  return http(`${base}/session`, {
    method: 'POST',
    headers: {
      Origin: new URL(topology.urls.varnish).origin,
      'X-Forwarded-For': client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: { email, password },
    agent: false,
  });
}

export const throttles: Scenario = {
  id: 't4',
  title: 'throttles: sign-in and order lookup limits are the same on every replica and survive restarts',
  timeoutMs: 150_000,
  async run({ topology, log }: ScenarioContext, findings: Findings) {
    const [a, b] = topology.replicas;
    if (!a || !b) throw new Error('Two replicas are needed');
    const origin = new URL(topology.urls.varnish).origin;
    const email = `replicas-t4-${randomBytes(4).toString('hex')}@example.com`;
    const created = await http(`${topology.urls.varnish}/rest/V1/customers`, {
      method: 'POST',
      headers: { Origin: origin },
      body: { customer: { email, firstname: 'Tess', lastname: 'Throttle' }, password: PASSWORD },
    });
    if (
      !findings.check(
        created.status === 200,
        `customer created: ${created.status === 200 ? 200 : describe(created)}`,
      )
    )
      return;

    // The known browser signs in on A and keeps its cookie (path /session).
    const first = await signIn(topology, a.url, email, PASSWORD, '203.0.113.10');
    const known = cookiesOf(first).get('shop_known');
    if (
      !findings.check(
        first.status === 200 && known !== undefined,
        `the customer's browser signs in on ${a.id}: ${first.status}, shop_known cookie ${known ? 'set' : 'missing'}`,
      )
    )
      return;
    const knownCookie = `shop_known=${known}`;

    const wrong: Reply[] = [];
    for (let i = 0; i < 20; i++)
      wrong.push(
        await signIn(topology, topology.urls.haproxy, email, `wrong-password-${i}`, '198.51.100.20'),
      );
    const magento = loginFailures(topology.magentoDb, email);
    findings.check(
      magento.failures === 5 && !magento.locked,
      `20 wrong passwords through the balancer: Magento counted ${magento.failures} failures (5 expected), its lock ${magento.locked ? 'ENGAGED' : 'not engaged'}; answers ${tally(wrong)}`,
    );

    const onB = await signIn(topology, b.url, email, PASSWORD, '203.0.113.10', knownCookie);
    findings.check(
      onB.status === 200,
      `the known browser signs in on ${b.id} with ${a.id}'s cookie while the account is throttled: ${describe(onB)}`,
    );

    log('restarting both replicas');
    for (const replica of topology.replicas) await topology.restartReplica(replica);
    // Throttled again for unknown browsers (a success may have reset the count), from a fresh client.
    const again: Reply[] = [];
    for (let i = 0; i < 6 && !again.some((r) => r.status === 429); i++)
      again.push(await signIn(topology, topology.urls.haproxy, email, `wrong-again-${i}`, '198.51.100.21'));
    const after = loginFailures(topology.magentoDb, email);
    findings.check(
      again.some((r) => r.status === 429) && !after.locked,
      `after the restarts, unknown browsers are throttled again: ${tally(again)}; Magento's lock ${after.locked ? 'ENGAGED' : 'not engaged'} (${after.failures} failures)`,
    );
    const cookie = cookiesOf(onB).get('shop_known') ?? known;
    const restarted = await Promise.all(
      topology.replicas.map((replica) =>
        signIn(topology, replica.url, email, PASSWORD, '203.0.113.10', `shop_known=${cookie}`),
      ),
    );
    findings.check(
      restarted.every((r) => r.status === 200),
      `after restarting both, the known browser still signs in: ${topology.replicas.map((r, i) => `${r.id} ${restarted[i]?.status}`).join(', ')}`,
    );

    // Guest order lookups: one order number guessed at from five addresses, then a sixth on each replica.
    const number = `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const lookup = (base: string, client: string) =>
      http(`${base}/orders/lookup`, {
        method: 'POST',
        headers: { Origin: origin, 'X-Forwarded-For': client },
        body: { number, email: 'guess@example.com', postcode: 'ZZ1 1ZZ' },
        agent: false,
      });
    const guesses: Reply[] = [];
    for (let i = 0; i < 5; i++) guesses.push(await lookup(topology.urls.haproxy, `198.51.100.${30 + i}`));
    findings.check(
      guesses.every((r) => r.status === 404),
      `5 wrong lookups of order ${number} through the balancer: ${tally(guesses)}`,
    );
    const sixth = await Promise.all([lookup(a.url, '198.51.100.40'), lookup(b.url, '198.51.100.41')]);
    findings.check(
      sixth.every((r) => r.status === 429),
      `the 6th lookup is refused on each replica: ${a.id} ${sixth[0]?.status}, ${b.id} ${sixth[1]?.status} (429 expected)`,
    );
    const retryAfter = z.coerce.number().safeParse(sixth[0] ? header(sixth[0], 'retry-after') : undefined);
    if (retryAfter.success) findings.figure(`Retry-After on the 6th lookup: ${retryAfter.data} s`);
  },
};
