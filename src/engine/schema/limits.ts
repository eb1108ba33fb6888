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
 * values). Matching is linear in the claim, times a factor that grows with the pattern's `?` segments
 * (see matchCost); AWS caps a whole trust policy at 2048 characters by default, so no real pattern comes near.
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
 * MAX_TOKEN_LENGTH) and by the trust-policy lint.
 *
 * Calibration (bench/patterns.bench.ts, AMD EPYC, 2 cores): the costliest shapes are short literal parts
 * searched in `aaaa…` (String#indexOf's plain scan of needles under 7 characters) and many one-character
 * segments on a short claim, at 10 to 19 ns a unit over repeated runs (one outlier of 26); bit-parallel
 * `?` searches cost 2 to 10. At 16 to 19 ns the budget is 24 to 29 ms of matching were a claim as long as
 * its token; the longest claim a 16 KiB token holds is 74% of it, so 18 to 21 ms, within the 25 ms of the
 * 50 ms a request may cost (§17). The worst request the validation budget accepts (a 16 KiB token, 91
 * short literal patterns) measured 10 to 14 ms of CPU in all, a plain one 0.2 ms. A handful of patterns under
 * 200 characters against a 16 KiB token needs less than half of the budget (five of 199 with a `?` segment
 * between stars: 44%), typical GitHub subject patterns about a fifteenth.
 */
export const MATCH_WORK_BUDGET = 1_500_000;
