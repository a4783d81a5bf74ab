/**
 * `npm run bench:invoice -- --lines 50 --runs 30`: how long the storefront server takes to make a VAT
 * invoice PDF (issue 38: ≤ 300 ms for a 50-line order), printed, not asserted. In this process, from
 * Magento's answers (a taxed invoice of `--lines` lines and its order, as features/invoices/fixtures make
 * them) to the PDF's bytes: the answers parsed with the wire schemas, the figures worked out, the PDF drawn.
 * The first run (which loads pdfkit's font metrics, as a server's first invoice does) is shown apart; then
 * `--warmup` runs (default 5) untimed, then `--runs` (default 30) timed: median and p95 of the whole, and of
 * the PDF drawing alone, and the CPU time the whole took (on a busy machine the wall time also counts the
 * time other processes had the cores).
 */
import { parseArgs } from 'node:util';
import { longInvoice, seller } from '../src/features/invoices/fixtures/invoices.ts';
import { toVatInvoice } from '../src/features/invoices/vat-invoice.ts';
import { renderVatInvoicePdf } from '../src/features/invoices/vat-invoice-pdf.ts';
import { invoicedOrderSchema, invoiceSchema } from '../src/magento/wire/invoice.ts';
import { loadLine, median, table, verdict } from './bench/proc.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '50' },
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
  },
});
const lines = Math.max(1, Number(values.lines) || 50);
const runs = Math.max(1, Number(values.runs) || 30);
const warmup = Math.max(0, Number(values.warmup) || 0);
const BUDGET_MS = 300;

const answers = longInvoice(lines);
/** What Magento sends: JSON text, read afresh each run as the server would. */
const wire = { invoice: JSON.stringify(answers.invoice), order: JSON.stringify(answers.order) };

interface Run {
  /** Wall time of the whole, and of the PDF drawing alone. */
  readonly total: number;
  readonly pdf: number;
  /** This process's CPU time (user + system) for the whole: what the work costs when others share the cores. */
  readonly cpu: number;
  readonly bytes: number;
}

async function once(): Promise<Run> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const invoice = invoiceSchema.parse(JSON.parse(wire.invoice));
  const order = invoicedOrderSchema.parse(JSON.parse(wire.order));
  const figures = toVatInvoice({ invoice, order, seller });
  const drawing = performance.now();
  const bytes = await renderVatInvoicePdf(figures);
  const ended = performance.now();
  const used = process.cpuUsage(cpu);
  return {
    total: ended - started,
    pdf: ended - drawing,
    cpu: (used.user + used.system) / 1000,
    bytes: bytes.byteLength,
  };
}

const percentile = (list: readonly number[], p: number): number => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number): string => `${value.toFixed(1)} ms`;

const first = await once();
for (let run = 0; run < warmup; run += 1) await once();
const timed: Run[] = [];
for (let run = 0; run < runs; run += 1) timed.push(await once());
const totals = timed.map((run) => run.total);
const drawings = timed.map((run) => run.pdf);
const cpus = timed.map((run) => run.cpu);

console.info(`VAT invoice PDF, ${lines} lines: ${runs} runs after ${warmup} warm-up (${process.version})`);
console.info(await loadLine());
console.info(
  table(
    ['', 'first run', 'median', 'p95', 'budget', ''],
    [
      [
        'parse + figures + PDF',
        ms(first.total),
        ms(median(totals)),
        ms(percentile(totals, 95)),
        `${BUDGET_MS} ms`,
        verdict(percentile(totals, 95), BUDGET_MS),
      ],
      ['PDF drawing alone', ms(first.pdf), ms(median(drawings)), ms(percentile(drawings, 95)), '', ''],
      ['CPU time of the whole', ms(first.cpu), ms(median(cpus)), ms(percentile(cpus, 95)), '', ''],
    ],
  ),
);
console.info(`PDF size: ${(first.bytes / 1024).toFixed(1)} KB`);
