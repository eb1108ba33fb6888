/** The committed action bundle, run as the runner runs it, on fixture repositories. */
import { readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundlesPresent, known, runActionBundle, secretStrings, tempParent, visibleLog, workspace,
} from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-action-e2e-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const annotationLines = (stdout: string) => stdout.split('\n').filter((l) => /^::(error|warning|notice)\b/.test(l));
/** An annotation line up to its message: level, title, file, line and column. */
const heads = (stdout: string) => annotationLines(stdout).map((l) => l.slice(0, l.indexOf('::', 2) + 2));

describe.skipIf(!bundlesPresent())('dist/index.js', () => {
  it('passes on the good fixture: outputs, one warning annotation, summary, report and SARIF', () => {
    const dir = workspace('good', parent);
    const r = runActionBundle(dir, { network: 'false', 'sarif-path': 'results.sarif' });
    expect(r.status).toBe(0);
    expect(annotationLines(r.stdout)).toEqual([
      '::warning title=CHECK_SKIPPED,file=.github/oidc-gate/providers.yml,line=6,col=5::jwks_uri was not fetched (offline mode); not run: JWKS_UNREACHABLE, ENDPOINT_CERT_EXPIRING, JWKS_INVALID, JWKS_NONSTANDARD_ENCODING, JWKS_PRIVATE_KEY_EXPOSED, JWKS_KEY_TOO_SMALL, JWKS_KEY_UNSAFE, JWKS_X5C_EXPIRED, JWKS_X5C_EXPIRING, JWKS_X5C_MISMATCH, JWKS_DUPLICATE_KID, JWKS_NO_USABLE_KEY. (lint "fixture-idp")%0AFix: Run again with network access to check the JWKS.%0AMore: https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/CHECK_SKIPPED.md',
    ]);
    expect(r.outputs).toEqual({ valid: 'true', errors: '0', warnings: '1', 'report-path': 'oidc-gate-report.json', 'sarif-path': 'results.sarif', checked: 'true' });
    expect(r.summary).toContain('## ⚠️ oidc-gate: Passed with 1 warning: 2 files, 5 checks.');
    expect(r.summary).toContain('| hmac-other-audience | .github/oidc-gate/samples.yaml:12 | AUDIENCE&lowbar;MISMATCH | invalid: AUDIENCE&lowbar;MISMATCH | 2026-01-01T00:10:00Z | ✅ pass |');
    const report = JSON.parse(readFileSync(path.join(dir, 'oidc-gate-report.json'), 'utf8')) as { api_version: string; valid: boolean; results: { kind: string; passed?: boolean }[] };
    expect(report.api_version).toBe('v0.0.1');
    expect(report.valid).toBe(true);
    expect(report.results.map((x) => [x.kind, x.passed])).toEqual([['lint', undefined], ['validate', true], ['validate', true], ['validate', true], ['validate', true]]);
    const sarif = JSON.parse(readFileSync(path.join(dir, 'results.sarif'), 'utf8')) as { version: string; runs: { results: unknown[] }[] };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]?.results).toHaveLength(1);
    // Masking happens in the bundle: each token read is announced to the runner once.
    const masks = r.stdout.split('\n').filter((l) => l.startsWith('::add-mask::')).map((l) => l.slice('::add-mask::'.length));
    expect(masks.sort()).toEqual([known.secret, ...['valid-hs.jwt', 'other-aud-hs.jwt', 'valid-rs.jwt', 'malformed.jwt'].map((n) => known.tokens[n])].sort());
  });

  it('fails on the bad fixture with the error annotations first, at their lines', () => {
    const dir = workspace('bad', parent);
    const r = runActionBundle(dir, { network: 'false' });
    expect(r.status).toBe(1);
    expect(heads(r.stdout)).toEqual([
      '::error title=INSECURE_URI,file=.github/oidc-gate/provider.yml,line=9,col=9::',
      '::error title=WEAK_ALGORITHM,file=.github/oidc-gate/provider.yml,line=11,col=29::',
      '::error title=TOKEN_EXPIRED,file=.github/oidc-gate/samples.yml,line=2,col=5::',
      '::error title=EXPECTATION_FAILED,file=.github/oidc-gate/samples.yml,line=13,col=5::',
      '::warning title=CHECK_SKIPPED,file=.github/oidc-gate/provider.yml,line=6,col=5::',
      '::error::',
    ]);
    expect(annotationLines(r.stdout).at(-1)).toBe('::error::oidc-gate: Failed: 4 errors and 1 warning in 2 files, 3 checks. (fail-on: error)');
    expect(r.outputs).toMatchObject({ valid: 'false', errors: '4', warnings: '1' });
    expect(r.summary).toContain('| error | [EXPECTATION&lowbar;FAILED](https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/EXPECTATION_FAILED.md) | .github/oidc-gate/samples.yml:13 | valid-but-expected-invalid |');
  });

  it('reports config errors at their lines and still checks the other files', () => {
    const dir = workspace('broken', parent);
    const r = runActionBundle(dir, { network: 'false' });
    expect(r.status).toBe(1);
    expect(heads(r.stdout)).toEqual([
      '::error title=CONFIG_UNKNOWN_KEY,file=.github/oidc-gate/keys.yml,line=5,col=5::',
      '::error title=TOKEN_FILE_MISSING,file=.github/oidc-gate/keys.yml,line=7,col=5::',
      '::error title=CONFIG_UNKNOWN_KEY,file=.github/oidc-gate/keys.yml,line=14,col=7::',
      '::error title=INSECURE_URI,file=.github/oidc-gate/still-checked.yml,line=6,col=5::',
      '::error title=CONFIG_YAML_INVALID,file=.github/oidc-gate/syntax.yml,line=4,col=16::',
      '::warning title=CHECK_SKIPPED,file=.github/oidc-gate/still-checked.yml,line=6,col=5::',
      '::error::',
    ]);
    expect(r.outputs).toMatchObject({ valid: 'false', errors: '5', warnings: '1' });
  });

  it('caps annotations at 10 per level, the failure message among the errors, and adds one notice for the rest', () => {
    const dir = workspace('good', parent);
    const uris = Array.from({ length: 13 }, (_, i) => `      - http://app${i}.example/cb`).join('\n');
    mkdirSync(path.join(dir, 'many'), { recursive: true });
    writeFileSync(path.join(dir, 'many/many.yml'), `providers:\n  - name: many\n    issuer: https://id.example\n    client_id: c\n    audiences: [a]\n    jwks_uri: https://id.example/jwks\n    redirect_uris:\n${uris}\n    alg_policy: { allowed_algs: [RS256] }\n`);
    const r = runActionBundle(dir, { network: 'false', config: 'many/*.yml', 'report-path': 'reports/r.json' });
    const lines = annotationLines(r.stdout);
    expect(lines.filter((l) => l.startsWith('::error title=INSECURE_URI')).map((l) => /line=(\d+)/.exec(l)?.[1])).toEqual(['8', '9', '10', '11', '12', '13', '14', '15', '16']);
    expect(lines.filter((l) => l.startsWith('::error'))).toHaveLength(10);
    expect(lines.filter((l) => l.startsWith('::warning'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('::notice'))).toEqual([
      '::notice title=oidc-gate::4 more errors not shown as annotations (at most 10 per level, the failure message among the errors); see the job summary and the report (reports/r.json) for every finding.',
    ]);
    expect(r.outputs.errors).toBe('13');
    expect(JSON.parse(readFileSync(path.join(dir, 'reports/r.json'), 'utf8')).summary.findings).toHaveLength(14);
  });

  it('fails the step on a bad input', () => {
    const dir = workspace('good', parent);
    const r = runActionBundle(dir, { 'fail-on': 'sometimes' });
    expect(r.status).toBe(1);
    expect(annotationLines(r.stdout)).toEqual(['::error::oidc-gate: Input fail-on must be one of error, warning, never, not "sometimes".']);
  });

  it('never writes a token or secret: not in the log, outputs, summary, report or SARIF', () => {
    for (const repo of ['good', 'bad', 'broken']) {
      const dir = workspace(repo, parent);
      const before = new Set(readdirSync(dir));
      const r = runActionBundle(dir, { network: 'false', 'sarif-path': 'out.sarif' });
      const written = readdirSync(dir).filter((f) => !before.has(f) || f.startsWith('.runner-'));
      expect(written.sort()).toEqual(['.runner-output', '.runner-summary.md', 'oidc-gate-report.json', 'out.sarif']);
      const text = [visibleLog(r.stdout), r.stderr, ...written.map((f) => readFileSync(path.join(dir, f), 'utf8'))].join('\n');
      for (const s of secretStrings()) expect(text, `${repo}: a secret value leaked`).not.toContain(s);
    }
  });
});
