/**
 * T5 rebuild: an editor changes a price in Magento, and the same signed hook reaches replica A, replica B
 * and the balancer at once (a back end fanning out to every replica). One of them queues it, the others
 * answer 202 "already accepted", exactly one run happens (the status page of either replica shows it), and
 * a replay later queues nothing. Meanwhile a crawler reads catalogue pages, their assets and data files
 * through Varnish at about 20 requests a second. Passes when: no answer other than 2xx/304 and no asset
 * missing; both replicas serve the new build (X-Build-Id, asked of each directly) before Varnish is purged,
 * and the purge follows the last switch; the new price shows through Varnish. Figures against their
 * budgets: how soon the purge followed the last switch (1 s) and the crawl's CDN hit ratio (99 %).
 */
import { randomBytes } from 'node:crypto';
import { BuildWatcher, buildIdOf } from '../builds.ts';
import { catalogueUrls, Crawler } from '../crawler.ts';
import { hookMessage, savePrice, sendHook, signedHook } from '../editor.ts';
import { http } from '../http.ts';
import { seconds, sleep, type Findings, type Scenario, type ScenarioContext } from '../scenario.ts';
import { buyableProducts, plainPricedProduct, rebuildStatus, type RunSummary } from '../state.ts';
import type { Topology } from '../topology.ts';

const CRAWL_MS = 25_000;

/** Runs every replica's status page lists as started at or after `since`, by replica. */
export async function runsSince(
  topology: Topology,
  since: number,
): Promise<Map<string, RunSummary[] | undefined>> {
  const runs = new Map<string, RunSummary[] | undefined>();
  for (const replica of topology.replicas) {
    const status = await rebuildStatus(replica.url, topology.secrets.statusPassword);
    runs.set(
      replica.id,
      status?.history.filter((run) => Date.parse(run.startedAt) >= since - 500),
    );
  }
  return runs;
}

