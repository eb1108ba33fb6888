/** action.yml as the Marketplace and the runner read it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../fixtures/harness.ts';

const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { description: string; runs: { using: string; main: string } };

describe('action.yml', () => {
  it('has a description the Marketplace accepts (under 125 characters)', () => {
    expect(action.description.length).toBeGreaterThan(20);
    expect(action.description.length).toBeLessThan(125);
  });

  it('runs the committed bundle on Node 24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });
});
