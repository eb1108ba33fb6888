import { checkSkipped } from './rules/check-skipped.ts';
import { endpointCertExpiring } from './rules/endpoint-cert-expiring.ts';
import { insecureUri } from './rules/insecure-uri.ts';
import { issuerInvalid } from './rules/issuer-invalid.ts';
import { jwksDuplicateKid } from './rules/jwks-duplicate-kid.ts';
import { jwksInvalid } from './rules/jwks-invalid.ts';
import { jwksKeyTooSmall } from './rules/jwks-key-too-small.ts';
import { jwksKeyUnsafe } from './rules/jwks-key-unsafe.ts';
import { jwksNoUsableKey } from './rules/jwks-no-usable-key.ts';
import { jwksNonstandardEncoding } from './rules/jwks-nonstandard-encoding.ts';
import { jwksPrivateKeyExposed } from './rules/jwks-private-key-exposed.ts';
import { jwksUnreachable } from './rules/jwks-unreachable.ts';
import { jwksUriMismatch } from './rules/jwks-uri-mismatch.ts';
import { jwksX5cExpired } from './rules/jwks-x5c-expired.ts';
import { jwksX5cExpiring } from './rules/jwks-x5c-expiring.ts';
import { jwksX5cMismatch } from './rules/jwks-x5c-mismatch.ts';
import { redirectUriInvalid } from './rules/redirect-uri-invalid.ts';
import { redirectUriLocalhost } from './rules/redirect-uri-localhost.ts';
import { redirectUriWildcard } from './rules/redirect-uri-wildcard.ts';
import { unknownAlgorithm } from './rules/unknown-algorithm.ts';
import { weakAlgorithm } from './rules/weak-algorithm.ts';
import type { LintRule } from './types.ts';
import { checkDefinition } from '../check.ts';
import type { FindingDefinition } from '../findings.ts';

/**
 * Every lint rule, in the order a lint response lists their findings: the request fields first
 * (issuer, URIs, redirect URIs, algorithms, discovery match), then the fetched JWKS, then what was
 * skipped. Within a rule, findings follow the order of the fields in the request. Adding a rule is one
 * module in rules/ plus one line here.
 */
export const LINT_RULES: readonly LintRule[] = [
  issuerInvalid,
  insecureUri,
  redirectUriInvalid,
  redirectUriWildcard,
  redirectUriLocalhost,
  weakAlgorithm,
  unknownAlgorithm,
  jwksUriMismatch,
  jwksUnreachable,
  endpointCertExpiring,
  jwksInvalid,
  jwksNonstandardEncoding,
  jwksPrivateKeyExposed,
  jwksKeyTooSmall,
  jwksKeyUnsafe,
  jwksX5cExpired,
  jwksX5cExpiring,
  jwksX5cMismatch,
  jwksDuplicateKid,
  jwksNoUsableKey,
  checkSkipped,
];

/** Each rule's catalogue entry, in registry order: a rule is defined once, in its module. */
export const LINT_FINDINGS: readonly FindingDefinition[] = LINT_RULES.map((rule) => checkDefinition(rule, 'lint'));
