import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EngineServices, Finding, OperationResponse } from '../engine/index.ts';
import { clusterRenderer } from './cluster-metrics.ts';

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
  const requests = new Counter({
    name: 'oidc_gate_http_requests_total',
    help: 'HTTP requests answered, by endpoint ("METHOD /path", or "(unknown path)") and status (0: the client left before its body arrived).',
    labelNames: ['endpoint', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'oidc_gate_http_request_duration_seconds',
    help: 'Time from the request headers to the answer, by endpoint.',
    labelNames: ['endpoint'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
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
  const signatureCache = new Counter({
    name: 'oidc_gate_signature_cache_total',
    help: 'Signature checks by the verification cache: hit (a check that passed before was reused) or miss (verified).',
    labelNames: ['result'],
    registers: [registry],
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

  // prom-client hashes the label values on every call; the few label sets in use are kept instead.
  const requestSeries = new Map<string, Counter.Internal>();
  const latencySeries = new Map<string, Histogram.Internal<'endpoint'>>();
  const codeSeries = new Map<string, Counter.Internal>();
  const countFinding = (f: Finding): void => {
    let series = codeSeries.get(f.code);
    if (series === undefined) {
      series = findings.labels(f.code);
      codeSeries.set(f.code, series);
    }
    series.inc();
  };

  return {
    contentType: registry.contentType,
    observeRequest(endpoint, status, seconds) {
      const key = `${status} ${endpoint}`;
      let counted = requestSeries.get(key);
      if (counted === undefined) {
        counted = requests.labels(endpoint, String(status));
        requestSeries.set(key, counted);
      }
      counted.inc();
      let timed = latencySeries.get(endpoint);
      if (timed === undefined) {
        timed = latency.labels(endpoint);
        latencySeries.set(endpoint, timed);
      }
      timed.observe(seconds);
    },
    observeResponse(response, validation) {
      for (const f of response.findings) countFinding(f);
      // Only a validation's metadata is read: discovery's is the provider's document, which names nothing here.
      const metadata = validation ? (response as { metadata?: ValidationMetadata }).metadata : undefined;
      if (metadata === undefined) return;
      for (const f of metadata.warnings ?? []) countFinding(f);
      if (metadata.jwks_cache === 'hit' || metadata.jwks_cache === 'miss' || metadata.jwks_cache === 'refreshed' || metadata.jwks_cache === 'stale') {
        jwksCache.labels(metadata.jwks_cache).inc();
      }
      if (metadata.signature_cache === 'hit' || metadata.signature_cache === 'miss') signatureCache.labels(metadata.signature_cache).inc();
    },
    render: options.worker !== undefined ? clusterRenderer(registry) : () => registry.metrics(),
  };
}
