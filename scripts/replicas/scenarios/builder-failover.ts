/**
 * T6 builder failover: a full rebuild is asked for through the balancer; the replica that builds it (the
 * status page names the builder; failing that, the replica running `astro build`) is killed with -9 in the
 * middle of the build. The other replica must take over the builder's role, run the request and publish
 * it, while the live site is unchanged meanwhile: through Varnish every answer is 200 from the old build
 * until the new one is published.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildIdOf } from '../builds.ts';
import { catalogueUrls, Crawler } from '../crawler.ts';
import { sendHook, signedHook, hookMessage } from '../editor.ts';
import { groupMembers } from '../proc.ts';
import { seconds, sleep, type Findings, type Scenario, type ScenarioContext } from '../scenario.ts';
import { buyableProducts, rebuildStatus, type RebuildStatus } from '../state.ts';
import type { Replica, Topology } from '../topology.ts';

async function statusOfAny(topology: Topology): Promise<RebuildStatus | undefined> {
  for (const replica of topology.replicas) {
    if (!replica.daemon.running) continue;
    const status = await rebuildStatus(replica.url, topology.secrets.statusPassword);
    if (status) return status;
  }
  return undefined;
}

/** The replica whose process group runs `astro build` (or any build child), when the status does not say. */
const runningAstro = (topology: Topology): Replica | undefined =>
  topology.replicas.find(
    (replica) =>
      replica.daemon.pid !== undefined &&
      groupMembers(replica.daemon.pid).some(
        (member) => /astro/.test(member.cmdline) && member.pid !== replica.daemon.pid,
      ),
  );

