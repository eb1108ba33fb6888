/**
 * A page per finding code, `docs/findings/<CODE>.md`, and their index, rendered from the one finding
 * catalogue: what the code means, why it matters, how to fix it, and an example that is run through the
 * gate while the page is built, so the page shows what oidc-gate really reports.
 *
 * `node scripts/docs.ts --write` rewrites the pages (and removes pages of codes that are gone);
 * `--check` exits 1 when a page is missing, stale or left over. A test runs the same check.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findingCatalogue } from '../src/gate/catalogue.ts';
import type { FindingArea, FindingDefinition } from '../src/engine/findings.ts';
import { howToFix, markdownText } from '../src/gate/outputs/sarif.ts';
import type { GateFinding } from '../src/gate/types.ts';
import { EXAMPLE_CONFIG, EXAMPLE_TOKEN, runExample } from './finding-examples.ts';

export const DOCS_DIR = fileURLToPath(new URL('../docs/findings/', import.meta.url));
export const INDEX_PAGE = 'README.md';

const GENERATED = '<!-- Generated from the finding catalogue (src/engine/catalogue.ts) by `node scripts/docs.ts --write`: edit the code\'s definition, not this page. -->';

/** Who reports a code of each area. */
const REPORTED_BY: Record<FindingArea, string> = {
  validate: 'token validation: `POST /v1/validate/jwt`, `oidc-gate validate`, and the sample tokens (`tokens:`) of the action and `oidc-gate check`',
  lint: 'configuration lint: `POST /v1/lint/oidc-config`, `oidc-gate lint`, and the `providers:` entries of the action and `oidc-gate check`',
  discover: 'discovery: `POST /v1/providers/discover`, `oidc-gate discover`, and `providers:` entries with `discover: true`',
  trust: 'trust-policy lint: `POST /v1/lint/trust-policy`, `oidc-gate trust-policy`, and the `trust_policies:` entries of the action and `oidc-gate check`',
  gate: 'the action and `oidc-gate check` themselves, about what they read and compare: config files, suppressions, the baseline and lock files, the job\'s ID token, and whether each sample turned out as expected',
};

