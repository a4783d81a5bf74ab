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

interface KillAttempt {
  killed: Replica;
  survivor: Replica;
  reason: string;
  killedAt: number;
  /** From the status first saying "building" to the kill. */
  buildingFor: number;
  /** Nothing was published when the builder died. */
  stillBuilding: boolean;
}

/** Asks for a full rebuild and kills the replica building it with -9 as soon as the status says so. */
async function killTheBuilder(
  { topology, signal, log }: ScenarioContext,
  findings: Findings,
  oldId: string | undefined,
): Promise<KillAttempt | undefined> {
  const reason = `replicas t6: full rebuild ${randomBytes(3).toString('hex')}`;
  const hooked = await sendHook(
    topology.urls.haproxy,
    signedHook(topology.secrets.rebuild, { reason, full: true }),
  );
  findings.check(
    hooked.status === 202,
    `full rebuild asked through the balancer: ${hooked.status} "${hookMessage(hooked)}"`,
  );
  let builder: Replica | undefined;
  let how = '';
  let buildingSince = 0;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !builder) {
    const status = await statusOfAny(topology);
    if (status?.state === 'running' && status.current?.phase === 'building') {
      const named = topology.replicas.find((r) => r.id === status.builder);
      builder = named ?? runningAstro(topology);
      how = named ? 'the status page names it' : 'the replica running astro build';
      buildingSince ||= Date.now();
    }
    if (!builder) await sleep(50, signal);
  }
  if (
    !findings.check(
      builder !== undefined,
      `a replica is building within 30 s: ${builder?.id ?? 'none seen'}${how ? ` (${how})` : ''}`,
    )
  )
    return undefined;
  const killed = builder as Replica;
  const survivor = topology.replicas.find((r) => r !== killed);
  if (!survivor) throw new Error('Two replicas are needed');
  const killedAt = Date.now();
  await killed.daemon.kill9();
  // What matters is that the builder died before it published: the survivor must then finish the run.
  const stillBuilding = (await buildIdOf(survivor.url)) === oldId;
  log(
    `killed the builder ${killed.id} with -9 ${stillBuilding ? 'before it published' : 'after it had published'}`,
  );
  return { killed, survivor, reason, killedAt, buildingFor: killedAt - buildingSince, stillBuilding };
}

export const builderFailover: Scenario = {
  id: 't6',
  title: 'builder failover: kill -9 of the building replica mid-build; the other takes over and publishes',
  timeoutMs: 180_000,
  async run(context: ScenarioContext, findings: Findings) {
    const { topology, signal } = context;
    const cdn = topology.varnish?.log;
    if (!cdn) throw new Error('Varnish is not up');
    const keys = buyableProducts(topology.magentoDb)
      .slice(0, 5)
      .map((p) => p.urlKey);
    const { pages } = catalogueUrls(`${topology.distDir}/client`, keys);

    // A full build of the test catalogue lasts a second or two, so the builder is killed as soon as the
    // status says it is building; a kill that still came after the publish (a fast machine) asks again.
    let crawler: Crawler | undefined;
    let oldId: string | undefined;
    let attempt: KillAttempt | undefined;
    for (let round = 1; round <= 3 && !attempt?.stillBuilding; round += 1) {
      if (attempt) {
        context.log(`the build was published before the kill: asking again (round ${round})`);
        await crawler?.stop();
        await topology.startReplica(attempt.killed);
      }
      crawler = new Crawler(topology.urls.varnish, pages, [], `t6-${randomBytes(3).toString('hex')}`, 10);
      await crawler.warm();
      oldId = await buildIdOf(topology.urls.haproxy);
      crawler.start(signal);
      attempt = await killTheBuilder(context, findings, oldId);
      if (!attempt) {
        await crawler.stop();
        return;
      }
    }
    if (!attempt || !crawler) return;
    const { killed, survivor, reason, killedAt, buildingFor } = attempt;
    findings.figure(
      `${killed.id} killed ${seconds(buildingFor)} after the status first said building (${attempt.stillBuilding ? 'before it published' : 'after it had published, three times'})`,
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
