/**
 * The baseline's promise as a property (§18): for generated config files and edits to them, a baseline
 * recorded before the edit hides a finding after it only when the finding's code, file, entry, field
 * and offending value are all unchanged; and, since list items are recorded by value, every finding
 * whose five are unchanged stays hidden, wherever its item moved. The oracle reads the YAML with the
 * yaml package on its own, so it shares nothing with the fingerprint it checks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isBaselineCandidate, renderBaseline } from '../../src/gate/suppress/baseline.ts';
import { runGate } from '../../src/gate/run/run.ts';
import type { GateFinding } from '../../src/gate/types.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-baseline-property-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const NAMES = ['web', 'api', 'cli', 'ops'];
const URIS = ['https://app.example/cb', 'http://localhost:8080/cb', 'http://localhost:9090/cb', 'https://*.acme.example/cb', 'https://*', 'http://app.example/cb', 'https://127.0.0.1/cb'];
const ALGS = ['RS256', 'ES256', 'HS256', 'HS512', 'none'];
const JWKS = ['https://idp.example/keys', 'http://idp.example/keys'];

interface Provider {
  name: string;
  uris: string[];
  algs: string[];
  jwks: string;
}
interface Config {
  file: string;
  providers: Provider[];
}

const provider = (name: string): fc.Arbitrary<Provider> => fc.record({
  name: fc.constant(name),
  uris: fc.array(fc.constantFrom(...URIS), { maxLength: 4 }),
  algs: fc.array(fc.constantFrom(...ALGS), { minLength: 1, maxLength: 3 }),
  jwks: fc.constantFrom(...JWKS),
});

const config: fc.Arbitrary<Config> = fc.shuffledSubarray(NAMES, { minLength: 1, maxLength: 3 })
  .chain((names) => fc.tuple(...names.map(provider)))
  .map((providers) => ({ file: 'a.yml', providers }));

type Edit =
  | { kind: 'insertUri' | 'setUri'; p: number; at: number; value: string }
  | { kind: 'insertAlg' | 'setAlg'; p: number; at: number; value: string }
  | { kind: 'removeUri' | 'reverseUris' | 'reverseAlgs'; p: number; at: number }
  | { kind: 'rename'; p: number; name: string }
  | { kind: 'setJwks'; p: number; value: string }
  | { kind: 'reverseProviders' | 'moveFile' };

const index = fc.nat({ max: 9 });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constantFrom('insertUri' as const, 'setUri' as const), p: index, at: index, value: fc.constantFrom(...URIS) }),
  fc.record({ kind: fc.constantFrom('insertAlg' as const, 'setAlg' as const), p: index, at: index, value: fc.constantFrom(...ALGS) }),
  fc.record({ kind: fc.constantFrom('removeUri' as const, 'reverseUris' as const, 'reverseAlgs' as const), p: index, at: index }),
  fc.record({ kind: fc.constant('rename' as const), p: index, name: fc.constantFrom(...NAMES, 'web2') }),
  fc.record({ kind: fc.constant('setJwks' as const), p: index, value: fc.constantFrom(...JWKS) }),
  fc.record({ kind: fc.constantFrom('reverseProviders' as const, 'moveFile' as const) }),
);

function applyEdit(c: Config, e: Edit): Config {
  const next: Config = { file: c.file, providers: c.providers.map((p) => ({ ...p, uris: [...p.uris], algs: [...p.algs] })) };
  if (!('p' in e)) {
    if (e.kind === 'reverseProviders') next.providers.reverse();
    else next.file = next.file === 'a.yml' ? 'b.yml' : 'a.yml';
  } else {
    const p = next.providers[e.p % next.providers.length] as Provider;
    const at = (list: unknown[], extra = 0): number => ('at' in e ? e.at % (list.length + extra) : 0);
    switch (e.kind) {
      case 'insertUri': p.uris.splice(at(p.uris, 1), 0, e.value); break;
      case 'setUri': if (p.uris.length > 0) p.uris[at(p.uris)] = e.value; break;
      case 'removeUri': if (p.uris.length > 0) p.uris.splice(at(p.uris), 1); break;
      case 'reverseUris': p.uris.reverse(); break;
      case 'insertAlg': p.algs.splice(at(p.algs, 1), 0, e.value); break;
      case 'setAlg': p.algs[at(p.algs)] = e.value; break;
      case 'reverseAlgs': p.algs.reverse(); break;
      case 'rename': p.name = e.name; break;
      case 'setJwks': p.jwks = e.value; break;
    }
  }
  return next;
}

function render(c: Config): string {
  const lines = ['providers:'];
  for (const p of c.providers) {
    lines.push(`  - name: ${p.name}`, '    issuer: https://idp.example', '    client_id: app', '    audiences: [api://app]', `    jwks_uri: ${p.jwks}`);
    lines.push(p.uris.length > 0 ? '    redirect_uris:' : '    redirect_uris: []', ...p.uris.map((u) => `      - "${u}"`));
    lines.push('    alg_policy:', '      allowed_algs:', ...p.algs.map((a) => `        - ${a}`));
  }
  return `${lines.join('\n')}\n`;
}

/** JSON with members sorted: the oracle's own canonical form. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What the baseline must bind, read straight from the YAML: code, file, entry name, the field inside the
 * entry with each list position as "*" (an item is named by its value), and the value at the field.
 */
