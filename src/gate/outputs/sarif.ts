/**
 * SARIF 2.1.0 for GitHub code scanning: one rule per finding code, results at the YAML line, and
 * partialFingerprints bound to the finding's content (fingerprint.ts: code, file, entry name, field and
 * the value there), so an alert survives edits that only move lines, reorder entries or insert list
 * items, and a changed value is a new alert. A run that could not check what it was given says so in
 * `invocations[0]` (executionSuccessful false, each configuration error a notification): its results
 * are not the repository's findings, and an upload of them would close alerts that still stand.
 */
import { type FindingDefinition } from '../../engine/index.ts';
import { getFindingDefinition } from '../catalogue.ts';
import { FINGERPRINT_KEY, Fingerprints } from '../suppress/fingerprint.ts';
import { TOOL_VERSION } from './report.ts';
import type { FindingFingerprints, GateFinding, SuppressedFinding } from '../types.ts';

/** The project's home (package.json `repository`): the driver's informationUri, and where the finding pages live. */
export const REPOSITORY_URL = 'https://github.com/oidc-gate/oidc-gate';

/** A code's page, `docs/findings/<CODE>.md` on the main branch: the rule's helpUri. */
export function findingPageUrl(code: string): string {
  return `${REPOSITORY_URL}/blob/main/docs/findings/${code}.md`;
}

/** How to fix a code, as its page and its SARIF rule say it: `fix` when the definition has one, else `remediation`. */
export function howToFix(definition: FindingDefinition): string | undefined {
  return definition.fix ?? definition.remediation;
}

/**
 * What to do about one finding, as every face shows it (the CLI's fix line, an annotation, a summary
 * row): the finding's own remediation, which may speak of its case, else its code's (howToFix).
 */
export function findingFix(f: { code: string; remediation?: string }): string | undefined {
  if (f.remediation !== undefined) return f.remediation;
  const definition = getFindingDefinition(f.code);
  return definition !== undefined ? howToFix(definition) : undefined;
}

/** The page of a code oidc-gate defines (findingPageUrl); undefined for any other code, which has none. */
export function findingPage(code: string): string | undefined {
  return getFindingDefinition(code) !== undefined ? findingPageUrl(code) : undefined;
}

/**
 * Catalogue text as Markdown: characters that would turn into emphasis, HTML or links are escaped
 * (`<issuer>` is a placeholder, not a tag); `code spans` written in the text are kept.
 */
