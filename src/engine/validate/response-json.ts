import type { ValidateResponse } from '../types.ts';

/** Every status passed, in the order the validator writes the statuses. */
const ALL_PASSED = JSON.stringify({ signature: 'pass', issuer: 'pass', audience: 'pass', algorithm: 'pass', time: 'pass', required_claims: 'pass' });

/**
 * A validation response as JSON text: exactly JSON.stringify(response). The common answer, a token with
 * no findings and every status passed, is written from its parts, so only the metadata goes through the
 * generic serialiser; any other response is serialised whole. This relies on the key order the
 * validator builds responses in (valid, statuses, findings, summary, metadata); a test holds the two
 * ways to the same bytes.
 */
export function validateResponseJson(response: ValidateResponse): string {
  const { statuses: s } = response;
  if (response.findings.length !== 0 || response.claim_diff !== undefined || response.metadata === undefined
    || s.signature !== 'pass' || s.issuer !== 'pass' || s.audience !== 'pass' || s.algorithm !== 'pass' || s.time !== 'pass' || s.required_claims !== 'pass') {
    return JSON.stringify(response);
  }
  return `{"valid":${response.valid},"statuses":${ALL_PASSED},"findings":[],"summary":${JSON.stringify(response.summary)},"metadata":${JSON.stringify(response.metadata)}}`;
}
