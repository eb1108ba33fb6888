/**
 * The outbound fetch contract. The engine only sees this interface, and always has one: with the network
 * off it is the offline fetcher, which fetches nothing, so no code path has to ask whether a fetcher exists.
 */

export type FetchFailureReason = 'dns' | 'refused' | 'timeout' | 'tls' | 'http_status' | 'blocked' | 'too_large' | 'not_json' | 'offline';

/**
 * The server certificate that expires first among the TLS connections one fetch went through (the
 * first request and each redirect hop): any of them expiring breaks the fetch. Only the leaf each
 * server presented is read; `url` is the hop that presented it.
 */
export interface TlsCertificateSeen {
  /** The leaf's notAfter, as an ISO 8601 UTC timestamp. */
  notAfter: string;
  url: string;
}

export type FetchJsonResult =
  | { ok: true; url: string; status: number; headers: Record<string, string>; json: unknown; tls?: TlsCertificateSeen }
  | { ok: false; url: string; reason: FetchFailureReason; detail: string; status?: number };

export interface Fetcher {
  /** False for the offline fetcher: network checks are not run and report CHECK_SKIPPED instead. */
  readonly online: boolean;
  /**
   * GET url and parse a JSON body. Never throws: every failure is a result with a reason.
   * `allowHttp` lets one call fetch plain http (a lint request with https_required: false); https→http
   * redirects stay refused.
   */
  getJson(url: string, options?: { signal?: AbortSignal; allowHttp?: boolean }): Promise<FetchJsonResult>;
}

/** The network switched off (CLI --offline, action network: false): every fetch answers `offline`. */
export function createOfflineFetcher(): Fetcher {
  return {
    online: false,
    getJson: async (url) => ({ ok: false, url, reason: 'offline', detail: 'offline mode: nothing is fetched' }),
  };
}
