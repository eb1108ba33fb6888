/**
 * Checks in workflow `run:` steps must be able to fail the step. GitHub runs them with `bash -e`,
 * which ignores a failure of any command in an && list but the last: `test a && test b` passes the
 * step when `a` is false. Each assertion goes on its own line, or `[ … ] || { echo …; exit 1; }`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const WORKFLOWS = path.resolve(import.meta.dirname, '../.github/workflows');

/** A test command: `test …`, `[ … ]` or `[[ … ]]`, possibly negated. */
const TEST_COMMAND = /^(?:!\s+)?(?:test|\[|\[\[)(?:\s|$)/;
/** Conditions of if/while/until: there && is logic, and bash -e does not apply to it anyway. */
const CONDITION = /^(?:if|elif|while|until)\s/;

/**
 * Lines of a script where a test command is followed by &&, so its failure cannot fail the step.
 * Continuation lines (ending in a backslash) are joined first, as bash reads them.
 */
function unfailableTests(script: string): string[] {
  const lines = script.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  return lines.filter((line) => {
    const code = line.trim();
    if (code.startsWith('#') || CONDITION.test(code)) return false;
    // Split on && and || (not inside quotes: good enough for workflow one-liners), keeping the operators.
    const parts = code.split(/(&&|\|\|)/).map((p) => p.trim());
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const command = (parts[i] as string).replace(/^[({]\s*/, '');
      if (parts[i + 1] === '&&' && TEST_COMMAND.test(command)) return true;
    }
    return false;
  });
}

interface Step { run?: unknown; name?: unknown }
interface Workflow { jobs?: Record<string, { steps?: Step[] }> }

function runSteps(file: string): { where: string; script: string }[] {
  const doc = parse(readFileSync(path.join(WORKFLOWS, file), 'utf8')) as Workflow;
  const out: { where: string; script: string }[] = [];
  for (const [job, spec] of Object.entries(doc.jobs ?? {})) {
    (spec.steps ?? []).forEach((step, i) => {
      if (typeof step.run === 'string') out.push({ where: `${file} › ${job} › ${typeof step.name === 'string' ? step.name : `step ${i + 1}`}`, script: step.run });
    });
  }
  return out;
}

describe('workflow run: steps', () => {
  const files = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));

  it('finds the workflows and their run: steps', () => {
    expect(files).toContain('ci.yml');
    expect(files.flatMap(runSteps).length).toBeGreaterThan(0);
  });

  it.each(files)('%s: no test command is followed by && (bash -e would ignore its failure)', (file) => {
    const offending = runSteps(file).flatMap(({ where, script }) => unfailableTests(script).map((line) => `${where}: ${line.trim()}`));
    expect(offending).toEqual([]);
  });
});

describe('unfailableTests', () => {
  it.each([
    'test "$A" = true && test "$B" = 0',
    'test -s a.json && test -s b.sarif && test -s c.json',
    '[ "$A" = true ] && [ "$B" -gt 0 ]',
    '[[ -n "$A" ]] && echo ok',
    '! test -e x && echo absent',
    '  test -s a.json && \\\n  test -s b.json',
  ])('flags %j', (line) => {
    expect(unfailableTests(line)).toHaveLength(1);
  });

  it.each([
    'test "$A" = true',
    '[ "$A" = true ] || { echo "::error::A is not true"; exit 1; }',
    'test -s a.json || exit 1',
    'npm ci && npm test',
    'if [ -n "$A" ] && [ -n "$B" ]; then echo both; fi',
    '# test a && test b',
    'echo "test a && test b is wrong"',
  ])('accepts %j', (line) => {
    expect(unfailableTests(line)).toEqual([]);
  });
});