export const builderFailover: Scenario = {
  id: 't6',
  title: 'builder failover: kill -9 of the building replica mid-build; the other takes over and publishes',
  timeoutMs: 180_000,
  async run({ topology, signal, log }: ScenarioContext, findings: Findings) {
    const cdn = topology.varnish?.log;
    if (!cdn) throw new Error('Varnish is not up');
    const keys = buyableProducts(topology.magentoDb)
      .slice(0, 5)
      .map((p) => p.urlKey);
    const { pages } = catalogueUrls(`${topology.distDir}/client`, keys);
    const crawler = new Crawler(topology.urls.varnish, pages, [], `t6-${randomBytes(3).toString('hex')}`, 10);
    await crawler.warm();
    const oldId = await buildIdOf(topology.urls.haproxy);
    crawler.start(signal);

    const reason = `replicas t6: full rebuild ${randomBytes(3).toString('hex')}`;
    const hooked = await sendHook(
      topology.urls.haproxy,
      signedHook(topology.secrets.rebuild, { reason, full: true }),
    );
    findings.check(
      hooked.status === 202,
      `full rebuild asked through the balancer: ${hooked.status} "${hookMessage(hooked)}"`,
    );

    // Wait for the build to be under way, and a second into it.
    let builder: Replica | undefined;
    let how = '';
    let buildingSince: number | undefined;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const status = await statusOfAny(topology);
      const named = topology.replicas.find((r) => r.id === status?.builder);
      const building = status?.state === 'running' && status.current?.phase === 'building';
      if (building) {
        buildingSince ??= Date.now();
        builder = named ?? runningAstro(topology);
        how = named ? 'the status page names it' : 'the replica running astro build';
      }
      if (builder && buildingSince && Date.now() - buildingSince >= 1000) break;
      await sleep(100, signal);
    }
    if (
      !findings.check(
        builder !== undefined,
        `a replica is building within 30 s: ${builder?.id ?? 'none seen'}${how ? ` (${how})` : ''}`,
      )
    ) {
      await crawler.stop();
      return;
    }
    const killed = builder as Replica;
    const survivor = topology.replicas.find((r) => r !== killed);
    if (!survivor) throw new Error('Two replicas are needed');
    const stillBuilding = (await statusOfAny(topology))?.current?.phase === 'building';
    const killedAt = Date.now();
    await killed.daemon.kill9();
    log(
      `killed the builder ${killed.id} with -9 ${stillBuilding ? 'mid-build' : '(its build may have finished)'}`,
    );
    findings.figure(
      `${killed.id} killed ${seconds(killedAt - (buildingSince ?? killedAt))} into the build phase (${stillBuilding ? 'still building' : 'status no longer said building'})`,
    );

    let takenOverAt: number | undefined;
    let publishedAt: number | undefined;
    let newId: string | undefined;
    const until = Date.now() + 120_000;
    while (Date.now() < until && publishedAt === undefined) {
      const status = await rebuildStatus(survivor.url, topology.secrets.statusPassword);
      if (takenOverAt === undefined && status?.builder === survivor.id) takenOverAt = Date.now();
      const id = await buildIdOf(survivor.url);
      if (id && id !== oldId) {
        publishedAt = Date.now();
        newId = id;
      }
      await sleep(200, signal);
    }
    await crawler.stop();
    findings.check(
      takenOverAt !== undefined,
      `${survivor.id} takes the builder's role${takenOverAt ? ` ${seconds(takenOverAt - killedAt)} after the kill` : ' (the status page never named it within 120 s)'}`,
    );
    findings.check(
      publishedAt !== undefined,
      `${survivor.id} publishes a new build${publishedAt ? ` (${newId}) ${seconds(publishedAt - killedAt)} after the kill` : ' within 120 s of the kill'}`,
    );
    const status = await rebuildStatus(survivor.url, topology.secrets.statusPassword);
    const covering = status?.history.filter((run) => run.reasons.includes(reason)) ?? [];
    findings.check(
      covering.length === 1 && covering[0]?.outcome === 'published',
      `the request ran to a publish once after the kill: ${covering.map((run) => `${run.outcome} (${run.build?.mode ?? '?'} ${run.build?.id ?? '-'})`).join('; ') || 'no run lists it'}`,
    );

    // The live site meanwhile: every answer 200, each URL from the build it came from before, until the publish.
    const beforePublish = crawler.records.filter(
      (r) => publishedAt === undefined || r.startedAt < publishedAt - 500,
    );
    const failures = crawler.failures();
    const foreign = beforePublish.filter((r) => r.buildId !== crawler.warmed.get(r.url));
    findings.check(
      failures.length === 0 && foreign.length === 0,
      `live site unchanged meanwhile: ${crawler.records.length} requests through Varnish, ${failures.length} not 2xx/304, ${foreign.length} from another build than before the rebuild, until the publish${foreign[0] ? ` (e.g. ${foreign[0].buildId} ${foreign[0].url})` : ''}`,
    );
    const after = crawler.records.filter((r) => publishedAt !== undefined && r.startedAt >= publishedAt);
    if (after.length > 0) {
      const { hits, misses } = await crawler.hitRatio(cdn, ['page']);
      findings.figure(
        `CDN hit ratio of the crawl's pages across the full build's publish: ${((hits / Math.max(1, hits + misses)) * 100).toFixed(1)} % (${misses} misses; a full build purges what it cannot tell changed)`,
      );
    }
    const builds = join(topology.options.scratch, 'dist.builds');
    const entries = existsSync(builds) ? readdirSync(builds, { withFileTypes: true }) : [];
    const unfinished = entries.filter(
      (e) => e.isDirectory() && !existsSync(join(builds, e.name, 'build-info.json')),
    );
    const files = entries.filter((e) => !e.isDirectory());
    findings.figure(
      `left in dist.builds: ${unfinished.length} unfinished build folder(s)${unfinished.length ? ` (${unfinished.map((e) => e.name).join(', ')})` : ''}, other files: ${files.map((e) => e.name).join(', ') || 'none'}`,
    );

    await topology.startReplica(killed);
    const rejoined = await buildIdOf(killed.url);
    findings.check(
      rejoined !== undefined && rejoined === newId,
      `${killed.id}, started again, serves the published build: ${rejoined ?? 'nothing'}`,
    );
  },
};
