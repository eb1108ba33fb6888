/**
 * The engine's public surface: the only module the faces (action, CLI, service) may import from the engine
 * (an ESLint rule holds them to it). Faces build an engine with `createEngine` and run operations from the
 * operations table; everything else here is what they need to describe, place or serve the results.
 */
export { createEngine, type Engine, type EngineServices, type NetworkOptions, type OperationOutcome } from './engine.ts';
export { OPERATIONS, getOperation, type OperationName, type ResponseOf } from './operations.ts';
export type { Operation, OperationResponse } from './operation.ts';
export { problem, type Problem, type ProblemCode } from './problem.ts';
export { IssuerProfileError, OutboundAllowError } from './errors.ts';
export { findingCatalogue as engineFindingCatalogue } from './catalogue.ts';
export { defineFinding, type FindingDefinition } from './findings.ts';
export { parseOutboundAllow } from './net/allow.ts';
export type { Fetcher, FetchJsonResult } from './net/types.ts';
export { compileIssuerProfiles, loadIssuerProfiles, issuerProfileSchema } from './profiles/index.ts';
export { PROFILE_KEY_SOURCES } from './profiles/schema.ts';
export { withDiscoveredJwksUri } from './discovery/discover.ts';
export { KeyObjectCache } from './jws/keys.ts';
export { DEFAULT_VERIFY_CACHE_SIZE } from './jws/verify-cache.ts';
export type { ProfileRegistry, TrustSource } from './validate/trust-source.ts';
export { tokenFingerprint } from './fingerprint.ts';
export { redactUri } from './uri.ts';
export { checkJsonStructure, MAX_JSON_DEPTH, scanJsonStructure } from './jws/json.ts';
export { MAX_ARRAY_ITEMS } from './schema/limits.ts';
export { verifyPolicySchema, customClaimValueSchema, customClaimValueUnrolled } from './schema/validate-request.ts';
export { findingSchema, healthSchema, problemSchema } from './schema/responses.ts';
export type * from './types.ts';
export { trustRequestRefusals, type TrustPolicyResponse } from './trust/lint.ts';
