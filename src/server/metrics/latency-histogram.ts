/**
 * The request latency histogram, counted in plain arrays and read by prom-client only when /metrics is
 * scraped. prom-client's own Histogram converts, checks and hashes the labels on every observation,
 * which every answered request paid; here an observation is a bucket search and three additions.
 *
 * It is registered as a prom-client metric and renders exactly as prom-client's Histogram does:
 * cumulative `_bucket` series with `le` (the bounds, then `+Inf`), then `_sum` and `_count`, per endpoint.
 */
interface Series {
  readonly endpoint: { endpoint: string };
  /** Observations per bucket (not cumulative): counts[i] took at most bounds[i] and more than bounds[i - 1]. */
  readonly counts: number[];
  sum: number;
  count: number;
}

interface MetricValue {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName: string;
}

interface MetricData {
  name: string;
  help: string;
  type: 'histogram';
  values: MetricValue[];
  aggregator: 'sum';
}

export class LatencyHistogram {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #bounds: readonly number[];
  readonly #series = new Map<string, Series>();

  constructor(name: string, help: string, bounds: readonly number[]) {
    this.name = name;
    this.help = help;
    this.#bounds = [...bounds].sort((a, b) => a - b);
  }

  observe(endpoint: string, seconds: number): void {
    let series = this.#series.get(endpoint);
    if (series === undefined) {
      series = { endpoint: { endpoint }, counts: this.#bounds.map(() => 0), sum: 0, count: 0 };
      this.#series.set(endpoint, series);
    }
    const bounds = this.#bounds;
    let i = 0;
    while (i < bounds.length && seconds > (bounds[i] as number)) i++;
    if (i < bounds.length) series.counts[i] = (series.counts[i] as number) + 1;
    series.sum += seconds;
    series.count++;
  }

  /** prom-client's Registry.resetMetrics(). */
  reset(): void {
    this.#series.clear();
  }

  /** What a text scrape renders: the endpoint as a shared label, as prom-client's Histogram gives it. */
  getForPromString(): Promise<MetricData> {
    const values: MetricValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const series of this.#series.values()) {
      let cumulative = 0;
      for (let i = 0; i < this.#bounds.length; i++) {
        cumulative += series.counts[i] as number;
        values.push({ labels: { le: this.#bounds[i] as number }, sharedLabels: series.endpoint, value: cumulative, metricName: bucket });
      }
      values.push({ labels: { le: '+Inf' }, sharedLabels: series.endpoint, value: series.count, metricName: bucket });
      values.push({ labels: {}, sharedLabels: series.endpoint, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: series.endpoint, value: series.count, metricName: `${this.name}_count` });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator });
  }

  /** What a cluster collection reads: every label in `labels`, as prom-client's Histogram gives it. */
  async get(): Promise<MetricData> {
    const data = await this.getForPromString();
    data.values = data.values.map(({ labels, sharedLabels, value, metricName }) => ({ labels: { ...labels, ...sharedLabels }, value, metricName }));
    return data;
  }
}
