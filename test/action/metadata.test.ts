/** action.yml as the Marketplace and the runner read it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pathInput, pathOutputDescription } from '../../src/action/inputs.ts';
import { OUTPUT_FORMATS } from '../../src/gate/index.ts';
import { ROOT } from '../fixtures/harness.ts';

interface Declared { description: string; required?: boolean; default?: string }
const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as {
  description: string;
  inputs: Record<string, Declared>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};

describe('action.yml', () => {
  it('has a description the Marketplace accepts (under 125 characters)', () => {
    expect(action.description.length).toBeGreaterThan(20);
    expect(action.description.length).toBeLessThan(125);
  });

  it("declares exactly the formats table's <name>-path inputs and outputs, as the action reads and sets them", () => {
    const paths = (names: string[]) => names.filter((name) => name.endsWith('-path'));
    expect(paths(Object.keys(action.inputs))).toEqual(OUTPUT_FORMATS.map((f) => `${f.name}-path`));
    expect(paths(Object.keys(action.outputs))).toEqual(OUTPUT_FORMATS.map((f) => `${f.name}-path`));
    for (const format of OUTPUT_FORMATS) {
      const input = pathInput(format);
      expect(action.inputs[input.name], input.name).toEqual({ description: input.description, required: false, default: input.default });
      expect(action.outputs[input.name], input.name).toEqual({ description: pathOutputDescription(format) });
    }
  });

  it('runs the committed bundle on Node 24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });
});
