/** Limits on the HTTP exchange itself, before a request reaches an endpoint. */
export interface HttpLimits {
  /** Request line plus headers, in bytes. */
  maxHeaderBytes: number;
  /** Time allowed for the request line and headers. */
  headersTimeoutMs: number;
}

/**
 * The request line and headers must arrive within 10 s of the connection (or of the first byte of
 * the next request on a kept-alive one), and may take at most 16 KiB: a client that trickles headers
 * cannot hold a connection open for long, whatever it sends.
 */
export const HTTP_LIMITS: HttpLimits = { headersTimeoutMs: 10_000, maxHeaderBytes: 16 * 1024 };
