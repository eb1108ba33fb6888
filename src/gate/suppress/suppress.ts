/**
 * Applying suppressions to a run's findings. Per config file: its inline comments and its
 * `suppressions:` items hide the matching findings of that file (an inline comment before a config
 * item, when both match); then the baseline hides the findings its lines record. Suppressed findings leave
 * the counts, fail-on and annotations, and are kept to be reported. Expired suppressions no longer
 * apply and are warned about; suppressions that matched nothing are warned about too.
 */
import { GATE_CODES } from '../codes.ts';
import { baselineLineFor, type Baseline } from './baseline.ts';
import { configFinding } from '../config/config-finding.ts';
import { Fingerprints } from './fingerprint.ts';
import { fieldCovers, findingField } from './suppress-field.ts';
import { shortReason, whyNotSuppressible, type Suppression } from './suppress-rule.ts';
import type { FindingFingerprints, GateFinding, SuppressedFinding } from '../types.ts';

/** Whether any suppression may hide the finding (never a configuration error or a SUPPRESSION_ code). */
export function isSuppressible(f: GateFinding): boolean {
  return f.config !== true && whyNotSuppressible(f.code) === undefined;
}

/**
 * Whether a (current) suppression covers the finding. The caller passes only the findings of the
 * suppression's config file, placed there or in a file an entry of it names (a Terraform plan, a
 * CloudFormation template): a `suppressions:` item covers those too, an inline comment only its own lines.
 */
export function covers(s: Suppression, f: GateFinding): boolean {
  if (s.code !== f.code) return false;
  if (s.kind === 'inline') return s.file === f.file && f.line === s.coversLine;
  if (s.entry !== undefined && f.name !== s.entry) return false;
  return s.field === undefined || fieldCovers(s.field, findingField(f));
}

/** "The suppression of CODE (entry "web", field /x; reason: "…")": what it covers, and why, when asked. */
function describe(s: Suppression, withReason = false): string {
  const scope = [s.entry !== undefined ? `entry "${s.entry}"` : '', s.field !== undefined ? `field ${s.field === '' ? '""' : s.field}` : ''].filter((x) => x !== '').join(', ');
  const why = withReason ? `reason: "${shortReason(s.reason)}"` : '';
  const details = [scope, why].filter((x) => x !== '').join('; ');
  return `The ${s.kind === 'inline' ? 'inline ' : ''}suppression of ${s.code}${details !== '' ? ` (${details})` : ''}`;
}

/** The codes a CHECK_SKIPPED finding says were not run, or undefined when it does not list them. */
function skippedCodes(f: GateFinding): string[] | undefined {
  const listed = /not run: ([A-Z0-9_]+(?:, [A-Z0-9_]+)*)/.exec(f.message);
  return listed?.[1]?.split(', ');
}

/**
 * Whether the check that could have drawn the suppressed code may not have run in this file: an entry
 * refused for a configuration error, or a fetch skipped offline (CHECK_SKIPPED) that lists the code or
 * does not say which checks it skipped. Then "matched nothing" says nothing, and is not reported.
 */
function mayNotHaveRun(s: Suppression, findings: readonly GateFinding[]): boolean {
  return findings.some((f) => {
    if (s.kind === 'config' && s.entry !== undefined && f.name !== undefined && f.name !== s.entry) return false;
    if (f.config === true) return !f.code.startsWith('SUPPRESSION_');
    if (f.code !== 'CHECK_SKIPPED') return false;
    const skipped = skippedCodes(f);
    return skipped === undefined || skipped.includes(s.code);
  });
}

export class Suppressor {
  readonly suppressed: SuppressedFinding[] = [];
  readonly #baseline: Baseline | undefined;
  readonly #now: number;
  readonly #baselineUsed = new Set<string>();

  /** `now`: when the run started; a suppression whose expiry is at or before it no longer applies. */
  readonly #fingerprints: FindingFingerprints;