function oracleKey(f: GateFinding, texts: ReadonlyMap<string, string>): string {
  const data = parse(texts.get(f.file as string) as string) as unknown;
  const segments = (f.pointer ?? '').split('/').slice(1);
  let current: unknown = data;
  const shape: string[] = [];
  segments.forEach((s, i) => {
    const inList = Array.isArray(current);
    current = inList ? (current as unknown[])[Number(s)] : (current as Record<string, unknown> | undefined)?.[s];
    // The entry's own position is named by the entry name; a list position inside it by the item's value.
    if (i >= 2) shape.push(inList ? '*' : s);
  });
  return JSON.stringify([f.code, f.file, f.name, shape.join('/'), canonical(current)]);
}

let runs = 0;
async function gate(c: Config, baselineFile?: string) {
  const root = path.join(tmp, `run-${runs++}`);
  mkdirSync(path.join(root, '.git'), { recursive: true });
  const text = render(c);
  writeFileSync(path.join(root, c.file), text);
  if (baselineFile !== undefined) writeFileSync(path.join(root, 'baseline.json'), baselineFile);
  const run = await runGate({ root, patterns: [c.file], network: false, env: {}, ...(baselineFile !== undefined ? { baselineFile: 'baseline.json' } : {}) });
  return { run, texts: new Map([[c.file, text]]) };
}

describe('a baseline recorded before an edit', () => {
  it('hides a finding after it only when code, file, entry, field and offending value are unchanged, and then always', async () => {
    const seen = { hidden: 0, reported: 0 };
    await fc.assert(fc.asyncProperty(config, fc.array(edit, { minLength: 1, maxLength: 3 }), async (before, edits) => {
      const after = edits.reduce(applyEdit, before);
      const recorded = await gate(before);
      const recordedKeys = new Set(recorded.run.findings.filter(isBaselineCandidate).map((f) => oracleKey(f, recorded.texts)));
      const { text } = renderBaseline(recorded.run.findings, recorded.run.fingerprints);
      const checked = await gate(after, text);
      expect(checked.run.findings.filter((f) => f.file === 'baseline.json')).toEqual([]);
      for (const s of checked.run.suppressed) {
        expect(s.kind).toBe('baseline');
        expect(recordedKeys.has(oracleKey(s.finding, checked.texts)), `hidden: ${oracleKey(s.finding, checked.texts)}`).toBe(true);
        seen.hidden++;
      }
      for (const f of checked.run.findings.filter(isBaselineCandidate)) {
        expect(recordedKeys.has(oracleKey(f, checked.texts)), `reported although recorded: ${oracleKey(f, checked.texts)}`).toBe(false);
        seen.reported++;
      }
    }), { numRuns: 150 });
    // Not vacuous: the edits left findings hidden and made new ones.
    expect(seen.hidden).toBeGreaterThan(50);
    expect(seen.reported).toBeGreaterThan(50);
  });
});
