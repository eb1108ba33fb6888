import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { EngineServices, Finding, OperationResponse } from '../../engine/index.ts';
import { clusterRenderer } from './cluster-metrics.ts';
import { LatencyHistogram } from './latency-histogram.ts';

/** The label values the cache counters take: any other value is not counted. */
const JWKS_CACHE_STATES = ['hit', 'miss', 'refreshed', 'stale'];
const SIGNATURE_CACHE_RESULTS = ['hit', 'miss'];

/** Request latency buckets (seconds): most answers take about a millisecond; the budget is 10 s. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What one answered request adds to the metrics. */
export interface ServiceMetrics {
  /** The Prometheus text-format media type. */
  readonly contentType: string;
  /** One request answered with `status` (0: the client left before its body arrived). */
  observeRequest(endpoint: string, status: number, seconds: number): void;
  /**
   * One operation response: its finding codes and, for a validation (`validation`: its metadata is the
   * validator's), its warnings and how the JWKS and verification caches served it.
   */
  observeResponse(response: OperationResponse, validation: boolean): void;
  /** The text a scrape receives. */
  render(): Promise<string>;
}

export interface MetricsOptions {
  /** This process is this cluster worker: its series carry the label, and a scrape shows every worker's. */
  worker?: number;
}

interface ValidationMetadata {
  warnings?: Finding[];
  jwks_cache?: string;
  signature_cache?: string;
}

/**
 * The service's Prometheus metrics, in a registry of its own (not prom-client's global one), so every
 * server in a process counts only its own requests. Label values come from bounded sets only: the
 * route or "(unknown path)" (never a path as sent, which may hold a token), status codes, finding codes
 * and cache states.
 */
export function createMetrics(services: Pick<EngineServices, 'verifyCache'>, options: MetricsOptions = {}): ServiceMetrics {
  const registry = new Registry();
  if (options.worker !== undefined) registry.setDefaultLabels({ worker: String(options.worker) });
  collectDefaultMetrics({ register: registry });
  // Requests are counted here, one number per endpoint and status, and handed to prom-client when scraped.
  const requestCounts = new Map<string, Map<number, number>>();
  new Counter({
    name: 'oidc_gate_http_requests_total',
    help: 'HTTP requests answered, by endpoint ("METHOD /path", or "(unknown path)") and status (0: the client left before its body arrived).',
    labelNames: ['endpoint', 'status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [endpoint, byStatus] of requestCounts) {
        for (const [status, count] of byStatus) this.inc({ endpoint, status: String(status) }, count);
      }
    },
  });
  const latency = new LatencyHistogram('oidc_gate_http_request_duration_seconds', 'Time from the request headers to the answer, by endpoint.', LATENCY_BUCKETS);
  registry.registerMetric(latency as unknown as Metric);
  const findings = new Counter({
    name: 'oidc_gate_findings_total',
    help: 'Findings in operation responses (errors and warnings), by code.',
    labelNames: ['code'],
    registers: [registry],
  });
  const jwksCache = new Counter({
    name: 'oidc_gate_jwks_cache_total',
    help: 'Validations whose keys came from a JWKS, by how its cache served them (hit, miss, refreshed, stale).',
    labelNames: ['state'],
    registers: [registry],
  });
  // Counted here on every validation and handed to prom-client when scraped, like the request counts.
  const signatureCounts = new Map<string, number>();
  new Counter({
    name: 'oidc_gate_signature_cache_total',
    help: 'Signature checks by the verification cache: hit (a check that passed before was reused) or miss (verified).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [result, count] of signatureCounts) this.inc({ result }, count);
    },
  });
  const cache = services.verifyCache;
  new Gauge({
    name: 'oidc_gate_signature_cache_entries',
    help: 'Passed signature checks held by the verification cache.',
    registers: [registry],
    collect() {
      this.set(cache?.size ?? 0);
    },
  });
  new Counter({
    name: 'oidc_gate_signature_cache_evictions_total',
    help: 'Entries pushed out of the full verification cache; a steady rise means VERIFY_CACHE_SIZE is small for the traffic.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache?.evictions ?? 0);
    },
  });

  // prom-client hashes the label values on every call, and labels() builds a new child each time: the
  // few series in use are kept (endpoints are the same few strings every request).
  const codeSeries = new Map<string, Counter.Internal>();
  const countFinding = (f: Finding): void => {
    let series = codeSeries.get(f.code);
    if (series === undefined) {
      series = findings.labels(f.code);
      codeSeries.set(f.code, series);
    }
    series.inc();
  };
  const jwksSeries = new Map(JWKS_CACHE_STATES.map((state) => [state, jwksCache.labels(state)]));

  return {
    contentType: registry.contentType,
    observeRequest(endpoint, status, seconds) {
      let byStatus = requestCounts.get(endpoint);
      if (byStatus === undefined) {
        byStatus = new Map();
        requestCounts.set(endpoint, byStatus);
      }
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      latency.observe(endpoint, seconds);
    },
    observeResponse(response, validation) {
      for (const f of response.findings) countFinding(f);
      // Only a validation's metadata is read: discovery's is the provider's document, which names nothing here.
      const metadata = validation ? (response as { metadata?: ValidationMetadata }).metadata : undefined;
      if (metadata === undefined) return;
      if (metadata.warnings !== undefined) for (const f of metadata.warnings) countFinding(f);
      if (metadata.jwks_cache !== undefined) jwksSeries.get(metadata.jwks_cache)?.inc();
      const result = metadata.signature_cache;
      if (result !== undefined && SIGNATURE_CACHE_RESULTS.includes(result)) signatureCounts.set(result, (signatureCounts.get(result) ?? 0) + 1);
    },
    render: options.worker !== undefined ? clusterRenderer(registry) : () => registry.metrics(),
  };
}
