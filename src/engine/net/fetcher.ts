import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import tls, { TLSSocket } from 'node:tls';
import { formatIp, nonPublicReason, parseIp } from './address.ts';
import { OutboundAllowList } from './allow.ts';
import type { Fetcher, FetchFailureReason, FetchJsonResult, TlsCertificateSeen } from './types.ts';

export { parseOutboundAllow, OutboundAllowError } from './allow.ts';

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
  resolve?: (hostname: string, family: number) => Promise<LookupAddress[]>;
}

function systemResolve(hostname: string, family: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_BYTES = 512 * 1024;
export const DEFAULT_MAX_REDIRECTS = 3;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Raised inside the connect path when a target is refused, so the socket is never opened. */
class RefusedTarget extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedTarget';
  }
}

type Failure = Extract<FetchJsonResult, { ok: false }>;
type HopOutcome =
  | { kind: 'done'; result: FetchJsonResult }
  | { kind: 'redirect'; location: string; tls?: TlsCertificateSeen };

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

/**
 * The leaf certificate of the connection that carried this response, read from the socket itself
 * (the one that was checked and dialled). Undefined over plain http.
 */
function peerCertificate(res: IncomingMessage, url: string): TlsCertificateSeen | undefined {
  const socket = res.socket;
  if (!(socket instanceof TLSSocket)) return undefined;
  const leaf = socket.getPeerX509Certificate();
  if (leaf === undefined) return undefined;
  const notAfter = leaf.validToDate;
  return Number.isNaN(notAfter.getTime()) ? undefined : { notAfter: notAfter.toISOString(), url };
}

function defaultCaCertificates(): readonly string[] {
  const withExtra = (tls as { getCACertificates?: (type: 'default') => string[] }).getCACertificates;
  return withExtra === undefined ? tls.rootCertificates : withExtra('default');
}