export function markdownText(text: string): string {
  return text.split(/(`[^`]*`)/).map((part, i) => (i % 2 === 1 ? part : part.replace(/[\\*_<>[\]]/g, (c) => `\\${c}`))).join('');
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * The rule's help: what the code means, why it matters and how to fix it, from the catalogue, so it fits
 * every finding of the code (a finding's own remediation may speak of one case only), and a link to
 * the code's page with an example.
 */
function ruleHelp(d: FindingDefinition): { text: string; markdown: string } {
  const fix = howToFix(d);
  const url = findingPageUrl(d.code);
  const text = [sentence(d.title), d.docs, d.why !== undefined ? `Why it matters: ${d.why}` : undefined, fix !== undefined ? `How to fix: ${fix}` : undefined, `More, with an example: ${url}`];
  const markdown = [
    `**${markdownText(sentence(d.title))}**`,
    d.docs !== undefined ? markdownText(d.docs) : undefined,
    d.why !== undefined ? `**Why it matters.** ${markdownText(d.why)}` : undefined,
    fix !== undefined ? `**How to fix.** ${markdownText(fix)}` : undefined,
    `[${d.code}: more, with an example](${url})`,
  ];
  const join = (parts: (string | undefined)[]): string => parts.filter((p) => p !== undefined).join('\n\n');
  return { text: join(text), markdown: join(markdown) };
}

/**
 * A finding's fingerprint without the run's documents (`base`: where the run's file names start,
 * relative to the repository root): bound to the finding's message where a run would bind the value.
 * A run's own fingerprints are `GateRun.fingerprints`.
 */
export function fingerprint(f: GateFinding, base = ''): string {
  return new Fingerprints(base).of(f);
}

/** Whether the run could not check what it was given: a configuration error (CONFIG_NOT_FOUND included) or an entry not checked. */
export function couldNotCheck(f: GateFinding): boolean {
  return f.config === true && f.severity === 'error';
}

/** GitHub code scanning ignores results past 5,000 per run (and rejects a file past 25,000). */
export const MAX_SARIF_RESULTS = 5000;
/** Configuration errors told as notifications, then one that counts the rest: the report has them all. */
export const MAX_SARIF_NOTIFICATIONS = 100;

/**
 * How a suppression is told to code scanning, which then shows the alert as dismissed: an inline comment
 * is in the source; a `suppressions:` item (a list apart from the finding) and the baseline are external.
 */
function sarifSuppression(s: SuppressedFinding): { kind: 'inSource' | 'external'; justification: string } {
  return { kind: s.kind === 'inline' ? 'inSource' : 'external', justification: s.reason };
}

/**
 * `suppressed`: findings a suppression or the baseline hid; they are still results, with `suppressions`.
 * With a baseline, every result says whether it is new or was recorded there (`baselineState`).
 */
export function buildSarif(
  all: readonly GateFinding[], suppressed: readonly SuppressedFinding[] = [], withBaseline = false, fingerprints: FindingFingerprints = new Fingerprints(),
): object {
  // Code scanning refuses a result without a location, so run-level problems (no config file
  // matched) stay in the report, annotations and summary only. Errors first when the cap cuts,
  // and reported findings before suppressed ones.
  const hiddenBy = new Map<GateFinding, SuppressedFinding>(suppressed.map((s) => [s.finding, s]));
  const rank = (f: GateFinding): number => (hiddenBy.has(f) ? 2 : 0) + (f.severity === 'error' ? 0 : 1);
  const findings = [...all, ...suppressed.map((s) => s.finding)]
    .filter((f) => f.file !== undefined)
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, MAX_SARIF_RESULTS);
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const rules = codes.map((code) => {
    // Rule text comes from the finding catalogue; a code it lacks still gets a rule, from its first result.
    const definition = getFindingDefinition(code);
    const sample = findings.find((f) => f.code === code);
    const title = definition?.title ?? code;
    const rule: Record<string, unknown> = {
      id: code,
      name: toPascal(code),
      shortDescription: { text: title },
      fullDescription: { text: title },
      defaultConfiguration: { level: definition?.severity ?? sample?.severity ?? 'error' },
      properties: { tags: ['security', 'oidc'] },
    };
    if (definition !== undefined) {
      rule.helpUri = findingPageUrl(code);
      rule.help = ruleHelp(definition);
      // Code scanning ranks security alerts by this number, written as a string.
      if (definition.securitySeverity !== undefined) {
        rule.properties = { tags: ['security', 'oidc'], 'security-severity': definition.securitySeverity.toFixed(1) };
      }
    } else if (sample?.remediation !== undefined) {
      rule.help = { text: sample.remediation, markdown: sample.remediation };
    }
    return rule;
  });
  const results = findings.map((f) => {
    const r: Record<string, unknown> = {
      ruleId: f.code,
      ruleIndex: index.get(f.code),
      level: f.severity === 'error' ? 'error' : 'warning',
      message: { text: f.name !== undefined ? `${f.message} [${f.name}]` : f.message },
      partialFingerprints: { [FINGERPRINT_KEY]: fingerprints.of(f) },
    };
    const hidden = hiddenBy.get(f);
    if (hidden !== undefined) r.suppressions = [sarifSuppression(hidden)];
    if (withBaseline) r.baselineState = hidden?.kind === 'baseline' ? 'unchanged' : 'new';
    r.locations = [{
      physicalLocation: {
        artifactLocation: { uri: relativeUri(f.file as string), uriBaseId: '%SRCROOT%' },
        region: { startLine: f.line ?? 1, startColumn: f.column ?? 1 },
      },
    }];
    return r;
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'oidc-gate',
          version: TOOL_VERSION,
          semanticVersion: TOOL_VERSION,
          informationUri: REPOSITORY_URL,
          rules,
        },
      },
      invocations: [invocation(all)],
      results,
    }],
  };
}

/**
 * Whether the run checked what it was given. A configuration error (no config file matched, a file it
 * could not read, an entry it refused, a broken baseline) means the results are not the repository's
 * findings: executionSuccessful is false and each such error is a notification, with its place when it
 * has one, so whoever reads the log (the reusable workflow before an upload) can tell.
 */
function invocation(all: readonly GateFinding[]): object {
  const problems = all.filter(couldNotCheck);
  if (problems.length === 0) return { executionSuccessful: true };
  const more = problems.length - MAX_SARIF_NOTIFICATIONS;
  return {
    executionSuccessful: false,
    toolExecutionNotifications: [...problems.slice(0, MAX_SARIF_NOTIFICATIONS).map((f) => ({
      level: 'error',
      message: { text: f.name !== undefined ? `${f.code}: ${f.message} [${f.name}]` : `${f.code}: ${f.message}` },
      descriptor: { id: f.code },
      ...(f.file !== undefined ? {
        locations: [{
          physicalLocation: {
            artifactLocation: { uri: relativeUri(f.file), uriBaseId: '%SRCROOT%' },
            region: { startLine: f.line ?? 1, startColumn: f.column ?? 1 },
          },
        }],
      } : {}),
    })), ...(more > 0 ? [{ level: 'error', message: { text: `${more} more configuration ${more === 1 ? 'error' : 'errors'}: see the report.` } }] : [])],
  };
}

/**
 * A repository path as a relative URI reference, as SARIF requires: each segment percent-encoded,
 * so a file named "a b#1.yml" is not cut at "#" (a fragment) or refused for its space.
 */
export function relativeUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

function toPascal(code: string): string {
  return code.toLowerCase().split('_').map((w) => (w[0] ?? '').toUpperCase() + w.slice(1)).join('');
}
