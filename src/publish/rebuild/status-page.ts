/**
 * The editors' status page (`/rebuild/status` in a browser): the live build, the run under way with its
 * progress, what is queued, the figures /metrics gives too (status-figures.ts), the latest runs with their
 * errors, and the "Rebuild now" / "Full rebuild" buttons (a same-origin form POST). A small script of its
 * own (`/rebuild/status.js`, allowed by the site's `script-src 'self'`) redraws the live part every second
 * while a run is under way, and every few seconds otherwise; without script the page refreshes itself.
 */
import type { BuildInfo } from '../releases/build-info.ts';
import type { Figures } from './figures.ts';
import { driftWarning } from './reconcile.ts';
import type { RebuildStatus, RunSummary } from './rebuilder.ts';
import { shopTime } from './publish-schedule.ts';
import { figuresSection } from './status-figures.ts';

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const time = (iso: string | undefined): string =>
  iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '–';

const seconds = (ms: number | undefined): string => (ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`);

const OUTCOME: Record<RunSummary['outcome'], string> = {
  published: 'Published',
  unchanged: 'Nothing changed',
  failed: 'Failed: the live site was kept',
};

/**
 * Where a run's time went: its wait in the queue, then sync, plan, render, site pass and swap (a warm
 * build's own phases; for `astro build`, its bundling and render are the render, its finishing the site pass).
 */
export function runPhases(run: RunSummary): [phase: string, ms: number][] {
  const timings = run.build?.timings ?? {};
  const sum = (...names: string[]): number | undefined => {
    const known = names.filter((name) => timings[name] !== undefined);
    return known.length > 0 ? known.reduce((total, name) => total + (timings[name] ?? 0), 0) : undefined;
  };
  const phases: [string, number | undefined][] = [
    ['queue', run.queuedMs],
    ['sync', run.sync?.ms],
    ['plan', timings['plan']],
    ['render', sum('renderPages') ?? sum('astro')],
    ['site pass', sum('sitePass') ?? sum('finish', 'secrets', 'reuse', 'checks')],
    ['swap', timings['swap']],
  ];
  return phases.filter((phase): phase is [string, number] => phase[1] !== undefined);
}

function runRow(run: RunSummary): string {
  const changed = run.sync ? `${run.sync.updated} changed, ${run.sync.removed} removed` : '–';
  const pages = run.build ? `${run.build.rendered} of ${run.build.pages} (${run.build.mode})` : '–';
  const phases = runPhases(run)
    .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(2)} s`)
    .join(', ');
  return `<tr class="${run.outcome}"><td>${time(run.finishedAt)}</td><td>${OUTCOME[run.outcome]}</td><td>${seconds(run.durationMs)}</td><td>${escape(phases) || '–'}</td><td>${changed}</td><td>${pages}</td><td>${escape(run.reasons.join('; '))}${run.error ? `<pre>${escape(run.error)}</pre>` : ''}</td></tr>`;
}

function currentSection(status: RebuildStatus): string {
  const run = status.current;
  if (!run)
    return status.queued.length > 0
      ? `<p>Starting soon for: ${escape(status.queued.join('; '))}</p>`
      : '<p>No rebuild is running.</p>';
  const build = run.build;
  const bar =
    build && build.expected
      ? `<progress max="${build.expected}" value="${Math.min(build.rendered, build.expected)}"></progress> ${build.rendered} of about ${build.expected} pages`
      : build
        ? `<progress></progress> ${build.rendered} pages`
        : '<progress></progress>';
  return `<dl>
<dt>Started</dt><dd>${time(run.startedAt)} for ${escape(run.reasons.join('; '))}</dd>
<dt>Step</dt><dd>${escape(build ? `${run.phase}: ${build.step} (${build.mode} build)` : run.phase)}${run.message ? ` – ${escape(run.message)}` : ''}</dd>
<dt>Progress</dt><dd>${bar}</dd>
</dl>${status.queued.length > 0 ? `<p>Then again for: ${escape(status.queued.join('; '))}</p>` : ''}`;
}

/** The script that keeps the live part of the page current without reloading it (focus stays put). */
export const STATUS_PAGE_SCRIPT = `(() => {
  const live = () => document.getElementById('live');
  const tick = async () => {
    let busy = live()?.dataset.busy === 'true';
    try {
      const response = await fetch(location.pathname, { headers: { Accept: 'text/html' }, cache: 'no-store' });
      const fresh = response.ok
        ? new DOMParser().parseFromString(await response.text(), 'text/html').getElementById('live')
        : null;
      if (fresh) {
        live()?.replaceWith(fresh);
        busy = fresh.dataset.busy === 'true';
      }
    } finally {
      setTimeout(tick, busy ? 1000 : 5000);
    }
  };
  setTimeout(tick, 1000);
})();
`;

/** What an editor's button asks for: a rebuild of what changed, of everything, or a check of every price. */
export type RunRequest = 'now' | 'full' | 'reconcile' | 'reviews';

const QUEUED: Record<RunRequest, string> = {
  now: 'Rebuild queued: it starts in a moment.',
  full: 'Full rebuild queued: every product is read and every page rendered.',
  reconcile:
    'Price check queued: every published price is compared with what Magento charges, and those that differ are republished.',
  reviews:
    "Review check queued: every product's rating is read from Magento, and the pages of those with reviews approved or withdrawn since are republished.",
};

const money = (amount: number | null): string => (amount === null ? 'no price' : `£${amount.toFixed(2)}`);

