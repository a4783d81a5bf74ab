declare module 'parse-prometheus-text-format' {
  /** Prometheus' text format as prom2json lays it out; read with zod (tests/support/prometheus.ts). */
  export default function parsePrometheusTextFormat(text: string): unknown;
}