/** GitHub code scanning's bands for `security-severity`. */
export function severityBand(score: number): string {
  return score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low';
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function fence(language: string, body: string): string {
  const text = body.endsWith('\n') ? body : `${body}\n`;
  const ticks = text.includes('```') ? '````' : '```';
  return `${ticks}${language}\n${text}${ticks}`;
}

/** A finding as `oidc-gate check` lists it: place, severity, code, message, entry; then its fix. */
function reportLine(f: GateFinding): string {
  const where = f.file !== undefined ? `${f.file}:${f.line ?? 1}:${f.column ?? 1}  ` : '';
  const entry = f.name !== undefined ? ` [${f.kind === 'validate' ? 'sample' : f.kind === 'lint' || f.kind === 'discover' ? 'provider' : f.kind ?? 'entry'} ${f.name}]` : '';
  const lines = [`${where}${f.severity}  ${f.code}  ${f.message}${entry}`];
  if (f.remediation !== undefined) lines.push(`  fix: ${f.remediation}`);
  return lines.join('\n');
}

async function renderExample(d: FindingDefinition): Promise<string[]> {
  const example = d.example;
  if (example === undefined) return [];
  const out = ['## Example', '', markdownText(example.scenario), ''];
  if (example.transcript !== undefined) {
    out.push('What oidc-gate reports:', '', fence('text', example.transcript), '');
    return out;
  }
  if (example.config !== undefined) out.push(`\`${EXAMPLE_CONFIG}\`:`, '', fence('yaml', example.config), '');
  else if (example.links === undefined) out.push('The repository has no config file.', '');
  for (const [link, target] of Object.entries(example.links ?? {})) out.push(`\`${link}\` is a symbolic link to \`${target}\`.`, '');
  for (const [file, text] of Object.entries(example.files ?? {})) out.push(`\`${file}\`:`, '', fence(file.endsWith('.json') ? 'json' : 'text', text.trimEnd()), '');
  if (example.token !== undefined) {
    const signed = example.token.signedByAnotherKey === true ? 'signed by a key other than the issuer\'s' : 'signed by the issuer';
    out.push(`The sample token, \`${path.posix.basename(EXAMPLE_TOKEN)}\` (${signed}), decoded:`, '', fence('json', JSON.stringify({ header: example.token.header, payload: example.token.claims }, null, 2)), '');
  }
  if (example.keysAt !== undefined) out.push(`The issuer serves the public key that signed the token at \`${example.keysAt}\`.`, '');
  for (const [url, document] of Object.entries(example.served ?? {})) {
    out.push(`The provider serves at \`${url}\`:`, '', fence('json', JSON.stringify(document, null, 2)), '');
  }
  if (example.lock !== undefined) out.push(`Checked with the lock file: \`oidc-gate check --lock ${example.lock}\`, or \`lock: ${example.lock}\` in the action.`, '');
  if (example.offline === true) out.push('Checked offline: `oidc-gate check --offline`, or `network: false` in the action.', '');
  const { findings } = await runExample(d);
  out.push('What oidc-gate reports:', '', fence('text', findings.map(reportLine).join('\n')), '');
  return out;
}

export async function renderPage(d: FindingDefinition): Promise<string> {
  const fix = howToFix(d);
  const facts = [
    `**Severity:** ${d.severity}${d.severity === 'error' ? ' (the result is invalid and the gate fails)' : ' (never changes `valid`; fails the gate only with `fail-on: warning`)'}`,
    `**Reported by:** ${[d.area, ...(d.alsoIn ?? [])].map((area) => REPORTED_BY[area]).join('; and by ')}`,
    ...(d.status !== undefined ? [`**Status it fails:** \`${d.status}\``] : []),
    ...(d.securitySeverity !== undefined ? [`**Security severity:** ${d.securitySeverity.toFixed(1)} (${severityBand(d.securitySeverity)}), as GitHub code scanning ranks it`] : []),
  ];
  const lines = [
    GENERATED,
    `# ${d.code}`,
    '',
    markdownText(sentence(d.title)),
    '',
    ...facts.map((f) => `- ${f}`),
    '',
    '## What it means',
    '',
    markdownText(d.docs ?? sentence(d.title)),
    '',
    ...(d.why !== undefined ? ['## Why it matters', '', markdownText(d.why), ''] : []),
    ...(fix !== undefined ? ['## How to fix', '', markdownText(fix), ''] : []),
    ...(await renderExample(d)),
    ...(d.sources !== undefined ? ['## Sources', '', ...d.sources.map((src) => `- [${src.title}](${src.url})`), ''] : []),
    `[Every finding code](${INDEX_PAGE})`,
    '',
  ];
  return lines.join('\n');
}

export function renderIndex(): string {
  const rows = findingCatalogue.map((d) => {
    const score = d.securitySeverity !== undefined ? `${d.securitySeverity.toFixed(1)} ${severityBand(d.securitySeverity)}` : '—';
    return `| [\`${d.code}\`](${d.code}.md) | ${d.area} | ${d.severity} | ${score} | ${markdownText(d.title).replace(/\|/g, '\\|')} |`;
  });
  return [
    GENERATED,
    '# Finding codes',
    '',
    'Every code oidc-gate reports, with a page each: what it means, why it matters, how to fix it, and an example',
    'checked by oidc-gate itself when the page was built. SARIF rules link to these pages (`helpUri`), and GitHub',
    'code scanning ranks alerts by the security severity shown here.',
    '',
    '| Code | Where | Severity | Security severity | Meaning |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Every page by file name: one per code, and the index. */
export async function renderPages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const d of findingCatalogue) pages.set(`${d.code}.md`, await renderPage(d));
  pages.set(INDEX_PAGE, renderIndex());
  return pages;
}

/** The Markdown files in `dir` (none when it does not exist). */
function pagesOnDisk(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.md'));
  } catch {
    return [];
  }
}

/** What differs between the rendered pages and `dir`: missing, stale and left-over pages, one line each. */
export function pageProblems(dir: string, pages: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [name, text] of pages) {
    let committed: string | undefined;
    try {
      committed = readFileSync(path.join(dir, name), 'utf8');
    } catch {
      problems.push(`${name} is missing`);
      continue;
    }
    if (committed !== text) problems.push(`${name} is stale`);
  }
  for (const name of pagesOnDisk(dir)) if (!pages.has(name)) problems.push(`${name} belongs to no finding code`);
  return problems;
}

export function writePages(dir: string, pages: ReadonlyMap<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const name of pagesOnDisk(dir)) if (!pages.has(name)) rmSync(path.join(dir, name));
  for (const [name, text] of pages) writeFileSync(path.join(dir, name), text);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const pages = await renderPages();
  if (process.argv.includes('--write')) {
    writePages(DOCS_DIR, pages);
    console.log(`wrote ${pages.size} pages to ${path.relative(process.cwd(), DOCS_DIR) || DOCS_DIR}`);
  } else {
    const problems = pageProblems(DOCS_DIR, pages);
    if (problems.length > 0) {
      console.error(`docs/findings is not what the finding catalogue renders:\n  ${problems.join('\n  ')}\nRun \`npm run docs\` and commit the result.`);
      process.exit(1);
    }
    console.log('docs/findings is up to date.');
  }
}
