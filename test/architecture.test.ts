/**
 * The layering the ESLint config enforces: faces import the engine only through its public surface,
 * never each other (except the CLI running the gate and starting the service), and the engine knows no
 * face. Linted as text under the paths a real module would have, so the rule itself is under test.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './fixtures/harness.ts';

const eslint = new ESLint({ cwd: ROOT });

async function restricted(file: string, from: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport { x };\n`, { filePath: `${ROOT}/${file}` });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

describe('import boundaries', () => {
  it.each([
    ['src/server/app/app.ts', '../../engine/jws/keys.ts'],
    ['src/server/http/body.ts', '../../engine/schema/responses.ts'],
    ['src/gate/run/run.ts', '../../engine/net/types.ts'],
    ['src/gate/deeper/place.ts', '../../engine/validate/trust-source.ts'],
    ['src/cli/main.ts', '../engine/engine.ts'],
    ['src/action/inputs.ts', '../engine/fingerprint.ts'],
    ['src/main.ts', './engine/operations.ts'],
    ['src/gate/run/run.ts', '../../server/app.ts'],
    ['src/server/app/app.ts', '../../gate/index.ts'],
    ['src/action/summary.ts', '../cli/check/format.ts'],
    ['src/cli/main.ts', '../action/inputs.ts'],
    ['src/engine/validate/validate.ts', '../../gate/run.ts'],
    ['src/engine/engine.ts', '../server/app.ts'],
    ['src/cli/main.ts', '../gate/run/run.ts'],
    ['src/cli/deeper/x.ts', '../../gate/types.ts'],
    ['src/action/summary.ts', '../gate/outputs/sarif.ts'],
    ['src/main.ts', './gate/sections/id-token-source.ts'],
    ['src/cli/start.ts', '../server/app/app.ts'],
    ['src/cli/deeper/x.ts', '../../server/log/log.ts'],
  ])('%s may not import %s', async (file, from) => {
    expect(await restricted(file, from)).toBe(true);
  });

  it.each([
    ['src/server/app/app.ts', '../../engine/index.ts'],
    ['src/gate/run/run.ts', '../../engine/index.ts'],
    ['src/main.ts', './engine/index.ts'],
    ['src/cli/main.ts', '../gate/index.ts'],
    ['src/main.ts', './gate/index.ts'],
    ['src/cli/main.ts', '../server/main.ts'],
    ['src/engine/validate/validate.ts', '../jws/keys.ts'],
    ['src/gate/run/run.ts', './place.ts'],
    ['src/gate/run/run.ts', '../config/config.ts'],
  ])('%s may import %s', async (file, from) => {
    expect(await restricted(file, from)).toBe(false);
  });
});
