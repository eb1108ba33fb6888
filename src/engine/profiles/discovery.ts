import { VALIDATION_FINDINGS as F, finding } from '../findings.ts';
import { discoveryUris } from '../discovery/discover.ts';
import { JwksCache, RETRY_AFTER_COLD_FAILURE_MS } from '../jwks/cache.ts';
import type { Fetcher } from '../net/types.ts';
import type { Finding, JwsAlgorithm } from '../types.ts';
import type { JoseHeader, KeyResolution } from '../validate/trust.ts';

/**
 * Where the configuration document is looked for, in order: OpenID Connect Discovery §4, then RFC 8414.
 * The same locations POST /v1/providers/discover tries, built by the same function.
 */
function discoveryLocations(issuer: string): string[] {
  const uris = discoveryUris(issuer);
  return uris === undefined ? [] : [uris.openid, uris.oauth];
}

/** OpenID Connect Discovery 1.0 §4: the configuration document sits under the issuer path. */
export function discoveryUrl(issuer: string): string {
  return discoveryLocations(issuer)[0] ?? `${issuer}/.well-known/openid-configuration`;
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
  readonly #fetcher: Fetcher | undefined;
  readonly #now: () => number;
  #cache: JwksCache | undefined;
  #inflight: Promise<Lookup> | undefined;
  #lastFailure: { finding: Finding; at: number } | undefined;

  constructor(options: { issuer: string; fetcher: Fetcher | undefined; now: () => number }) {
    this.issuer = options.issuer;
    this.discoveryUri = discoveryUrl(options.issuer);
    this.#fetcher = options.fetcher;
    this.#now = options.now;
  }

  /** The JwksCache once discovery succeeded (diagnostics and tests). */
  get jwks(): JwksCache | undefined {
    return this.#cache;
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
    if (this.#fetcher === undefined) return fail('offline', 'offline mode: discovery is not fetched');
    let result = await this.#fetcher.getJson(this.discoveryUri);
    for (const fallback of discoveryLocations(this.issuer).slice(1)) {
      if (result.ok) break;
      const next = await this.#fetcher.getJson(fallback);
      // The first location's failure is the one reported when every location fails.
      if (next.ok) result = next;
    }
    if (!result.ok) return fail(result.reason, result.detail, result.status);
    const doc = result.json;
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return fail('invalid_discovery', 'the discovery document is not a JSON object');
    const { issuer, jwks_uri: jwksUri } = doc as { issuer?: unknown; jwks_uri?: unknown };
    // Discovery §4.3: the document must name exactly the issuer it was fetched for.
    if (issuer !== this.issuer) return fail('issuer_mismatch', `the document's issuer ${JSON.stringify(issuer)?.slice(0, 200)} is not the profile issuer`);
    if (typeof jwksUri !== 'string' || jwksUri === '') return fail('invalid_discovery', 'the document has no jwks_uri');
    let parsed: URL;
    try {
      parsed = new URL(jwksUri);
    } catch {
      return fail('invalid_discovery', 'the document jwks_uri is not an absolute URL');
    }
    if (parsed.protocol !== 'https:') return fail('invalid_discovery', 'the document jwks_uri is not https');
    this.#cache = new JwksCache({ uri: jwksUri, fetcher: this.#fetcher, now: this.#now });
    this.#lastFailure = undefined;
    return { ok: true, cache: this.#cache };
  }
}
