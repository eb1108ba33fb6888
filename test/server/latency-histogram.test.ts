import fc from 'fast-check';
import { Histogram, Registry, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../src/server/metrics/latency-histogram.ts';

const BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ENDPOINTS = ['POST /v1/validate/jwt', 'GET /healthz', 'POST /v1/lint/oidc-config', 'GET (unknown path)'];

/** The same observations through prom-client's Histogram and through LatencyHistogram, in registries alike. */
function both(observations: [number, number][], defaultLabels?: Record<string, string>): { theirs: Registry; ours: Registry; mine: LatencyHistogram } {
  const theirs = new Registry();
  const ours = new Registry();
  if (defaultLabels !== undefined) {
    theirs.setDefaultLabels(defaultLabels);
    ours.setDefaultLabels(defaultLabels);
  }
  const reference = new Histogram({ name: 'h_seconds', help: 'Latency.', labelNames: ['endpoint'], buckets: BOUNDS, registers: [theirs] });
  const mine = new LatencyHistogram('h_seconds', 'Latency.', BOUNDS);
  ours.registerMetric(mine as unknown as Metric);
  for (const [e, seconds] of observations) {
    reference.labels(ENDPOINTS[e] as string).observe(seconds);
    mine.observe(ENDPOINTS[e] as string, seconds);
  }
  return { theirs, ours, mine };
}

describe('LatencyHistogram renders as prom-client\'s Histogram does', () => {
  const observation = fc.tuple(fc.integer({ min: 0, max: ENDPOINTS.length - 1 }), fc.oneof(fc.constantFrom(...BOUNDS, 0, 11, 1e-9), fc.double({ min: 0, max: 20, noNaN: true })));

  it('the same text scrape, bucket edges and values past the last bound included', async () => {
    await fc.assert(fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
      const { theirs, ours } = both(observations);
      expect(await ours.metrics()).toBe(await theirs.metrics());
    }));
  });

  it('the same series for a cluster collection, and with a worker label', async () => {
    await fc.assert(fc.asyncProperty(fc.array(observation, { minLength: 1, maxLength: 30 }), async (observations) => {
      const { theirs, ours } = both(observations, { worker: '2' });
      expect(await ours.metrics()).toBe(await theirs.metrics());
      const strip = (json: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) => json.map((m) => ({ ...m, values: m.values.map((v) => ({ labels: v.labels, value: v.value, metricName: (v as { metricName?: string }).metricName })) }));
      expect(strip(await ours.getMetricsAsJSON())).toEqual(strip(await theirs.getMetricsAsJSON()));
    }));
  });

  it('counts an observation in the first bucket whose bound it does not exceed', async () => {
    const { ours } = both([[0, 0.001], [0, 0.0011], [0, 10], [0, 10.5]]);
    const text = await ours.metrics();
    expect(text).toContain('h_seconds_bucket{le="0.0005",endpoint="POST /v1/validate/jwt"} 0');
    expect(text).toContain('h_seconds_bucket{le="0.001",endpoint="POST /v1/validate/jwt"} 1');
    expect(text).toContain('h_seconds_bucket{le="0.0025",endpoint="POST /v1/validate/jwt"} 2');
    expect(text).toContain('h_seconds_bucket{le="10",endpoint="POST /v1/validate/jwt"} 3');
    expect(text).toContain('h_seconds_bucket{le="+Inf",endpoint="POST /v1/validate/jwt"} 4');
    expect(text).toContain('h_seconds_count{endpoint="POST /v1/validate/jwt"} 4');
  });

  it('reset empties it, as Registry.resetMetrics() expects', async () => {
    const { ours, mine } = both([[1, 0.2]]);
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('h_seconds_count');
    mine.observe('GET /healthz', 0.3);
    expect(await ours.metrics()).toContain('h_seconds_count{endpoint="GET /healthz"} 1');
  });
});
