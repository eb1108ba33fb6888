/** The outbound fetch contract (product-decisions §5). The engine only sees this interface. */

export type FetchFailureReason = 'dns' | 'refused' | 'timeout' | 'tls' | 'http_status' | 'blocked' | 'too_large' | 'not_json';

export type FetchJsonResult =
  | { ok: true; url: string; status: number; headers: Record<string, string>; json: unknown }
  | { ok: false; url: string; reason: FetchFailureReason; detail: string; status?: number };

export interface Fetcher {
  /**
   * GET url and parse a JSON body. Never throws: every failure is a result with a reason.
   * `allowHttp` lets one call fetch plain http (a lint request with https_required: false); https→http
   * redirects stay refused.
   */
  getJson(url: string, options?: { signal?: AbortSignal; allowHttp?: boolean }): Promise<FetchJsonResult>;
}