/** The URL without user info, for messages and results. */
function redact(url: URL): string {
  if (url.username === '' && url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

/** Scheme, user info and IP-literal checks that need no DNS. Undefined when the hop may proceed. */
function checkUrl(url: URL, previousProtocol: string | undefined, allowHttp: boolean, allow: OutboundAllowList): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `scheme ${url.protocol} is not allowed; only https is fetched`;
  if (url.protocol === 'http:') {
    if (previousProtocol === 'https:') return 'redirect from https to http refused';
    if (!allowHttp) return 'http:// refused; only https is fetched';
  }
  if (url.username !== '' || url.password !== '') return 'URLs with user info are refused';
  const host = bareHost(url);
  if (allow.allowsHost(host)) return undefined;
  // Node does not call `lookup` for IP literals, so they are checked here instead.
  if (isIP(host) !== 0) {
    const ip = parseIp(host);
    if (ip === undefined) return `address ${host} could not be parsed`;
    const reason = nonPublicReason(ip);
    if (reason !== undefined && !allow.allowsAddress(ip)) return `address ${formatIp(ip)} is ${reason}; not dialled (add it to OUTBOUND_ALLOW to permit)`;
  }
  return undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(allow: OutboundAllowList, hostExempt: boolean, resolveHost: HopSettings['resolveHost']) {
  return (hostname: string, opts: { family?: number | string; all?: boolean }, callback: LookupCallback): void => {
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : typeof opts.family === 'number' ? opts.family : 0;
    resolveHost(hostname, family).then((addresses) => {
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (!hostExempt) {
        // Every answer is checked, not just the first: a mixed answer is how rebinding is usually staged.
        for (const a of addresses) {
          const ip = parseIp(a.address);
          const reason = ip === undefined ? 'unparseable' : nonPublicReason(ip);
          if (reason !== undefined && (ip === undefined || !allow.allowsAddress(ip))) {
            return callback(new RefusedTarget(`${hostname} resolves to ${a.address}, which is ${reason}; not dialled (add it to OUTBOUND_ALLOW to permit)`), []);
          }
        }
      }
      if (opts.all === true) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    }, (err: unknown) => callback(err as NodeJS.ErrnoException, []));
  };
}

interface HopSettings {
  signal: AbortSignal;
  maxBytes: number;
  allow: OutboundAllowList;
  ca: string[] | undefined;
  timedOut: () => boolean;
  timeoutMs: number;
  resolveHost: (hostname: string, family: number) => Promise<LookupAddress[]>;
}

const TLS_CODES = new Set([
  'EPROTO', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_REVOKED',
  'CERT_UNTRUSTED', 'CERT_REJECTED', 'HOSTNAME_MISMATCH', 'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);

function classifyError(err: unknown, settings: HopSettings): { reason: FetchFailureReason; detail: string } {
  if (settings.timedOut()) return { reason: 'timeout', detail: `no complete answer within ${settings.timeoutMs} ms` };
  if (settings.signal.aborted) return { reason: 'timeout', detail: 'the request was cancelled' };
  if (err instanceof RefusedTarget) return { reason: 'blocked', detail: err.message };
  const code = (err as { code?: unknown }).code;
  const text = typeof code === 'string' ? code : '';
  if (DNS_CODES.has(text)) return { reason: 'dns', detail: `name resolution failed (${text})` };
  if (TLS_CODES.has(text) || text.startsWith('ERR_SSL_') || text.startsWith('ERR_TLS_') || text.includes('CERT')) {
    return { reason: 'tls', detail: `TLS handshake failed (${text})` };
  }
  if (text === 'ETIMEDOUT') return { reason: 'timeout', detail: 'connection timed out' };
  if (text.startsWith('HPE_')) return { reason: 'refused', detail: `malformed HTTP response (${text})` };
  return { reason: 'refused', detail: `connection failed (${text || 'unknown error'})` };
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Markup is refused even when it would happen to parse: an HTML error page behind a 200 is the
 * common misconfiguration this catches. Other types (including none and text/plain, which some
 * providers send) are accepted when the body parses as JSON.
 */
function isMarkup(type: string): boolean {
  return type === 'text/html' || type === 'application/xhtml+xml' || type.endsWith('/xml') || type.endsWith('+xml');
}

function flattenHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function requestOnce(url: URL, settings: HopSettings): Promise<HopOutcome> {
  const where = redact(url);
  const host = bareHost(url);
  return new Promise<HopOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: HopOutcome): void => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const fail = (reason: FetchFailureReason, detail: string, status?: number): void => {
      const result: Failure = status === undefined ? { ok: false, url: where, reason, detail } : { ok: false, url: where, reason, detail, status };
      settle({ kind: 'done', result });
    };
    const onError = (err: unknown): void => {
      const { reason, detail } = classifyError(err, settings);
      fail(reason, detail);
    };

    const requestOptions: https.RequestOptions = {
      method: 'GET',
      headers: {
        accept: 'application/json, application/jwk-set+json, */*;q=0.1',
        'accept-encoding': 'identity',
        'user-agent': 'oidc-gate',
      },
      // A private agent per request: a pooled socket opened by other code was never checked.
      agent: false,
      lookup: guardedLookup(settings.allow, settings.allow.allowsHost(host), settings.resolveHost) as unknown as https.RequestOptions['lookup'],
      signal: settings.signal,
    };
    if (settings.ca !== undefined) requestOptions.ca = settings.ca;

    let req: http.ClientRequest;
    try {
      req = (url.protocol === 'https:' ? https : http).request(url, requestOptions);
    } catch (err) {
      onError(err);
      return;
    }
    req.on('error', onError);
    req.on('response', (res) => {
      // Settle first, then destroy: destroying emits 'aborted'/'error', which must not win the race.
      const stop = (outcome: HopOutcome): void => {
        settle(outcome);
        res.destroy();
      };
      const stopWith = (reason: FetchFailureReason, detail: string, status: number): void =>
        stop({ kind: 'done', result: { ok: false, url: where, reason, detail, status } });
      res.on('error', onError);
      res.on('aborted', () => onError(new Error('aborted')));
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      const certificate = peerCertificate(res, where);
      if (REDIRECT_STATUSES.has(status)) {
        if (location === undefined) return stopWith('http_status', `HTTP ${status} redirect without a Location header`, status);
        return stop(certificate === undefined ? { kind: 'redirect', location } : { kind: 'redirect', location, tls: certificate });
      }
      if (status < 200 || status > 299) return stopWith('http_status', `HTTP ${status}`, status);
      const type = mediaType(res.headers['content-type']);
      if (isMarkup(type)) return stopWith('not_json', `content type ${type} is not JSON`, status);
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > settings.maxBytes) {
        return stopWith('too_large', `declared body of ${declared} bytes exceeds the ${settings.maxBytes}-byte cap`, status);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > settings.maxBytes) return stopWith('too_large', `body exceeds the ${settings.maxBytes}-byte cap`, status);
        chunks.push(chunk);
      });
      res.on('end', () => {
        if (settled) return;
        let text = Buffer.concat(chunks).toString('utf8');
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          return fail('not_json', `body is not valid JSON${type === '' ? '' : ` (content type ${type})`}`, status);
        }
        const result: FetchJsonResult = { ok: true, url: where, status, headers: flattenHeaders(res), json };
        if (certificate !== undefined) result.tls = certificate;
        settle({ kind: 'done', result });
      });
    });
    req.end();
  });
}
