/**
 * Size limits of request bodies, shared by every request schema (validate, lint, discover) and by the
 * issuer profiles that reuse the policy fields. A real policy lists a handful of audiences, algorithms or
 * claims; without a cap, a 64 KiB body of thousands of repeated entries costs one finding (and answer
 * bytes) per entry, and array matching in required_custom_claims costs CPU per pair of items.
 */

/** Items in any array of a request body, at any depth. */
export const MAX_ARRAY_ITEMS = 100;

/** Members of required_custom_claims. */
export const MAX_CUSTOM_CLAIMS = 100;

/**
 * Characters in a claim pattern (required_claim_patterns, a trust policy's claim_patterns and condition
 * values). Matching costs up to pattern length × claim length; AWS caps a whole trust policy at 2048
 * characters by default, so no real pattern comes near.
 */
export const MAX_PATTERN_LENGTH = 1024;

/**
 * Characters in a token (the validate schema's token maxLength). A claim is part of the token's encoded
 * payload, so no claim is longer than the token; an issuer profile's patterns must be affordable for a
 * token of this length.
 */
export const MAX_TOKEN_LENGTH = 16384;

/**
 * The most pattern-matching work one request may need, in match units (src/engine/trust/string-like.ts,
 * matchCost: (claim length + pattern length) × weight, summed over every pattern that may run). Checked
 * before any matching, for required_claim_patterns against the request's token length (issuer profiles:
 * MAX_TOKEN_LENGTH) and by the trust-policy lint. bench/patterns.bench.ts measured the costliest shapes
 * at up to 10 ns a unit on the bench machine (AMD EPYC, 2 cores, otherwise idle): short literal parts in
 * `aaaa…`, String#indexOf's worst case; bit-parallel `?` searches cost 2 to 5 ns a unit. A request at
 * the budget thus spends at most about 20 ms matching, under the 25 ms of the 50 ms a request may cost
 * (§17); the worst request the validation budget accepts measured 14 ms of CPU in all. A handful of
 * patterns under 200 characters against a 16 KiB token needs under a third of it.
 */
export const MATCH_WORK_BUDGET = 2_000_000;
