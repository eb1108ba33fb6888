/**
 * An independent corpus of AWS IAM role trust policies for GitHub Actions OIDC tokens, each built from a
 * public source (research or primary documentation) that it cites. Every file states what AWS does with the
 * policy: the verdict the checker must reach (§17) and, per case, whether AWS lets that claim set in.
 *
 * A file is { source: { title, url }, why, request, verdict }, where verdict is either
 * { valid, codes, absent } (codes must all appear among the findings, none of absent may) or { status }
 * for a request the endpoint must refuse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { lintTrustPolicy } from '../../src/engine/trust/lint.ts';

interface CorpusCase {
  name: string;
  claims: Record<string, unknown>;
  expect: 'allow' | 'deny';
}

interface FindingsVerdict {
  valid: boolean;
  codes: string[];
  absent: string[];
}

interface RefusalVerdict {
  status: number;
}

interface CorpusEntry {
  source: { title: string; url: string };
  why: string;
  request: Record<string, unknown> & { cases?: CorpusCase[] };
  verdict: FindingsVerdict | RefusalVerdict;
}

const DIR = fileURLToPath(new URL('./corpus/', import.meta.url));
/** The AWS documents at the top; each other format's in a folder named for it (gcp/, azure/, vault/, other-issuers/). */
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
const FORMAT_DIRS = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const FILES_OF = (dir: string): string[] => readdirSync(join(DIR, dir)).filter((f) => f.endsWith('.json')).sort().map((f) => `${dir}/${f}`);

function load(file: string): CorpusEntry {
  return JSON.parse(readFileSync(join(DIR, file), 'utf8')) as CorpusEntry;
}

function isRefusal(verdict: CorpusEntry['verdict']): verdict is RefusalVerdict {
  return 'status' in verdict;
}

/** The HTTP status an engine error maps to: its own `status`, or the one its code stands for (REQUEST_INVALID is 422). */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status === 'number') return status;
  if (code === 'REQUEST_INVALID') return 422;
  if (code === 'MALFORMED_TOKEN') return 400;
  return undefined;
}

async function lint(request: CorpusEntry['request']): Promise<Awaited<ReturnType<typeof lintTrustPolicy>>> {
  return lintTrustPolicy(structuredClone(request), createEngineContext());
}

/** Every file cites a public source (a title and an https URL), says why, and holds a request. */
function expectCited(files: readonly string[]): void {
  for (const file of files) {
    const entry = load(file);
    expect(entry.source.title, file).toMatch(/\S/);
    expect(entry.source.url, file).toMatch(/^https:\/\/\S+$/);
    expect(entry.why, file).toMatch(/\S/);
    expect(entry.request, file).toBeTypeOf('object');
  }
}

describe('trust-policy corpus (test/trust/corpus)', () => {
  it('holds at least 45 policies, each citing a public source and saying why', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(45);
    expectCited(FILES);
  });

  for (const dir of FORMAT_DIRS) {
    it(`${dir}/ holds at least 15 documents, each citing a public source and saying why`, () => {
      const files = FILES_OF(dir);
      expect(files.length).toBeGreaterThanOrEqual(15);
      expectCited(files);
    });
  }

  for (const file of [...FILES, ...FORMAT_DIRS.flatMap(FILES_OF)]) {
    it(file, async () => {
      const entry = load(file);
      const { verdict } = entry;

      if (isRefusal(verdict)) {
        let thrown: unknown;
        let answered: unknown;
        try {
          answered = await lint(entry.request);
        } catch (error) {
          thrown = error;
        }
        expect(thrown, `expected a ${verdict.status} refusal, got ${JSON.stringify(answered)?.slice(0, 300)}`).toBeDefined();
        expect(statusOf(thrown), String(thrown)).toBe(verdict.status);
        return;
      }

      const response = await lint(entry.request);
      const codes = response.findings.map((f) => f.code);
      const problems: string[] = [];
      if (response.valid !== verdict.valid) problems.push(`valid: expected ${verdict.valid}, got ${response.valid}`);
      for (const code of verdict.codes) {
        if (!codes.includes(code)) problems.push(`missing ${code}`);
      }
      for (const code of verdict.absent) {
        if (codes.includes(code)) problems.push(`unexpected ${code}`);
      }
      const cases = entry.request.cases ?? [];
      cases.forEach((c, i) => {
        const outcome = response.metadata.cases[i]?.outcome;
        if (outcome !== c.expect) problems.push(`case "${c.name}": the system ${c.expect === 'allow' ? 'allows' : 'denies'} it, checker says ${String(outcome)}`);
      });
      expect(problems, `findings: ${JSON.stringify(codes)}`).toEqual([]);
    });
  }
});
