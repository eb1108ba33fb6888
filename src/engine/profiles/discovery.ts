import { finding } from '../findings.ts';
import { VALIDATION_FINDINGS as F } from '../validate/findings.ts';
import { discoveryUris, fetchDiscoveryDocument } from '../discovery/fetch.ts';
import { documentSpeaksFor } from '../issuer-template.ts';
import { JwksCache, RETRY_AFTER_COLD_FAILURE_MS } from '../jwks/cache.ts';
import type { Fetcher } from '../net/types.ts';
import type { Finding, JwsAlgorithm } from '../types.ts';
import { parseAbsoluteUri } from '../uri.ts';
import type { JoseHeader, KeyResolution } from '../validate/trust-source.ts';

/**
 * The OpenID Connect location of the issuer's configuration document (OpenID Connect Discovery 1.0 §4),
 * the one a JWKS_UNAVAILABLE names: the location an issuer is expected to serve.
 */
export function discoveryUrl(issuer: string): string {
  return discoveryUris(issuer)?.openid ?? `${issuer}/.well-known/openid-configuration`;
}

type Lookup = { ok: true; cache: JwksCache } | { ok: false; failure: Finding };

/**
 * Keys for a `discovery: true` profile. The discovery document is fetched at first use, not at start,
 * so a provider that is down at boot does not stop the service; once found, the jwks_uri is kept for
 * the life of the process and its JwksCache does the rest.
 */
export class DiscoveredJwks {
  readonly issuer: string;
  readonly discoveryUri: string;
  readonly #fetcher: Fetcher;
  readonly #now: () => number;
  #cache: JwksCache | undefined;
  #inflight: Promise<Lookup> | undefined;
  #lastFailure: { finding: Finding; at: number } | undefined;

  constructor(options: { issuer: string; fetcher: Fetcher; now: () => number }) {
    this.issuer = options.issuer;
    this.discoveryUri = discoveryUrl(options.issuer);
    this.#fetcher = options.fetcher;
    this.#now = options.now;
  }

  async resolveKeys(header: JoseHeader, alg: JwsAlgorithm): Promise<KeyResolution> {
    if (this.#cache !== undefined) return this.#cache.resolveKeys(header, alg);
    const failed = this.#lastFailure;
    // A provider that just failed is not asked again on every validation.
    if (failed !== undefined && this.#now() - failed.at < RETRY_AFTER_COLD_FAILURE_MS) return { keys: [], cache: 'miss', failure: failed.finding };
    this.#inflight ??= this.#discover().finally(() => {
      this.#inflight = undefined;
    });
    const lookup = await this.#inflight;
    if (!lookup.ok) return { keys: [], cache: 'miss', failure: lookup.failure };
    return lookup.cache.resolveKeys(header, alg);
  }

  async #discover(): Promise<Lookup> {
    const fail = (reason: string, detail: string, status?: number): Lookup => {
      const evidence: Record<string, unknown> = { discovery_uri: this.discoveryUri, reason, detail };
      if (status !== undefined) evidence.status = status;
      const f = finding(F.JWKS_UNAVAILABLE, `The jwks_uri could not be discovered from ${this.discoveryUri} (${reason}) and no keys are cached.`, evidence,
        'Check that the issuer serves its OpenID configuration at this URL, or give jwks_uri in the profile.');
      this.#lastFailure = { finding: f, at: this.#now() };
      return { ok: false, failure: f };
    };
    if (!this.#fetcher.online) return fail('offline', 'offline mode: discovery is not fetched');
    // Profiles are https only: the issuer was checked when the profile was compiled.
    const fetched = await fetchDiscoveryDocument(this.#fetcher, this.issuer, { allowHttp: false });
    if (fetched.state === 'not_http') return fail('blocked', 'the issuer is not an http(s) URL, so discovery was not fetched');
    if (fetched.state === 'unreachable') {
      const [first] = fetched.attempts;
      return fail(first.reason, first.detail, first.status);
    }
    if (fetched.state === 'not_an_object') return fail('invalid_discovery', 'the discovery document is not a JSON object');
    const { issuer, jwks_uri: jwksUri } = fetched.document;
    // Discovery §4.3: the document must name exactly the issuer it was fetched for. A profile with Entra's
    // template issuer fetched the tenant-independent document, which publishes exactly that template.
    if (typeof issuer !== 'string' || !documentSpeaksFor(this.issuer, issuer)) return fail('issuer_mismatch', `the document's issuer ${JSON.stringify(issuer)?.slice(0, 200)} is not the profile issuer`);
    if (typeof jwksUri !== 'string' || jwksUri === '') return fail('invalid_discovery', 'the document has no jwks_uri');
    // Read as strictly as everywhere else (see uri.ts): what POST /v1/providers/discover reports as
    // INSECURE_URI is never fetched here.
    const parsed = parseAbsoluteUri(jwksUri);
    if (!parsed.ok) return fail('invalid_discovery', 'the document jwks_uri is not an absolute URL');
    if (parsed.scheme !== 'https') return fail('invalid_discovery', 'the document jwks_uri is not https');
    this.#cache = new JwksCache({ uri: jwksUri, fetcher: this.#fetcher, now: this.#now });
    this.#lastFailure = undefined;
    return { ok: true, cache: this.#cache };
  }
}