/** The price changes the live build has coming (sale prices starting or ending), soonest first. */
function priceChangesSection(live: BuildInfo | undefined): string {
  const changes = live?.priceChanges;
  if (!changes || changes.total === 0) return '<p>No scheduled price changes.</p>';
  const rows = changes.upcoming
    .map(
      (change) =>
        `<tr><td>${escape(shopTime(change.at))}</td><td>${escape(change.name)} (${escape(change.sku)})</td><td>${money(change.before)}</td><td>${money(change.after)}</td></tr>`,
    )
    .join('');
  const more =
    changes.total > changes.upcoming.length
      ? `<p>And ${changes.total - changes.upcoming.length} more after these.</p>`
      : '';
  return `<p>Each is republished at its time, shop time (Europe/London), with no action needed.</p><table><thead><tr><th>When</th><th>Product</th><th>Price before</th><th>Price after</th></tr></thead><tbody>${rows}</tbody></table>${more}`;
}

/** The last check of the published prices against Magento's, with a warning when prices had drifted. */
function reconcileSection(history: readonly RunSummary[]): string {
  const run = history.find((entry) => entry.reconcile !== undefined);
  const check = run?.reconcile;
  if (!run || !check) return '<p>No price check since the server started.</p>';
  const drift = driftWarning(check);
  return `<p>Last check ${time(run.finishedAt)}: ${check.checked} prices compared in ${seconds(check.ms)}, ${check.differed} differed${check.rulePrices > 0 ? `, ${check.rulePrices} published at a Magento price rule's price` : ''}.</p>${drift ? `<div class="warning" role="alert"><strong>Prices had changed behind the shop's back.</strong> ${escape(drift)}</div>` : ''}`;
}

/**
 * When the shop last asked Magento for its reviews (Magento sends no event when one is approved), and what
 * changed then.
 */
function reviewsSection(history: readonly RunSummary[]): string {
  const run = history.find((entry) => entry.sync?.reviews !== undefined);
  const reviews = run?.sync?.reviews;
  if (!reviews) return '<p>No look at the reviews since the server started.</p>';
  const changed = reviews.changed === 1 ? '1 product' : `${reviews.changed} products`;
  return `<p>Last looked ${time(reviews.at)}: ${reviews.changed === 0 ? 'no change' : `the reviews of ${changed} changed`}.</p>`;
}

export function renderStatusPage(
  status: RebuildStatus,
  live: BuildInfo | undefined,
  queued: RunRequest | undefined,
  figures: Figures,
): string {
  const busy = status.state !== 'idle';
  const last = status.last;
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<noscript><meta http-equiv="refresh" content="${busy ? 2 : 10}"></noscript>
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>Site rebuilds</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1a1a1a}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}
tr.failed td{background:#fdecea}pre{white-space:pre-wrap;margin:.25rem 0 0;font-size:.875rem}
.error{border:2px solid #a4161a;background:#fdecea;padding:.75rem 1rem}progress{width:16rem}
.notice{border:2px solid #1b6e3a;background:#e8f5ec;padding:.75rem 1rem}
.warning{border:2px solid #8a5a00;background:#fff4e0;padding:.75rem 1rem}
form{display:flex;gap:.75rem;flex-wrap:wrap;margin:1rem 0}button{font:inherit;padding:.5rem 1rem;cursor:pointer}
</style>
<script src="/rebuild/status.js" defer></script>
</head>
<body>
<h1>Site rebuilds</h1>
${queued ? `<p class="notice" role="status">${QUEUED[queued]}</p>` : ''}
<form method="post" action="/rebuild/status">
<button type="submit" name="run" value="now">Rebuild now</button>
<button type="submit" name="run" value="full">Full rebuild</button>
<button type="submit" name="run" value="reconcile">Check prices now</button>
<button type="submit" name="run" value="reviews">Check reviews now</button>
</form>
<div id="live" data-busy="${busy}">
<h2>Live site</h2>
${
  live
    ? `<dl><dt>Built</dt><dd>${time(live.builtAt)} in ${seconds(live.durationMs)} (${live.mode ?? 'full'} build${live.id ? `, ${escape(live.id)}` : ''})</dd><dt>Pages</dt><dd>${live.pages}${live.rendered === undefined ? '' : `, ${live.rendered} rendered by that build`}</dd></dl>`
    : '<p>No build is live.</p>'
}
${last?.outcome === 'failed' ? `<div class="error" role="alert"><strong>The last rebuild failed</strong> (${time(last.finishedAt)}); the live site above keeps serving.<pre>${escape(last.error ?? '')}</pre></div>` : ''}
<h2>Price changes coming up</h2>
${priceChangesSection(live)}
<h2>Price check</h2>
${reconcileSection(status.history)}
<h2>Reviews</h2>
${reviewsSection(status.history)}
<h2>Now</h2>
${currentSection(status)}
<p>Polling: ${status.pollMinutes > 0 ? `every ${status.pollMinutes} min` : 'off'}.${status.builder ? ` Builds run on replica ${escape(status.builder)}.` : ''}</p>
<h2>Figures</h2>
${figuresSection(figures)}
<h2>Latest runs</h2>
${
  status.history.length > 0
    ? `<table><thead><tr><th>Finished</th><th>Outcome</th><th>Took</th><th>Where the time went</th><th>Products</th><th>Pages rendered</th><th>Why</th></tr></thead><tbody>${status.history.map(runRow).join('')}</tbody></table>`
    : '<p>None since the server started.</p>'
}
</div>
</body>
</html>
`;
}
