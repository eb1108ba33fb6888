import type { Finding, Severity, StatusName } from './types.ts';

/**
 * Where a code comes from: one of the four engine operations, or the gate itself (the action and the
 * CLI reporting a problem with their own input or an unmet sample expectation).
 */
export type FindingArea = 'validate' | 'lint' | 'discover' | 'trust' | 'gate';

/** One entry of the finding catalogue: what a code means, how bad it is, which status it fails. */
export interface FindingDefinition {
  readonly code: string;
  readonly severity: Severity;
  readonly area: FindingArea;
  /** Validation only: the status this finding fails (warnings fail none). */
  readonly status?: StatusName;
  /** One line: what the code means. The finding table (docs/findings.md) and the SARIF rule text show it. */
  readonly title: string;
  /** How to fix it; a finding may carry a more specific one. */
  readonly remediation?: string;
  /** What is checked and why it matters, in a few sentences (lint rules). */
  readonly docs?: string;
  /** Gate only: a problem with the input rather than a finding about identity configuration (CLI exit 2). */
  readonly config?: boolean;
  /** Other areas that report the code too (discovery reports INSECURE_URI, ISSUER_INVALID and CHECK_SKIPPED). */
  readonly alsoIn?: readonly FindingArea[];
  /** Why it matters: what goes wrong when the finding is ignored. The code's page shows it. */
  readonly why?: string;
  /**
   * How to fix any finding of the code, when `remediation` (what a finding carries unless it brings its
   * own) is absent or fits only some of them. The code's page and its SARIF rule show `fix ?? remediation`.
   */
  readonly fix?: string;
  /**
   * How GitHub code scanning ranks the code's alerts (SARIF `security-severity`), 0.1 to 10 as in CVSS:
   * 9.0 and up critical, 7.0 high, 4.0 medium, below that low.
   */
  readonly securitySeverity?: number;
  /** A worked example for the code's page. */
  readonly example?: FindingExample;
  /** Public documents the code's judgement rests on (the cloud's and GitHub's own), listed on its page. */
  readonly sources?: readonly { readonly title: string; readonly url: string }[];
}

/**
 * A worked example for a code's page: a config file that draws the finding, checked like any other when
 * the page is built (`scripts/docs.ts`), so the page shows what oidc-gate really reports for it.
 */
export interface FindingExample {
  /** One or two sentences: the situation the example shows. */
  readonly scenario: string;
  /** A whole config file, checked as `.github/oidc-gate/identity.yml`; absent: a repository without one. */
  readonly config?: string;
  /**
   * The sample token the config names as `token_file: sample.jwt`, decoded. It is signed when the page is
   * built, with a key made for the purpose and thrown away (or left unsigned for alg `none`; HS* tokens
   * are signed with the sample policy's `secret`).
   */
  readonly token?: ExampleToken;
  /** Where the JWK Set of the key that signed the token is served (a profile's `jwks_uri`). */
  readonly keysAt?: string;
  /** Documents the provider serves, by URL (a JWK Set, a discovery document); any other URL answers HTTP 404. */
  readonly served?: Readonly<Record<string, unknown>>;
  /** Other files of the repository, path → text (a trust policy JSON a config file names). */
  readonly files?: Readonly<Record<string, string>>;
  /** Symbolic links in the repository, path → target, as a pull request can commit them. */
  readonly links?: Readonly<Record<string, string>>;
  /** The key lock file the run compares with (a path among `files`), as with `--lock` or the action's `lock` input. */
  readonly lock?: string;
  /** Checked without network access, as with `--offline` or `network: false`. */
  readonly offline?: boolean;
  /** For a code no config file can draw (a fault, a cache state): what oidc-gate reports, shown as written. */
  readonly transcript?: string;
}

/** A sample token of an example, decoded. */
export interface ExampleToken {
  readonly header: Readonly<Record<string, unknown>>;
  readonly claims: Readonly<Record<string, unknown>>;
  /** Signed by a key other than the one served at `keysAt`, as a forger would. */
  readonly signedByAnotherKey?: boolean;
}

/**
 * The one way a finding code is defined, whatever its area. Optional fields left undefined are not
 * kept, so every definition has the same shape, and the result is frozen: the catalogue is shared by
 * every request.
 */
export function defineFinding<const D extends FindingDefinition>(definition: D): D {
  const copy = Object.fromEntries(Object.entries(definition).filter(([, value]) => value !== undefined));
  return Object.freeze(copy) as D;
}

/** A Finding of the given definition (a catalogue entry or a lint rule: anything with code, severity, remediation). */
export function finding(
  definition: Pick<FindingDefinition, 'code' | 'severity' | 'remediation'>,
  message: string,
  evidence?: Record<string, unknown>,
  remediation: string | undefined = definition.remediation,
): Finding {
  const f: Finding = { code: definition.code, severity: definition.severity, message };
  if (evidence !== undefined) f.evidence = evidence;
  if (remediation !== undefined) f.remediation = remediation;
  return f;
}
