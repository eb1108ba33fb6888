import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import tls from 'node:tls';
import { OutboundAllowList } from './allow.ts';
import { requestOnce, type Failure } from './request.ts';
import { checkUrl, redact, type Resolve } from './target.ts';
import type { Fetcher, FetchFailureReason, FetchJsonResult, TlsCertificateSeen } from './types.ts';

export interface GuardedFetcherOptions {
  /** OUTBOUND_ALLOW entries: host names (exempt that URL host), IPs and CIDRs (exempt those dialled addresses). */
  allow?: readonly string[];
  /** Budget for the whole request, redirects and body included. Default 5000. */
  timeoutMs?: number;
  /** Response body cap in bytes. Default 512 KiB. */
  maxBytes?: number;
  /** Redirect hops followed after the first request. Default 3. */
  maxRedirects?: number;
  /** Extra trusted CA (PEM), added to Node's default list (which already holds NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer;
  /** Permit http:// URLs (lint with https_required false). An https -> http redirect is refused regardless. */
  allowHttp?: boolean;
  /**
   * Name resolution, default node:dns lookup (the system resolver). Injectable so tests can make a
   * name resolve to loopback without real DNS; the address check runs on whatever this returns.
   */
  resolve?: Resolve;
}

function systemResolve(hostname: string, family: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_BYTES = 512 * 1024;
export const DEFAULT_MAX_REDIRECTS = 3;

/**
 * The one outbound fetcher for JWKS and discovery documents. The address check runs in the socket's DNS
 * lookup, so the address that is actually dialled is the one that was checked: a name that resolves
 * to a public address for a pre-check and to 127.0.0.1 for the connection (DNS rebinding) is refused.
 */
export function createGuardedFetcher(options: GuardedFetcherOptions = {}): Fetcher {
  const allow = new OutboundAllowList(options.allow ?? []);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allowHttp = options.allowHttp ?? false;
  const resolveHost = options.resolve ?? systemResolve;
  // Only when a test CA is given is `ca` set at all: setting it replaces Node's list, so the
  // default list (bundled roots plus NODE_EXTRA_CA_CERTS) is carried over explicitly.
  const ca = options.ca === undefined ? undefined : [...defaultCaCertificates(), options.ca.toString()];

  return {
    online: true,
    async getJson(url: string, opts: { signal?: AbortSignal; allowHttp?: boolean } = {}): Promise<FetchJsonResult> {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const onExternalAbort = (): void => controller.abort();
      if (opts.signal?.aborted) controller.abort();
      opts.signal?.addEventListener('abort', onExternalAbort, { once: true });
      const fail = (at: string, reason: FetchFailureReason, detail: string, status?: number): Failure =>
        status === undefined ? { ok: false, url: at, reason, detail } : { ok: false, url: at, reason, detail, status };
      try {
        let current = url;
        let previousProtocol: string | undefined;
        let soonestExpiry: TlsCertificateSeen | undefined;
        for (let hop = 0; ; hop++) {
          let target: URL;
          try {
            target = new URL(current);
          } catch {
            return fail(current, 'blocked', 'not an absolute URL');
          }
          const refusal = checkUrl(target, previousProtocol, allowHttp || opts.allowHttp === true, allow);
          if (refusal !== undefined) return fail(redact(target), 'blocked', refusal);
          const outcome = await requestOnce(target, {
            signal: controller.signal, maxBytes, allow, ca, resolveHost,
            timedOut: () => timedOut, timeoutMs,
          });
          if (outcome.kind === 'done') return withSoonestExpiry(outcome.result, soonestExpiry);
          soonestExpiry = soonerExpiry(soonestExpiry, outcome.tls);
          if (hop >= maxRedirects) return fail(redact(target), 'http_status', `more than ${maxRedirects} redirects`);
          previousProtocol = target.protocol;
          try {
            current = new URL(outcome.location, target).href;
          } catch {
            return fail(redact(target), 'http_status', 'redirect with an invalid Location header');
          }
        }
      } finally {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onExternalAbort);
      }
    },
  };
}

function soonerExpiry(a: TlsCertificateSeen | undefined, b: TlsCertificateSeen | undefined): TlsCertificateSeen | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Date.parse(b.notAfter) < Date.parse(a.notAfter) ? b : a;
}

/** The result with `tls` set to the certificate that expires first across every hop of the fetch. */
function withSoonestExpiry(result: FetchJsonResult, earlierHops: TlsCertificateSeen | undefined): FetchJsonResult {
  if (!result.ok) return result;
  const soonest = soonerExpiry(earlierHops, result.tls);
  if (soonest === undefined) return result;
  return { ...result, tls: soonest };
}

function defaultCaCertificates(): readonly string[] {
  const withExtra = (tls as { getCACertificates?: (type: 'default') => string[] }).getCACertificates;
  return withExtra === undefined ? tls.rootCertificates : withExtra('default');
}
