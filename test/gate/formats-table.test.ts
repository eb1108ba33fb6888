/**
 * The output formats table (src/gate/outputs/formats.ts): the report and SARIF as it renders them, and
 * a toy format added from its table entry alone, which the CLI then writes (--toy FILE), prints
 * (--format toy) and documents (check --help), and the action writes through its toy-path input. The
 * table is handed to main() and run() here, as a parameter: nothing is registered globally.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PATTERNS } from '../../src/gate/config/files.ts';
import { checkFormatTable, OUTPUT_FORMATS, type OutputFormat, printName, REPORT_FORMAT, SARIF_FORMAT } from '../../src/gate/index.ts';
import { serializeReport } from '../../src/gate/outputs/report.ts';
import { sarifOf } from '../../src/gate/outputs/outputs.ts';
import { runGate } from '../../src/gate/run/run.ts';
import type { GateRun } from '../../src/gate/types.ts';
import { commandTable } from '../../src/cli/commands.ts';
import { runCli } from '../cli/run-cli.ts';

const calls = vi.hoisted(() => ({ inputs: {} as Record<string, string>, outputs: {} as Record<string, string>, failed: [] as string[] }));

vi.mock('@actions/core', () => {
  const summary = { addRaw: () => summary, write: async () => summary };
  const nothing = () => undefined;
  return {
    getInput: (name: string) => calls.inputs[name] ?? '',
    setOutput: (name: string, value: string) => {
      calls.outputs[name] = value;
    },
    setFailed: (message: string) => calls.failed.push(message),
    setSecret: nothing,
    info: nothing,
    error: nothing,
    warning: nothing,
    notice: nothing,
    summary,
  };
});

const { run } = await import('../../src/main.ts');

/** The whole of a new format: one table entry. */
const TOY: OutputFormat = {
  name: 'toy',
  extension: '.toy',
  description: 'a toy tally of the findings',
  render: (gate: GateRun) => `toy: ${gate.findings.length} findings, ${gate.report.valid ? 'valid' : 'invalid'}\n`,
};
const WITH_TOY = [...OUTPUT_FORMATS, TOY];

const good = path.resolve(import.meta.dirname, '../fixtures/repos/good');
const work = mkdtempSync(path.join(tmpdir(), 'oidc-gate-formats-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function workspace(): string {
  const dir = mkdtempSync(path.join(work, 'ws-'));
  cpSync(good, dir, { recursive: true });
  return dir;
}

describe('the formats table', () => {
  it('holds the report and SARIF, rendered as they always were', async () => {
    expect(OUTPUT_FORMATS.map((f) => [f.name, printName(f), f.extension])).toEqual([['report', 'json', '.json'], ['sarif', 'sarif', '.sarif']]);
    const gate = await runGate({ root: good, patterns: [...DEFAULT_PATTERNS], network: false, env: {} });
    expect(REPORT_FORMAT.render(gate)).toBe(serializeReport(gate.report));
    expect(SARIF_FORMAT.render(gate)).toBe(`${JSON.stringify(sarifOf(gate), null, 2)}\n`);
  });

  it('refuses a table whose names would make clashing options or inputs', () => {
    expect(checkFormatTable(WITH_TOY)).toBe(WITH_TOY);
    expect(() => checkFormatTable([...OUTPUT_FORMATS, { ...TOY, name: 'sarif' }])).toThrow('output format name "sarif" is used twice');
    expect(() => checkFormatTable([...OUTPUT_FORMATS, { ...TOY, printAs: 'json' }])).toThrow('output format name "json" is used twice');
    expect(() => checkFormatTable([{ ...TOY, name: 'Toy Format' }])).toThrow('lowercase words joined by dashes');
    expect(() => checkFormatTable([{ ...TOY, extension: 'toy' }])).toThrow('must be a dot');
  });
});

describe('a toy format, from its table entry alone', () => {
  it('the CLI writes it with --toy FILE and prints it with --format toy, the other files unchanged', async () => {
    const ws = workspace();
    const r = await runCli(['check', '--offline', '--format', 'toy', '--toy', 'out/tally.toy', '--report', 'r.json'], { cwd: ws, formats: WITH_TOY });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('toy: 1 findings, valid\n');
    expect(readFileSync(path.join(ws, 'out/tally.toy'), 'utf8')).toBe(r.stdout);
    const json = await runCli(['check', '--offline', '--format', 'json'], { cwd: ws, formats: WITH_TOY });
    expect(readFileSync(path.join(ws, 'r.json'), 'utf8')).toBe(json.stdout);
  });

  it('check --help and its usage errors name it; the CLI without it does not know --toy', async () => {
    const help = (await runCli(['check', '--help'], { cwd: work, formats: WITH_TOY })).stdout;
    expect(help).toContain('  --format text|json|sarif|toy');
    expect(help).toMatch(/\n {2}--toy FILE +also write a toy tally of the findings to FILE \(\.toy\)\n/);
    expect(help).toMatch(/\n +toy: a toy tally of the findings\n/);
    expect((await runCli(['check', '--format', 'xml'], { cwd: work, formats: WITH_TOY })).stderr).toContain('--format must be one of text, json, sarif, toy, not "xml".');
    expect((await runCli(['check', '--toy'], { cwd: work, formats: WITH_TOY })).stderr).toContain('--toy needs a value: --toy FILE.');
    expect((await runCli(['--toy', 'x'], { cwd: work, formats: WITH_TOY })).stderr).toContain('--toy goes after the command, as in oidc-gate check --toy.');
    const without = await runCli(['check', '--toy', 'x.toy'], { cwd: work });
    expect(without).toEqual({ code: 2, stdout: '', stderr: 'oidc-gate check: unknown option --toy. See oidc-gate check --help.\n' });
  });

  it('a format may not take the name of another check option', () => {
    expect(() => commandTable([{ ...TOY, name: 'lock' }])).toThrow('check has the option --lock twice');
  });

  describe('the action writes it through toy-path', () => {
    beforeEach(() => {
      calls.inputs = { network: 'false', summary: 'false', annotations: 'false' };
      calls.outputs = {};
      calls.failed = [];
    });

    it('writes it where toy-path says, beside the report, and sets the toy-path output', async () => {
      const dir = workspace();
      process.env.GITHUB_WORKSPACE = dir;
      calls.inputs['toy-path'] = 'out/tally.toy';
      await run(WITH_TOY);
      expect(calls.failed).toEqual([]);
      expect(readFileSync(path.join(dir, 'out/tally.toy'), 'utf8')).toBe('toy: 1 findings, valid\n');
      expect(existsSync(path.join(dir, 'oidc-gate-report.json'))).toBe(true);
      expect(calls.outputs).toMatchObject({ 'report-path': 'oidc-gate-report.json', 'sarif-path': '', 'toy-path': 'out/tally.toy' });
    });

    it('writes none when toy-path is empty (it has no default), and refuses a path out of the workspace before any work', async () => {
      const dir = workspace();
      process.env.GITHUB_WORKSPACE = dir;
      await run(WITH_TOY);
      expect(calls.outputs['toy-path']).toBe('');
      calls.inputs['toy-path'] = '../elsewhere.toy';
      await run(WITH_TOY);
      expect(calls.failed).toEqual([expect.stringContaining('toy-path "../elsewhere.toy" resolves outside')]);
      expect(existsSync(path.join(dir, '../elsewhere.toy'))).toBe(false);
    });
  });
});
