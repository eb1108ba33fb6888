/** Shapes shared by the action and the CLI: gate options, findings, results and the report. */
import type { Finding, OperationName, OperationResponse, Problem, Severity } from '../engine/index.ts';

export type FailOn = 'error' | 'warning' | 'never';
/** A report result's kind: the engine operation that produced it (a new operation is a new kind). */
export type ResultKind = OperationName;
/** What a sample token must turn out as: `valid`, `invalid`, or a list of codes that must appear. */
export type Expectation = 'valid' | 'invalid' | string[];

export interface GateOptions {
  /** Directory paths are reported relative to (the repository root in the action). */
  root: string;
  /**
   * The directory no read may leave, links followed, and whose .git is off limits: the workspace
   * in the action, the repository root for the CLI. Default root.
   */
  boundary?: string;
  /** Globs, file paths or directories, relative to root. */
  patterns: string[];
  /** Optional issuer profiles file (JSON or YAML), relative to root. */
  issuerProfilesFile?: string;
  /** Optional baseline file (`oidc-gate baseline`), relative to root: findings it records are suppressed. */
  baselineFile?: string;
  /** False runs offline: network checks report CHECK_SKIPPED. */
  network: boolean;
  /** Which findings fail the run (default error): the report's headline says whether it failed and why. */
  failOn?: FailOn;
  env: NodeJS.ProcessEnv;
  /**
   * A key lock file (`oidc-gate lock`), relative to root: the keys each locked provider and profile
   * serves are compared with it (JWKS_KEYS_CHANGED). It must exist when named.
   */
  lockFile?: string;
  /** Called with every token and secret value as soon as it is read, so the action can mask it. */
  onSecret?: (value: string) => void;
}

/** A position in a config file: 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/**
 * One thing the gate reports: a finding of an engine response, a config problem, or an unmet
 * expectation, placed at the YAML line of the field it is about.
 */
export interface GateFinding {
  code: string;
  severity: Severity;
  message: string;
  /** Config file, relative to root with forward slashes; absent for run-level problems. */
  file?: string;
  line?: number;
  column?: number;
  /** JSON Pointer into the YAML document of `file` (e.g. /providers/0/redirect_uris/1). */
  pointer?: string;
  /** Same place, named by entry name instead of index, so fingerprints survive reordering. */
  stablePointer?: string;
  kind?: ResultKind | 'config' | 'profile';
  /** Entry name (provider, sample token, profile id). */
  name?: string;
  remediation?: string;
  /** Config problems (unreadable file, bad YAML, unknown key, 422): the CLI exits 2 for these. */
  config?: boolean;
  /** What the gate itself found out (the keys a JWKS_KEYS_CHANGED added and removed), never a secret. */
  evidence?: Record<string, unknown>;
}

export interface GateResult {
  kind: ResultKind;
  file: string;
  name: string;
  line: number;
  /** The engine request with secrets redacted and the token replaced by its fingerprint. */
  request: Record<string, unknown>;
  /** The engine response, exactly as the service would return it. */
  response?: OperationResponse;
  /**
   * Present instead of response when the engine refused the request: the problem+json body the
   * service answers with (400 MALFORMED_TOKEN or 422 REQUEST_INVALID).
   */
  problem?: Problem;
  /** validate only: the instant used as the clock, and what the sample had to turn out as. */
  at?: string;
  expect?: Expectation;
  /** validate only: whether the outcome met `expect`; absent when the sample was not checked. */
  passed?: boolean;
  /**
   * validate only: why the sample was not judged (its issuer profile is invalid or does not exist,
   * or its keys are fetched and the run is offline). Its finding, if any, says so at its line.
   */
  not_checked?: string;
  /** This result's findings that a suppression or the baseline hides (absent when none): its response is untouched. */
  suppressed?: ReportSuppressed[];
}

/** How a finding was suppressed: an inline comment, a `suppressions:` item, or the baseline file. */
export type SuppressionKind = 'inline' | 'config' | 'baseline';

/** A finding a suppression hides: out of the counts, fail-on, annotations; still in the report, SARIF and summary. */
export interface SuppressedFinding {
  finding: GateFinding;
  kind: SuppressionKind;
  reason: string;
  /** Where the suppression is written: its line in a config file, or the baseline file. */
  source: { file: string; line?: number };
}

/** A suppressed finding as the report lists it. */
export interface ReportSuppressed {
  code: string;
  severity: Severity;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  /** The entry (provider, profile or sample name) the finding is about. */
  entry?: string;
  /** The finding's place inside its entry, a JSON Pointer (as a config suppression's `field` names it). */
  field: string;
  kind: SuppressionKind;
  reason: string;
  suppression: { file: string; line?: number };
}

/**
 * A config file's line in the report: its error and warning counts, and how many entries each config
 * section held, under the section's key (`providers`, `profiles`, `tokens`, `trust_policies`, …).
 */
export interface FileStatus {
  file: string;
  errors: number;
  warnings: number;
  providers?: number;
  profiles?: number;
  tokens?: number;
  trust_policies?: number;
  [section: string]: string | number | undefined;
}

export interface ReportSummary {
  /** The headline: passed or failed, and why (the counts, and fail-on when it decided). */
  text: string;
  /** The rule the run was judged by, and whether it failed under it (a config error always fails). */
  fail_on: FailOn;
  failed: boolean;
  files: number;
  results: number;
  errors: number;
  warnings: number;
  file_status: FileStatus[];
  /** Every gate finding, in report order (errors are not sorted first here); suppressed ones are not among them. */
  findings: GateFinding[];
  /** Every suppressed finding, in report order. */
  suppressed: ReportSuppressed[];
  /** When a baseline was given: its file, how many fingerprints it records, and how many of them matched a finding. */
  baseline?: { file: string; entries: number; matched: number };
}

export interface GateReport {
  tool: { name: 'oidc-gate'; version: string };
  api_version: 'v0.0.1';
  valid: boolean;
  summary: ReportSummary;
  results: GateResult[];
}

export interface GateRun {
  report: GateReport;
  /** What the run reports: suppressed findings are not among them. */
  findings: GateFinding[];
  /** What suppressions and the baseline hid. */
  suppressed: SuppressedFinding[];
  files: FileStatus[];
  /** Where the run's file names start, relative to the repository root ('' when they are the same). */
  fingerprintBase: string;
  /** Each finding's fingerprint (SARIF partialFingerprints, the baseline), bound to the value in its file. */
  fingerprints: FindingFingerprints;
}

export type { Finding };

/** What a finding is, as the baseline names it beside its fingerprint, and the fingerprint. */
export interface FindingIdentity {
  code: string;
  /** Named from the repository root. */
  file: string;
  /** `providers`, `profiles`, `tokens`, `trust_policies`, or '' for a finding about no entry. */
  section: string;
  entry?: string;
  /** The field inside the entry (from the document's top for a finding about no entry), list positions as they are now. */
  field: string;
  /**
   * The field as the fingerprint names it, and the baseline writes it: each list position is `-` ("an
   * item of this list"), since the item is named by its value (`/redirect_uris/-`).
   */
  itemField: string;
  fingerprint: string;
}

/** Each finding's fingerprint and what it names (src/gate/suppress/fingerprint.ts makes them). */
export interface FindingFingerprints {
  /** The SARIF partialFingerprints value. */
  of(f: GateFinding): string;
  identity(f: GateFinding): FindingIdentity;
}
