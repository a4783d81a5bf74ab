/**
 * Smoke: the topology is whole. A page asked of Varnish twice is a miss and then a hit (so the CDN keeps
 * pages: the origin's headers allow it), both replicas answer on their own, and HAProxy sends requests to
 * both. What the origin tells the CDN (cache headers, tags, build id) is printed for the record.
 */
import { randomBytes } from 'node:crypto';
import { header, http, type Reply } from '../http.ts';
import type { Findings, Scenario, ScenarioContext } from '../scenario.ts';
import { PROBE_HEADER } from '../varnish.ts';

export const smoke: Scenario = {
  id: 'smoke',
  title: 'a page via Varnish is a MISS then a HIT; both replicas answer',
  timeoutMs: 30_000,
  async run({ topology }: ScenarioContext, findings: Findings) {
    const cdn = topology.varnish?.log;
    if (!cdn) throw new Error('Varnish is not up');
    // A URL no one asked for yet: the static site answers the page whatever the query string.
    const path = `/?replicas-smoke=${randomBytes(4).toString('hex')}`;
    const probes = ['smoke-1', 'smoke-2'].map((tag) => `${tag}-${randomBytes(3).toString('hex')}`);
    const replies: Reply[] = [];
    for (const probe of probes)
      replies.push(await http(`${topology.urls.varnish}${path}`, { headers: { [PROBE_HEADER]: probe } }));
    const logged = await cdn.probed(new Set(probes));
    const [first, second] = replies;
    const named = (reply: Reply | undefined, name: string) => (reply && header(reply, name)) ?? '-';
    const [firstLog, secondLog] = probes.map((probe) => logged.get(probe));
    findings.check(
      first?.status === 200 && firstLog?.hit === false,
      `first GET ${path} via Varnish: ${first?.status}, ${firstLog ? (firstLog.hit ? 'HIT' : 'MISS') : 'not in the Varnish log'} (X-Cache ${named(first, 'x-cache')})`,
    );
    findings.check(
      second?.status === 200 && secondLog?.hit === true,
      `second GET: ${second?.status}, ${secondLog ? (secondLog.hit ? 'HIT' : `MISS (${secondLog.handling})`) : 'not in the Varnish log'} (X-Cache ${named(second, 'x-cache')}, Age ${named(second, 'age')})`,
    );

    for (const replica of topology.replicas) {
      const reply = await http(`${replica.url}/`, { agent: false });
      findings.check(reply.status === 200, `${replica.id} answers GET / itself: ${reply.status}`);
      findings.figure(
        `${replica.id}: Cache-Control "${header(reply, 'cache-control') ?? '-'}", Surrogate-Control "${header(reply, 'surrogate-control') ?? '-'}", xkey "${(header(reply, 'xkey') ?? '-').slice(0, 60)}", X-Build-Id ${header(reply, 'x-build-id') ?? '-'}`,
      );
    }

    const servedBy = new Map<string, number>();
    for (let i = 0; i < 6; i++) {
      const reply = await http(`${topology.urls.haproxy}/`);
      const name = reply.status === 200 ? (header(reply, 'x-served-by') ?? '?') : `status ${reply.status}`;
      servedBy.set(name, (servedBy.get(name) ?? 0) + 1);
    }
    const spread = [...servedBy].map(([name, count]) => `${name} ×${count}`).join(', ');
    findings.check(
      topology.replicas.every((replica) => (servedBy.get(replica.id) ?? 0) > 0),
      `HAProxy spreads 6 GET / over both replicas: ${spread}`,
    );
  },
};