export const rebuild: Scenario = {
  id: 't5',
  title:
    'rebuild: one signed hook to A, B and the balancer gives one run; published to both before the purge',
  timeoutMs: 150_000,
  async run({ topology, signal, log }: ScenarioContext, findings: Findings) {
    const cdn = topology.varnish?.log;
    if (!cdn) throw new Error('Varnish is not up');
    const product = plainPricedProduct(topology.magentoDb);
    if (!product) throw new Error('No product with a plain price');
    const newPrice = Math.round((product.price + 1.11) * 100) / 100;
    const priceText = `"price":"${newPrice.toFixed(2)}"`;
    const productPage = `/${product.urlKey}`;
    const others = buyableProducts(topology.magentoDb)
      .map((p) => p.urlKey)
      .filter((key) => key !== product.urlKey)
      .slice(0, 5);
    const { pages, data } = catalogueUrls(`${topology.distDir}/client`, [product.urlKey, ...others]);
    const crawler = new Crawler(topology.urls.varnish, pages, data, `t5-${randomBytes(3).toString('hex')}`);
    await crawler.warm();
    const [a, b] = topology.replicas;
    if (!a || !b) throw new Error('Two replicas are needed');
    // Steady state: the builder's warm renderer is ready (after a restart it is made again, and until
    // then a change is published by a full astro build, which purges the whole site).
    const waitedFrom = Date.now();
    let renderer: string | undefined;
    while (Date.now() - waitedFrom < 45_000) {
      const status = await rebuildStatus(a.url, topology.secrets.statusPassword);
      renderer = status?.renderer;
      if (renderer === 'warm' && status?.state === 'idle') break;
      await sleep(250, signal);
    }
    findings.figure(
      `the builder's renderer: ${renderer ?? 'unknown'} after ${seconds(Date.now() - waitedFrom)}`,
    );
    const oldIds = await Promise.all(topology.replicas.map((replica) => buildIdOf(replica.url)));
    const oldId = oldIds[0];
    findings.figure(
      `${pages.length} pages and ${data.length} data files crawled; both replicas on build ${oldIds.join(' / ')}`,
    );

    const watcher = new BuildWatcher();
    watcher.start(topology.replicas, signal);
    crawler.start(signal);
    const crawlStarted = Date.now();
    await sleep(1000, signal);

    const t0 = Date.now();
    await savePrice(topology.urls.magento, product.sku, newPrice);
    const hook = signedHook(topology.secrets.rebuild, {
      reason: `replicas t5: price of ${product.sku} ${randomBytes(3).toString('hex')}`,
      skus: [product.sku],
    });
    const targets = [a.url, b.url, topology.urls.haproxy];
    const answers = await Promise.all(targets.map((target) => sendHook(target, hook)));
    log(
      `price of ${product.sku} ${product.price} → ${newPrice}; hook answered ${answers.map((r) => r.status).join(', ')}`,
    );
    const messages = answers.map(hookMessage);
    const queued = messages.filter((m) => /queued/i.test(m) && !/already/i.test(m)).length;
    const already = messages.filter((m) => /already accepted/i.test(m)).length;
    findings.check(
      answers.every((r) => r.status === 202) && queued === 1 && already === 2,
      `the same signed hook to ${a.id}, ${b.id} and the balancer: ${answers.map((r, i) => `${r.status} "${messages[i]}"`).join('; ')}`,
    );

    const switched = () =>
      topology.replicas.every((replica) => watcher.switchOf(replica.id, oldId).firstNew !== undefined);
    let visibleAt: number | undefined;
    let purgeAt: number | undefined;
    const deadline = t0 + 60_000;
    while (Date.now() < deadline && (visibleAt === undefined || purgeAt === undefined || !switched())) {
      await sleep(250, signal);
      if (visibleAt === undefined) {
        const page = await http(`${topology.urls.varnish}${productPage}`);
        if (page.body.includes(priceText)) visibleAt = Date.now();
      }
      purgeAt ??= cdn.purges(t0)[0]?.at;
    }
    while (Date.now() - crawlStarted < CRAWL_MS) await sleep(250, signal);
    await crawler.stop();
    await watcher.stop();

    // The crawl: nothing failed, nothing missing.
    const failures = crawler.failures();
    const missing = crawler.missing();
    findings.check(
      failures.length === 0 && missing.length === 0,
      `crawl of ${crawler.records.length} requests through Varnish: ${failures.length} not 2xx/304, ${missing.length} missing assets${failures[0] ? ` (e.g. ${failures[0].status} ${failures[0].url})` : ''}`,
    );
    const seen = [...new Set(crawler.records.map((r) => r.buildId ?? '-'))];
    findings.figure(`builds the crawl saw, in order: ${seen.join(' → ')}`);

    // Both replicas on the new build before the purge, and the purge soon after.
    const switches = topology.replicas.map((replica) => ({
      replica,
      ...watcher.switchOf(replica.id, oldId),
    }));
    const lastSwitch = Math.max(...switches.map((s) => s.firstNew?.startedAt ?? Infinity));
    findings.check(
      switches.every((s) => s.firstNew),
      `both replicas serve a new build: ${switches.map((s) => `${s.replica.id} ${s.firstNew ? `${s.firstNew.id} at +${seconds(s.firstNew.startedAt - t0)}` : 'still on the old one'}`).join(', ')}`,
    );
    const purges = cdn.purges(t0);
    if (purgeAt === undefined || !Number.isFinite(lastSwitch)) {
      findings.check(
        false,
        `Varnish purged after both switched: ${purges.length} PURGE requests in Varnish's log since the price change`,
      );
    } else {
      const stale = watcher.oldAfter(oldId, purgeAt);
      findings.check(
        stale.length === 0 && purgeAt >= lastSwitch - 100,
        `Varnish purged after both replicas switched: purge at +${seconds(purgeAt - t0)}, last switch seen at +${seconds(lastSwitch - t0)}${stale[0] ? `; ${stale[0].replica} still answered the old build after the purge` : ''} (${purges.length} PURGE: ${purges.map((p) => `${p.status} ${p.tags?.slice(0, 80) ?? '-'}`).join('; ')})`,
      );
      findings.figure(
        `${purgeAt - lastSwitch <= 1000 ? 'budget met' : 'BUDGET NOT MET'}: purge ${(purgeAt - lastSwitch).toFixed(0)} ms after the last replica was seen switched (≤ 1000 ms; each replica polled every 100 ms, so a switch is seen up to ~100 ms late)`,
      );
    }
    findings.check(
      visibleAt !== undefined,
      `the new price ${newPrice.toFixed(2)} shows through Varnish on ${productPage}${visibleAt ? ` ${seconds(visibleAt - t0)} after the save (budget 60 s, aim 15 s)` : ' within 60 s'}`,
    );

    const pagesRatio = await crawler.hitRatio(cdn, ['page']);
    const allRatio = await crawler.hitRatio(cdn, ['page', 'data', 'asset']);
    const ratio = (r: { hits: number; misses: number }) =>
      r.hits + r.misses === 0 ? 0 : r.hits / (r.hits + r.misses);
    findings.figure(
      `${ratio(pagesRatio) >= 0.99 ? 'budget met' : 'BUDGET NOT MET'} (≥ 99 %): CDN hit ratio of the crawl's catalogue pages ${(ratio(pagesRatio) * 100).toFixed(1)} % (${pagesRatio.hits} hits, ${pagesRatio.misses} misses${pagesRatio.unlogged ? `, ${pagesRatio.unlogged} not in the log` : ''}); all requests ${(ratio(allRatio) * 100).toFixed(1)} %`,
    );

    // One run for the three deliveries; a replay later queues nothing.
    const replay = await sendHook(topology.urls.haproxy, hook);
    findings.check(
      replay.status === 202 && /already accepted/i.test(hookMessage(replay)),
      `a replay of the same signed hook later: ${replay.status} "${hookMessage(replay)}"`,
    );
    await sleep(2500, signal);
    const runs = await runsSince(topology, t0);
    const counts = [...runs].map(
      ([id, list]) => `${id}: ${list === undefined ? 'no status page' : `${list.length} run(s)`}`,
    );
    const lists = [...runs.values()];
    const first = lists[0]?.[0];
    findings.check(
      lists.every((list) => list?.length === 1) &&
        lists.every((list) => list?.[0]?.startedAt === first?.startedAt),
      `exactly one run since the price change, the same on every replica's status page: ${counts.join(', ')}${first ? ` (${first.outcome}, ${first.build?.mode ?? '?'} build ${first.build?.id ?? '-'}, reasons: ${first.reasons.join('; ')})` : ''}`,
    );
  },
};