  /** `fingerprints`: the run's (they read each finding's value from its file), which the baseline is matched by. */
  constructor(baseline: Baseline | undefined, now: number, fingerprints: FindingFingerprints = new Fingerprints()) {
    this.#baseline = baseline;
    this.#now = now;
    this.#fingerprints = fingerprints;
  }

  /** How many of the baseline's fingerprints matched a finding of the run (by a line that names it). */
  get baselineMatched(): number {
    return this.#baselineUsed.size;
  }

  /**
   * One config file's findings with its suppressions applied: what is still reported, in order, then a
   * warning per expired suppression and per suppression that matched nothing.
   */
  file(suppressions: readonly Suppression[], findings: readonly GateFinding[]): GateFinding[] {
    const current = suppressions.filter((s) => s.expires === undefined || this.#now < s.expires.ms);
    const expired = suppressions.filter((s) => s.expires !== undefined && this.#now >= s.expires.ms);
    // Inline comments first: the suppression written at the finding is the one a reader looks for.
    const ordered = [...current.filter((s) => s.kind === 'inline'), ...current.filter((s) => s.kind === 'config')];
    const used = new Set<Suppression>();
    const uncovered = new Map<Suppression, number>();
    const kept: GateFinding[] = [];
    for (const f of findings) {
      if (!isSuppressible(f)) {
        kept.push(f);
        continue;
      }
      const matching = ordered.filter((s) => covers(s, f));
      for (const s of matching) used.add(s);
      const first = matching[0];
      if (first !== undefined) {
        this.suppressed.push({ finding: f, kind: first.kind, reason: first.reason, source: { file: first.file, line: first.line } });
      } else if (!this.#byBaseline(f)) {
        kept.push(f);
        // Reported again because its suppression expired (and nothing else hides it).
        for (const s of expired) if (covers(s, f)) uncovered.set(s, (uncovered.get(s) ?? 0) + 1);
      }
    }
    for (const s of expired) {
      const back = uncovered.get(s) ?? 0;
      kept.push(this.#note(GATE_CODES.SUPPRESSION_EXPIRED, s,
        `${describe(s, true)} expired on ${s.expires?.text ?? ''} and no longer applies${back > 0 ? `: the ${back === 1 ? 'finding' : `${back} findings`} it covered ${back === 1 ? 'is' : 'are'} reported again` : ''}.`));
    }
    for (const s of current) {
      if (used.has(s) || mayNotHaveRun(s, findings)) continue;
      const where = s.kind === 'inline' ? `on line ${s.coversLine ?? s.line}` : 'in this file';
      kept.push(this.#note(GATE_CODES.SUPPRESSION_UNUSED, s, `${describe(s)} matched no finding ${where}; remove it, or check its code${s.kind === 'inline' ? ' and line' : ', entry and field'}.`));
    }
    return kept;
  }

  /** Findings outside the config files (no file matched, the issuer-profiles file): the baseline only. */
  other(findings: readonly GateFinding[]): GateFinding[] {
    return findings.filter((f) => !isSuppressible(f) || !this.#byBaseline(f));
  }

  #byBaseline(f: GateFinding): boolean {
    const baseline = this.#baseline;
    if (baseline === undefined || f.file === undefined) return false;
    const line = baselineLineFor(baseline, this.#fingerprints.identity(f));
    if (line === undefined) return false;
    this.#baselineUsed.add(line.fingerprint);
    this.suppressed.push({ finding: f, kind: 'baseline', reason: `recorded in the baseline ${baseline.file}`, source: { file: baseline.file } });
    return true;
  }

  #note(def: typeof GATE_CODES.SUPPRESSION_EXPIRED | typeof GATE_CODES.SUPPRESSION_UNUSED, s: Suppression, message: string): GateFinding {
    const f = configFinding(def, message, s.file, { line: s.line, column: s.column }, { kind: 'config' });
    f.severity = def.severity;
    if (s.pointer !== undefined) f.pointer = s.pointer;
    else f.stablePointer = `/#L${s.line}/${s.code}`;
    delete f.config;
    return f;
  }
}
