import type { Check } from '../check.ts';
import { finding } from '../findings.ts';
import type { FetchFailureReason, TlsCertificateSeen } from '../net/types.ts';
import type { Finding, LintRequest } from '../types.ts';
import type { JwksAnalysis } from './jwks.ts';

/** The JWKS as lint.ts fetched it, once per lint, for every rule that reads it. */
export type JwksState =
  | { state: 'fetched'; uri: string; analysis: JwksAnalysis; tls?: TlsCertificateSeen }
  | { state: 'unreachable'; uri: string; reason: FetchFailureReason; detail: string; status?: number }
  /** Offline mode: nothing was fetched; the JWKS rules are not run and CHECK_SKIPPED says so. */
  | { state: 'skipped'; uri: string };

export interface LintRuleContext {
  /** The validated request body, as sent (no defaults filled in). */
  request: LintRequest;
  /** https_required with its default (true) applied. */
  httpsRequired: boolean;
  jwks: JwksState;
  /** Codes of the rules that were not run because they need the network (offline mode). */
  skippedChecks: string[];
  /** The engine clock's now (ms since the epoch), for certificate expiry: never the system clock. */
  now: number;
}

/**
 * One lint rule: a check on one lint's context, one module in rules/, listed once in registry.ts.
 * Findings about a request field carry `evidence.field`, a JSON Pointer into the request body.
 */
export interface LintRule extends Check<LintRuleContext> {
  /** What the rule checks and why it matters; every rule has them (the finding pages and the SARIF rule help show them). */
  readonly docs: string;
  /** The rule reads the fetched JWKS, so offline mode skips it. */
  needsJwks?: boolean;
}

/** A finding of this rule; the same builder as every other finding. */
export const report: (rule: LintRule, message: string, evidence?: Record<string, unknown>, remediation?: string) => Finding = finding;

/** The provider entry every lint example starts from: a sound configuration of the orders web app. */
const EXAMPLE_PROVIDER: readonly (readonly [string, string])[] = [
  ['name', 'orders-web'],
  ['issuer', 'https://idp.example.com'],
  ['client_id', 'orders-web'],
  ['audiences', '[api://orders]'],
  ['jwks_uri', 'https://idp.example.com/keys'],
  ['redirect_uris', '\n      - https://orders.example.com/callback'],
  ['alg_policy', '\n      allowed_algs: [RS256]'],
];

/** Where the examples' provider serves its JWK Set. */
export const EXAMPLE_JWKS_URI = 'https://idp.example.com/keys';

/**
 * A config file for a lint example: the sound provider entry with `changes` (a key's YAML value, a
 * value starting with a newline being a block; undefined removes the key; new keys come last).
 */
export function providerExample(changes: Record<string, string | undefined> = {}): string {
  const fields = new Map<string, string>(EXAMPLE_PROVIDER);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) fields.delete(key);
    else fields.set(key, value);
  }
  const lines = [...fields].map(([key, value], i) => `${i === 0 ? '  - ' : '    '}${key}:${value.startsWith('\n') ? '' : ' '}${value}`);
  return ['providers:', ...lines, ''].join('\n');
}
