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
