/**
 * The status page's "Figures": what /metrics gives Prometheus, read from the same figures (figures.ts),
 * in words an editor reads at a glance.
 */
import type { Figures } from './figures.ts';
import type { RunTotals } from './run-totals.ts';

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const number = (value: number): string => value.toLocaleString('en-GB');

const megabytes = (bytes: number): string => `${number(Math.round(bytes / 1024 / 1024))} MB`;

/** The words each state is shown with; a state this release does not know is shown as it is. */
const WORDS: Readonly<Record<string, string>> = {
  published: 'published',
  unchanged: 'nothing changed',
  failed: 'failed',
  REGISTERED: 'registered',
  PLACING: 'being placed',
  PAID: 'paid',
  FAILED: 'failed',
  OWED: 'owed back',
  DONE: 'given back',
  queued: 'queued',
  sent: 'sent',
};

/** `3 paid, 1 failed`: each state's count, in the order given. */
const counted = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .map(([state, count]) => `${number(count)} ${escape(WORDS[state] ?? state)}`)
    .join(', ');

function runs(totals: RunTotals): string {
  const byOutcome: Record<string, number> = { published: 0, unchanged: 0, failed: 0 };
  for (const entry of totals.runs) byOutcome[entry.outcome] = (byOutcome[entry.outcome] ?? 0) + entry.count;
  return counted(byOutcome);
}

function medians(figures: Figures): string {
  const { plan, render, swap } = figures.medians;
  const phases: [string, number | undefined][] = [
    ['plan', plan],
    ['render', render],
    ['publish', swap],
  ];
  const known = phases.filter((phase): phase is [string, number] => phase[1] !== undefined);
  return known.map(([phase, seconds]) => `${phase} ${seconds.toFixed(2)} s`).join(', ') || 'no run yet';
}

function queue(figures: Figures): string {
  const waiting = figures.queued === 1 ? '1 trigger waiting' : `${number(figures.queued)} triggers waiting`;
  return `${waiting}${figures.running ? '; a run is under way' : ''}`;
}

function memory(figures: Figures): string {
  const { server, renderer } = figures.memory;
  return `server ${megabytes(server)}, renderer ${renderer === undefined ? 'not running here' : megabytes(renderer)}`;
}

export function figuresSection(figures: Figures): string {
  const shop = figures.shop;
  const rows: [string, string][] = [
    ['Runs since the first', runs(figures.totals)],
    ['Pages rendered', number(figures.totals.pagesRendered)],
    ['Median of the recent runs', medians(figures)],
    ['Queue', queue(figures)],
    ['Memory', memory(figures)],
    ['Payments', shop ? `${counted(shop.payments)}; ${counted(shop.givesBack)}` : 'not counted here'],
    ['E-mail outbox', shop ? counted(shop.outbox) : 'not counted here'],
  ];
  const body = rows.map(([name, value]) => `<tr><th scope="row">${name}</th><td>${value}</td></tr>`).join('');
  return `<table class="figures"><tbody>${body}</tbody></table><p>The same figures, for Prometheus: <code>/metrics</code>.</p>`;
}
