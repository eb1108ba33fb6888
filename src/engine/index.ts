/**
 * The engine's public surface: the only module the faces (action, CLI, service) may import from the engine
 * (an ESLint rule holds them to it). Faces build an engine with `createEngine` and run operations from the
 * operations table; everything else here is what they need to describe, place or serve the results.
 */
export { createEngine, type Engine, type EngineOptions, type EngineServices, type NetworkOptions, type OperationOutcome } from './engine.ts';
export { OPERATIONS, getOperation, isOperationName, type OperationName } from './operations.ts';
export type { NamedSchema, Operation, OperationResponse } from './operation.ts';
export { problem, problemFromEngineError, problemType, PROBLEM_CODES, PROBLEM_TYPES, type Problem, type ProblemCode } from './problem.ts';
export { EngineError, MalformedTokenError, RequestInvalidError, isEngineError, type RequestProblem } from './errors.ts';
export { findingCatalogue, getFindingDefinition } from './catalogue.ts';
export { GATE_CODES } from './gate-findings.ts';
export type { FindingArea, FindingDefinition } from './findings.ts';
export { OutboundAllowError, parseOutboundAllow } from './net/allow.ts';
export type { Fetcher, FetchJsonResult } from './net/types.ts';
export { compileIssuerProfiles, loadIssuerProfiles, IssuerProfileError, issuerProfileSchema } from './profiles/index.ts';
export { withDiscoveredJwksUri } from './discovery/discover.ts';
export { KeyObjectCache } from './jws/keys.ts';
export { DEFAULT_VERIFY_CACHE_SIZE, type VerifyCache } from './jws/verify-cache.ts';
export type { ProfileRegistry, TrustSource } from './validate/trust-source.ts';
export { tokenFingerprint } from './fingerprint.ts';
export { redactUri } from './uri.ts';
export { checkJsonStructure, MAX_JSON_DEPTH, scanJsonStructure } from './jws/json.ts';
export { MAX_ARRAY_ITEMS } from './schema/limits.ts';
export { validateRequestSchema, verifyPolicySchema, customClaimValueSchema, customClaimValueUnrolled } from './schema/validate-request.ts';
export { findingSchema, healthSchema, problemSchema } from './schema/responses.ts';
export type * from './types.ts';
export { trustRequestRefusals, type TrustPolicyRequest, type TrustPolicyResponse, type ConditionSummary, type TrustRefusal } from './trust/lint.ts';
export type { CaseResult } from './trust/cases.ts';
