import { checkDefinition } from '../../check.ts';
import type { FindingDefinition } from '../../findings.ts';
import { discoveryAlgNone } from './alg-none.ts';
import type { DiscoveryMetadataCheck } from './context.ts';
import { discoveryImplicitFlow } from './implicit-flow.ts';
import { discoveryPkceMethodInvalid } from './pkce-method-invalid.ts';
import { discoveryPkceMissing } from './pkce-missing.ts';

/**
 * Every check of a provider's published metadata, in the order a discovery response lists their
 * findings (after those about fetching and reading the document): unsigned ID tokens, PKCE, the
 * front-channel flows. Adding a check is one module in this folder plus one line here.
 */
export const DISCOVERY_METADATA_CHECKS: readonly DiscoveryMetadataCheck[] = [
  discoveryAlgNone,
  discoveryPkceMissing,
  discoveryPkceMethodInvalid,
  discoveryImplicitFlow,
];

/** Each check's catalogue entry, in registry order. */
export const DISCOVERY_METADATA_FINDINGS: readonly FindingDefinition[] = DISCOVERY_METADATA_CHECKS.map((check) => checkDefinition(check, 'discover'));
