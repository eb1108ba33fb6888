/**
 * One hop of a guarded fetch: one GET on a private agent whose DNS lookup is the guarded one, the
 * answer read up to the byte cap, and every failure turned into a reason (never thrown).
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { TLSSocket } from 'node:tls';
import { TargetRefusedError } from '../errors.ts';
import type { OutboundAllowList } from './allow.ts';
import { certificateNotAfter } from './certificate.ts';
import { bareHost, guardedLookup, redact, type Resolve } from './target.ts';
import type { FetchFailureReason, FetchJsonResult, TlsCertificateSeen } from './types.ts';

export type Failure = Extract<FetchJsonResult, { ok: false }>;
type HopOutcome =
  | { kind: 'done'; result: FetchJsonResult }
  | { kind: 'redirect'; location: string; tls?: TlsCertificateSeen };

interface HopSettings {
  signal: AbortSignal;
  maxBytes: number;
  allow: OutboundAllowList;
  ca: string[] | undefined;
  timedOut: () => boolean;
  timeoutMs: number;
  resolveHost: Resolve;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const TLS_CODES = new Set([
  'EPROTO', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_REVOKED',
  'CERT_UNTRUSTED', 'CERT_REJECTED', 'HOSTNAME_MISMATCH', 'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);

function classifyError(err: unknown, settings: HopSettings): { reason: FetchFailureReason; detail: string } {
  if (settings.timedOut()) return { reason: 'timeout', detail: `no complete answer within ${settings.timeoutMs} ms` };
  if (settings.signal.aborted) return { reason: 'timeout', detail: 'the request was cancelled' };
  if (err instanceof TargetRefusedError) return { reason: 'blocked', detail: err.message };
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

/**
 * The leaf certificate of the connection that carried this response, read from the socket itself
 * (the one that was checked and dialled). Undefined over plain http, or when its notAfter cannot be read.
 */
function peerCertificate(res: IncomingMessage, url: string): TlsCertificateSeen | undefined {
  const socket = res.socket;
  if (!(socket instanceof TLSSocket)) return undefined;
  const leaf = socket.getPeerX509Certificate();
  if (leaf === undefined) return undefined;
  const notAfter = certificateNotAfter(leaf);
  return notAfter === undefined ? undefined : { notAfter: notAfter.toISOString(), url };
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

export function requestOnce(url: URL, settings: HopSettings): Promise<HopOutcome> {
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
