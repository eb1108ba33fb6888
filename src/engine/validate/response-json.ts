import type { ValidateMetadata, ValidateResponse } from '../types.ts';

/** Every status passed, in the order the validator writes the statuses. */
const ALL_PASSED = JSON.stringify({ signature: 'pass', issuer: 'pass', audience: 'pass', algorithm: 'pass', time: 'pass', required_claims: 'pass' });

/**
 * Printable ASCII other than `"` and `\`: JSON.stringify writes such a string between quotes as it is.
 */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as JSON text, as JSON.stringify writes it. */
function stringJson(value: string): string {
  return PLAIN_TEXT.test(value) ? `"${value}"` : JSON.stringify(value);
}

/**
 * The metadata as JSON text, as JSON.stringify writes it: its members in their order, each a string
 * (alg, kid, key_source, the cache states, request_id). Anything else (warnings) goes to JSON.stringify.
 */
function metadataJson(metadata: ValidateMetadata): string {
  let text = '';
  for (const name of Object.keys(metadata)) {
    const value = metadata[name as keyof ValidateMetadata];
    if (value === undefined) continue;
    if (typeof value !== 'string') return JSON.stringify(metadata);
    text += `${text === '' ? '' : ','}${stringJson(name)}:${stringJson(value)}`;
  }
  return `{${text}}`;
}

/**
 * A validation response as JSON text: exactly JSON.stringify(response). The common answer, a token with
 * no findings and every status passed, is written from its parts: the generic serialiser costs more than
 * the rest of the answer's writing. This relies on the key order the validator builds responses in
 * (valid, statuses, findings, summary, metadata); a test holds the two ways to the same bytes.
 */
export function validateResponseJson(response: ValidateResponse): string {
  const { statuses: s } = response;
  if (response.findings.length !== 0 || response.claim_diff !== undefined || response.metadata === undefined
    || s.signature !== 'pass' || s.issuer !== 'pass' || s.audience !== 'pass' || s.algorithm !== 'pass' || s.time !== 'pass' || s.required_claims !== 'pass') {
    return JSON.stringify(response);
  }
  return `{"valid":${response.valid},"statuses":${ALL_PASSED},"findings":[],"summary":${stringJson(response.summary)},"metadata":${metadataJson(response.metadata)}}`;
}
