import { templateDiscoveryBase } from '../issuer-template.ts';
import type { Fetcher, FetchFailureReason, TlsCertificateSeen } from '../net/types.ts';
import { parseAbsoluteUri } from '../uri.ts';

/**
 * Where and how a provider's discovery document is fetched. POST /v1/providers/discover and issuer
 * profiles with `discovery: true` both fetch through here, so they look in the same places, in the
 * same order, and blame the same failure.
 */

/**
 * The discovery URLs to try, in order: OpenID Connect Discovery §4 (one terminating "/" of the
 * issuer removed, then /.well-known/openid-configuration appended), then RFC 8414 §3.1 (the
 * well-known segment inserted between host and path). Undefined when the issuer is no http(s) URL.
 * Microsoft Entra ID's multi-tenant template (https://login.microsoftonline.com/{tenantid}/v2.0) is no
 * location: its document is the tenant-independent one that publishes it, under /common/v2.0.
 */
export function discoveryUris(issuer: string): { openid: string; oauth: string } | undefined {
  const p = parseAbsoluteUri(templateDiscoveryBase(issuer) ?? issuer);
  if (!p.ok || (p.scheme !== 'https' && p.scheme !== 'http')) return undefined;
  // Built from origin + path: query, fragment and user info of a bad issuer are never sent anywhere.
  const path = p.url.pathname.replace(/\/$/, '');
  return {
    openid: `${p.url.origin}${path}/.well-known/openid-configuration`,
    oauth: `${p.url.origin}/.well-known/oauth-authorization-server${path}`,
  };
}

/** One location that gave no document. */
export interface DiscoveryAttempt {
  uri: string;
  reason: FetchFailureReason;
  status?: number;
  detail: string;
}

export type DiscoveryFetch =
  /** The first location that answered with JSON, its document, and the certificate it was fetched over (https). */
  | { state: 'fetched'; uri: string; document: Record<string, unknown>; tls?: TlsCertificateSeen }
  /** The first location that answered with JSON answered with something other than an object. */
  | { state: 'not_an_object'; uri: string }
  /**
   * No location answered with JSON. Every attempt, in order; the first is the failure to report,
   * since the OpenID Connect location is the one an issuer is expected to serve.
   */
  | { state: 'unreachable'; attempts: [DiscoveryAttempt, ...DiscoveryAttempt[]] }
  /** The issuer is no http(s) URL, so nothing was dialled. */
  | { state: 'not_http' };

/**
 * Fetch the discovery document of an issuer: the OpenID Connect location, then the RFC 8414 one
 * when the first gave no JSON. A JSON answer that is not an object stops the search: the provider
 * answered, and a second guess would hide what it got wrong. `allowHttp` lets a lint with
 * https_required: false fetch a plain-http issuer.
 */
export async function fetchDiscoveryDocument(fetcher: Fetcher, issuer: string, options: { allowHttp: boolean }): Promise<DiscoveryFetch> {
  const uris = discoveryUris(issuer);
  if (uris === undefined) return { state: 'not_http' };
  const attempts: DiscoveryAttempt[] = [];
  for (const uri of [uris.openid, uris.oauth]) {
    const result = await fetcher.getJson(uri, { allowHttp: options.allowHttp });
    if (result.ok) {
      const doc = result.json;
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { state: 'not_an_object', uri };
      const fetched: DiscoveryFetch = { state: 'fetched', uri, document: doc as Record<string, unknown> };
      if (result.tls !== undefined) fetched.tls = result.tls;
      return fetched;
    }
    const attempt: DiscoveryAttempt = { uri, reason: result.reason, detail: result.detail };
    if (result.status !== undefined) attempt.status = result.status;
    attempts.push(attempt);
  }
  return { state: 'unreachable', attempts: attempts as [DiscoveryAttempt, ...DiscoveryAttempt[]] };
}
