/**
 * A scrape read by a Prometheus text parser nobody here wrote (parse-prometheus-text-format, a port of the
 * Prometheus Python client's parser), its output checked with zod, and the samples the tests look for.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { z } from 'zod';

const labels = z.record(z.string(), z.string()).optional();

const family = z.object({
  name: z.string(),
  help: z.string(),
  type: z.enum(['COUNTER', 'GAUGE', 'HISTOGRAM', 'SUMMARY', 'UNTYPED']),
  metrics: z.array(
    z.union([
      z.object({ value: z.string(), labels }),
      // A labelled histogram's (prom-client's nodejs_gc_duration_seconds) comes merged, without count and sum.
      z.object({
        buckets: z.record(z.string(), z.string()),
        count: z.string().optional(),
        sum: z.string().optional(),
        labels,
      }),
    ]),
  ),
});

export type MetricFamily = z.infer<typeof family>;

export const parseScrape = (text: string): MetricFamily[] =>
  z.array(family).parse(parsePrometheusTextFormat(text));

const matches = (given: Record<string, string> | undefined, wanted: Record<string, string>): boolean =>
  Object.entries(wanted).every(([name, value]) => given?.[name] === value);

/** The family named `name`; throws when the scrape lacks it. */
export function familyOf(families: readonly MetricFamily[], name: string): MetricFamily {
  const found = families.find((each) => each.name === name);
  if (!found) throw new Error(`The scrape has no ${name}: ${families.map((each) => each.name).join(', ')}`);
  return found;
}

/** The value of the counter or gauge sample with these labels; undefined when there is none. */
export function valueOf(
  families: readonly MetricFamily[],
  name: string,
  wanted: Record<string, string> = {},
): number | undefined {
  const sample = familyOf(families, name).metrics.find((each) => matches(each.labels, wanted));
  return sample && 'value' in sample ? Number(sample.value) : undefined;
}

/**
 * The histogram's count and sum, and its buckets' cumulative counts by `le`. The parser reads a histogram
 * without labels only (it merges the samples of labelled ones): the shop's have none.
 */
export function histogramOf(
  families: readonly MetricFamily[],
  name: string,
): { count: number; sum: number; buckets: Record<string, number> } | undefined {
  const sample = familyOf(families, name).metrics[0];
  if (!sample || !('buckets' in sample) || sample.count === undefined || sample.sum === undefined)
    return undefined;
  const buckets = Object.fromEntries(
    Object.entries(sample.buckets).map(([le, count]) => [le, Number(count)]),
  );
  return { count: Number(sample.count), sum: Number(sample.sum), buckets };
}
