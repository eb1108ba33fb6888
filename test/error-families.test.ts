/**
 * One error family per layer: each layer's errors live in its errors module, extend that layer's base
 * class and carry a stable `code` from the layer's code union, so callers can tell them apart with
 * `instanceof` (on the case or on the family) or by code. Nothing else in src extends Error directly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as action from '../src/action/errors.ts';
import * as cli from '../src/cli/errors.ts';
import * as engine from '../src/engine/errors.ts';
import * as gate from '../src/gate/errors.ts';
import * as server from '../src/server/errors.ts';
import { ROOT } from './fixtures/harness.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('error families', () => {
  it('only the five families\' base classes extend Error, and the parsers\' own control flow that never leaves their folder', () => {
    const direct = sourceFiles(path.join(ROOT, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/class (\w+) extends (?:\w+\.)?Error\b/g)].map((m) => `${path.relative(ROOT, file)}: ${m[1] as string}`));
    expect(direct.sort()).toEqual([
      'src/action/errors.ts: ActionError',
      'src/cli/errors.ts: CliError',
      'src/engine/errors.ts: EngineError',
      // Parsers that stop at the first problem and turn it into a result (a refusal, an unsupported part)
      // before returning: none of these reaches a caller outside its folder.
      'src/engine/trust/gcp/cel-lexer.ts: CelSyntaxError',
      'src/engine/trust/gcp/cel-logic.ts: TooMany',
      'src/engine/trust/gcp/cel-parser.ts: TooDeep',
      'src/engine/trust/gcp/re2-parse.ts: Unsupported',
      'src/gate/config/yaml.ts: Stop',
      'src/gate/errors.ts: GateError',
      'src/gate/sections/trust-sources/cloudformation.ts: Refusal',
      'src/server/errors.ts: ServerError',
    ]);
  });

  const gateFinding = { code: 'CONFIG_INVALID', severity: 'error' as const, message: 'x' };
  it.each([
    ['engine', engine.EngineError, new engine.MalformedTokenError('m'), 'MALFORMED_TOKEN', 'MalformedTokenError'],
    ['engine', engine.EngineError, new engine.RequestInvalidError([{ pointer: '/a', message: 'm' }]), 'REQUEST_INVALID', 'RequestInvalidError'],
    ['engine', engine.EngineError, new engine.OutboundAllowError('m'), 'OUTBOUND_ALLOW_INVALID', 'OutboundAllowError'],
    ['engine', engine.EngineError, new engine.IssuerProfileError('s', []), 'ISSUER_PROFILES_INVALID', 'IssuerProfileError'],
    ['engine', engine.EngineError, new engine.TargetRefusedError('m'), 'TARGET_REFUSED', 'TargetRefusedError'],
    ['cli', cli.CliError, new cli.UsageError('m'), 'USAGE', 'UsageError'],
    ['cli', cli.CliError, new cli.ConfigProblems([gateFinding]), 'CONFIG_PROBLEMS', 'ConfigProblems'],
    ['cli', cli.CliError, new cli.DiscoveryRefused([]), 'DISCOVERY_REFUSED', 'DiscoveryRefused'],
    ['gate', gate.GateError, new gate.OutputPathError('m'), 'OUTPUT_NOT_WRITTEN', 'OutputPathError'],
    ['action', action.ActionError, new action.InputError('m'), 'INPUT_INVALID', 'InputError'],
    ['server', server.ServerError, new server.StartupError('m'), 'STARTUP_FAILED', 'StartupError'],
  ] as const)('%s: %s', (_layer, base, error, code, name) => {
    expect(error).toBeInstanceOf(base);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.name).toBe(name);
  });

  it('messages are as they were before the families', () => {
    expect(new engine.RequestInvalidError([{ pointer: '', message: 'a' }, { pointer: '/b', message: 'c' }]).message).toBe('/: a; /b: c');
    expect(new engine.IssuerProfileError('ISSUER_PROFILES_JSON', [{ profile: 'p', pointer: '/issuer', message: 'is required' }, { profile: '', pointer: '', message: 'x' }]).message)
      .toBe('ISSUER_PROFILES_JSON: profile p: /issuer is required; / x');
    expect(new cli.ConfigProblems([gateFinding, gateFinding]).message).toBe('2 problems in the config file');
    expect(new cli.ConfigProblems([gateFinding]).message).toBe('1 problem in the config file');
    expect(new cli.DiscoveryRefused([]).message).toBe('the discovery document fails its checks');
    expect(new cli.UsageError('m', { command: 'init', showHelp: false })).toMatchObject({ message: 'm', command: 'init', showHelp: false });
  });
});
